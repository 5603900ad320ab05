import cookie from '@fastify/cookie';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { securityHeaders, securityHeadersFor } from './security-headers.ts';

export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

/*
 * Sign-in, sign-up and kiosk identification are limited per client address only against floods; guessing
 * is the services' to stop, by failures: identity locks an account, attendance an employee, with growing
 * delays, and both slow an address's wrong passwords or PINs without ever holding back a right one (see the
 * README's "Throttling"). We chose a flood-sized limit over a gateway limit that counts failures (the
 * upstream's 401s) because the gateway can only refuse a request before it knows its outcome: once an
 * address had used up its failures, the gateway would refuse the right password or PIN of everyone behind
 * that address, so one person behind an office's NAT could lock the whole office out with a few dozen wrong
 * guesses. A flood limit needs a flood for that, and the services' counters, unlike this in-memory one,
 * are shared by every replica.
 */

/**
 * Sign-in and sign-up per client address: 600 a minute (10 a second) is three times what 200 people
 * behind one NAT need at 9:00, typing mistakes included; above that is a flood, each request costing an
 * argon2 check (~50 ms of CPU).
 */
export const DEFAULT_LOGIN_RATE_LIMIT: RateLimit = { max: 600, timeWindowMs: 60_000 };
/** Every request per client address: generous, an office behind one address must not notice it. */
export const DEFAULT_GENERAL_RATE_LIMIT: RateLimit = { max: 3_000, timeWindowMs: 60_000 };
/** The routes that take a password from someone not yet signed in. */
export const LOGIN_ROUTES = ['POST /api/user/login', 'POST /api/sign-up'] as const;
/**
 * Kiosk identification per client address, face, PIN and card each, and the offline queue's replay, for
 * clients that are not a registered kiosk the gateway knows (those are limited per kiosk: kiosk-limits.ts):
 * 300 a minute lets the unregistered kiosks of a site behind one address identify 200 people in the minute
 * of a shift change, with room to spare; above that is a flood, and a face costs ~200 ms of CPU, a PIN an argon2 check. A
 * replayed offline punch is an identification too (and a refused one is stored for the admins), so a flood
 * of items is held to the same rate; a kiosk whose replay is refused keeps the item and retries later.
 */
export const DEFAULT_CLOCK_IDENTIFY_RATE_LIMIT: RateLimit = { max: 300, timeWindowMs: 60_000 };
export const CLOCK_IDENTIFY_ROUTES = [
  'POST /api/clock/identify/face',
  'POST /api/clock/identify/pin',
  'POST /api/clock/identify/card',
  'POST /api/clock/offline-punches',
] as const;

export function rateLimitOf(limit: RateLimit): RateLimitOptions {
  return { max: limit.max, timeWindow: limit.timeWindowMs };
}

/**
 * Security headers and the general rate limit, for every route: per client address, or per registered kiosk for a
 * kiosk the gateway knows (`keyOf`), so the kiosks of an office behind one address do not share one budget.
 */
export async function registerSecurity(app: FastifyInstance, generalLimit: RateLimit, keyOf: (request: FastifyRequest) => string): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(securityHeadersFor(headers, request.url));
    done();
  });
  // Cookies are parsed by readToken, only on requests without an Authorization header.
  await app.register(cookie, { hook: false });
  await app.register(rateLimit, {
    ...rateLimitOf(generalLimit),
    keyGenerator: keyOf,
    // The counters are shown only once exceeded (with Retry-After), not on every answer.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
}
