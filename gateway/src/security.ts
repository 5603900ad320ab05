import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import cookie from '@fastify/cookie';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

export function rateLimitOf(limit: RateLimit): RateLimitOptions {
  return { max: limit.max, timeWindow: limit.timeWindowMs };
}

/**
 * Content-Security-Policy for the Vite-built SPA served from this origin. Inline styles stay allowed
 * for the UI library's runtime styles; scripts, frames and plugins do not. No upgrade-insecure-requests:
 * the embedded mode is reached over plain HTTP on a LAN (kiosks), where it would break every asset.
 */
const contentSecurityPolicy: HelmetOptions['contentSecurityPolicy'] = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  },
};

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * Helmet's headers for our options, computed once. They do not vary per request (no CSP nonces), and
 * @fastify/helmet rebuilds the whole helmet middleware on every request: about a tenth of the gateway's
 * CPU time in bench/gateway.ts.
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, () => {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/** Security headers and the general per-address rate limit, for every route. */
export async function registerSecurity(app: FastifyInstance, generalLimit: RateLimit): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // Cookies are parsed by readToken, only on requests without an Authorization header.
  await app.register(cookie, { hook: false });
  await app.register(rateLimit, {
    ...rateLimitOf(generalLimit),
    // Orchestrators poll the probes; they must never be refused.
    allowList: (request) => request.routeOptions.config.probe === true,
    // The counters are shown only once exceeded (with Retry-After), not on every answer.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
}
