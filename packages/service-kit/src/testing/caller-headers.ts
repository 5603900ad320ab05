import type { Principal } from '@ams/contracts';
import type { InjectOptions } from 'fastify';
import type { ServiceApp } from '../build-service.ts';
import { pathOf, signPrincipal, verifyPrincipal, type SignedRoute } from '../principal-header.ts';

/** The internal secret every service harness builds its app with, so `asCaller` signs for any of them. */
export const TEST_INTERNAL_SECRET = 'internal-secret-for-service-tests-0123456789';

/** What `asCaller` signs for when the test gives no route: only a harness's inject turns it into a real one. */
const ANY_ROUTE: SignedRoute = { method: 'TEST', path: '/as-caller' };

/**
 * Headers the gateway would add for this caller, coming from `ip`, for the request `route`. Without a route they
 * are good only through a harness's `app.inject` (or `call`), which signs each request for its own method and path.
 */
export function asCaller(principal: Principal, ip = '198.51.100.7', route: SignedRoute = ANY_ROUTE): Record<string, string> {
  return signPrincipal(principal, TEST_INTERNAL_SECRET, { route, client: { ip, userAgent: 'vitest' } });
}

/** `asCaller` headers made without a route, signed again for this request, as the gateway signs each one. */
function signedForRequest(options: InjectOptions): InjectOptions {
  const { headers } = options;
  const url = options.url ?? options.path;
  if (!headers || typeof url !== 'string') return options;
  const caller = verifyPrincipal({ method: ANY_ROUTE.method, url: ANY_ROUTE.path, headers: headers as Record<string, string> }, TEST_INTERNAL_SECRET);
  // Anything else (none, forged, another route's) goes as it is.
  if (!caller) return options;
  const route = { method: options.method ?? 'GET', path: pathOf(url) };
  return { ...options, headers: { ...headers, ...signPrincipal(caller.principal, TEST_INTERNAL_SECRET, { route, client: caller.client }) } };
}

/** Makes `app.inject` sign `asCaller` headers for the request they go with, as the gateway would. */
export function signInjectedRequests(app: ServiceApp): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  app.inject = ((...args: unknown[]) => {
    const [options, ...rest] = args;
    return inject(options !== null && typeof options === 'object' ? signedForRequest(options as InjectOptions) : options, ...rest);
  }) as ServiceApp['inject'];
}
