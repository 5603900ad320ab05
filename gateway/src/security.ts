import cookie from '@fastify/cookie';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { securityHeaders } from './security-headers.ts';

export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

/** Sign-in and sign-up per client address: slows password guessing across accounts. */
export const DEFAULT_LOGIN_RATE_LIMIT: RateLimit = { max: 20, timeWindowMs: 60_000 };
/** Every request per client address: generous, an office behind one address must not notice it. */
export const DEFAULT_GENERAL_RATE_LIMIT: RateLimit = { max: 3_000, timeWindowMs: 60_000 };
/** The routes that take a password from someone not yet signed in. */
export const LOGIN_ROUTES = ['POST /api/user/login', 'POST /api/sign-up'] as const;
/**
 * Kiosk identification per client address: a face costs ~200 ms of CPU and a PIN an argon2 check, so a
 * flood must not starve the service; a kiosk at a shift change identifies a few people a minute.
 */
export const DEFAULT_CLOCK_IDENTIFY_RATE_LIMIT: RateLimit = { max: 120, timeWindowMs: 60_000 };
export const CLOCK_IDENTIFY_ROUTES = ['POST /api/clock/identify/face', 'POST /api/clock/identify/pin'] as const;

export function rateLimitOf(limit: RateLimit): RateLimitOptions {
  return { max: limit.max, timeWindow: limit.timeWindowMs };
}

/** Security headers and the general per-address rate limit, for every route. */
export async function registerSecurity(app: FastifyInstance, generalLimit: RateLimit): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? headers.api : headers.spa);
    done();
  });
  // Cookies are parsed by readToken, only on requests without an Authorization header.
  await app.register(cookie, { hook: false });
  await app.register(rateLimit, {
    ...rateLimitOf(generalLimit),
    // The counters are shown only once exceeded (with Retry-After), not on every answer.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
}
