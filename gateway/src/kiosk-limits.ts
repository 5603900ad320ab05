import { createHash } from 'node:crypto';
import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { KIOSK_DEVICE_ANSWER_HEADER, KIOSK_REFUSED, KIOSK_TOKEN_HEADER, type Clock } from '@ams/contracts';
import type { RateLimit } from './security.ts';

/**
 * Kiosk identification per registered kiosk, face, PIN and card each, and its offline replay: 60 a minute.
 * A queue at a shift change moves at about one person every 2 s per kiosk (30 a minute: a PIN person is one
 * identify call, a face person one burst); twice that lets a kiosk catch up after a pause, or retry a face
 * before its PIN, without a 429. Guessing is not this limit's to stop: a person is locked after 5 wrong PINs.
 */
export const DEFAULT_KIOSK_IDENTIFY_RATE_LIMIT: RateLimit = { max: 60, timeWindowMs: 60_000 };

/**
 * The launchers' setting of the per-kiosk limit: a site whose kiosks serve faster than a person every 2 s (or a
 * capacity bench) raises it; unset keeps DEFAULT_KIOSK_IDENTIFY_RATE_LIMIT.
 */
export const kioskLimitSettings = {
  KIOSK_IDENTIFY_PER_MINUTE: z.coerce.number().int().min(1).default(DEFAULT_KIOSK_IDENTIFY_RATE_LIMIT.max),
};

/** The per-kiosk identification limit a launcher's `kioskLimitSettings` ask for. */
export const kioskIdentifyRateLimitOf = (config: { KIOSK_IDENTIFY_PER_MINUTE: number }): RateLimit => ({
  max: config.KIOSK_IDENTIFY_PER_MINUTE,
  timeWindowMs: DEFAULT_KIOSK_IDENTIFY_RATE_LIMIT.timeWindowMs,
});

/** Registered kiosks the gateway remembers: an installation's kiosks, with room to spare. */
const KNOWN_KIOSKS_MAX = 10_000;
/** A kiosk not heard of for this long is forgotten (counted per address until attendance names it again). */
const KNOWN_KIOSK_TTL_MS = 10 * 60_000;

/** The prefix of a per-kiosk rate-limit key; an address never starts with it. */
const KIOSK_KEY = 'kiosk:';

/**
 * The registered kiosks this gateway has seen attendance accept, by the hash of their token. Only attendance
 * knows tokens: the gateway trusts one only once an answer to it named its kiosk, so a made-up token (a fresh
 * bucket per request, were it trusted) is counted per address. Learnt per replica, like the limits.
 */
export interface KnownKiosks {
  /** The kiosk whose token the request carries, if attendance accepted it lately. */
  deviceOf(request: Pick<FastifyRequest, 'headers'>): string | undefined;
  /** What attendance's answer said of the request's token: its kiosk, or KIOSK_REFUSED (unknown or revoked). */
  learn(request: Pick<FastifyRequest, 'headers'>, answer: string): void;
}

const tokenKeyOf = (request: Pick<FastifyRequest, 'headers'>): string | undefined => {
  const token = request.headers[KIOSK_TOKEN_HEADER];
  // Hashed: the gateway keeps no usable token in memory.
  return typeof token === 'string' && token !== '' ? createHash('sha256').update(token).digest('base64url') : undefined;
};

export function createKnownKiosks(clock: Clock, options: { max?: number; ttlMs?: number } = {}): KnownKiosks {
  const kiosks = new LRUCache<string, string>({
    max: options.max ?? KNOWN_KIOSKS_MAX,
    ttl: options.ttlMs ?? KNOWN_KIOSK_TTL_MS,
    perf: { now: () => clock().getTime() },
    // Every expiry check reads the clock: by default the cache reuses the time it read within the last ms.
    ttlResolution: 0,
  });
  return {
    deviceOf(request) {
      const key = tokenKeyOf(request);
      return key === undefined ? undefined : kiosks.get(key);
    },
    learn(request, answer) {
      const key = tokenKeyOf(request);
      if (key === undefined) return;
      if (answer === KIOSK_REFUSED) kiosks.delete(key);
      else kiosks.set(key, answer);
    },
  };
}

/**
 * Learns the kiosks from attendance's answers and removes the internal header from every answer, so a
 * client never sees it. Registered before the routes, so it runs for all of them.
 */
export function registerKioskLearning(app: FastifyInstance, kiosks: KnownKiosks): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const answer = reply.getHeader(KIOSK_DEVICE_ANSWER_HEADER);
    if (answer !== undefined) {
      reply.removeHeader(KIOSK_DEVICE_ANSWER_HEADER);
      if (typeof answer === 'string') kiosks.learn(request, answer);
    }
    done(null, payload);
  });
}

/** The rate-limit key of a request: its registered kiosk, if the gateway knows it, else its client address. */
export function clientKeyOf(kiosks: KnownKiosks): (request: FastifyRequest) => string {
  return (request) => {
    const deviceId = kiosks.deviceOf(request);
    return deviceId === undefined ? normalizeIP(request.ip) : `${KIOSK_KEY}${deviceId}`;
  };
}

/**
 * The identification routes' limit: per kiosk for a registered kiosk the gateway knows (the kiosks of an
 * office behind one NAT each get their own), per client address for everyone else, as before.
 */
export function kioskIdentifyLimit(kiosks: KnownKiosks, perAddress: RateLimit, perKiosk: RateLimit): RateLimitOptions {
  const isKiosk = (key: string) => key.startsWith(KIOSK_KEY);
  return {
    keyGenerator: clientKeyOf(kiosks),
    max: (_request, key) => (isKiosk(key) ? perKiosk.max : perAddress.max),
    timeWindow: (_request, key) => (isKiosk(key) ? perKiosk.timeWindowMs : perAddress.timeWindowMs),
  };
}
