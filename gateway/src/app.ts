import { startOutboxRelay, type Bus } from '@ams/bus';
import { systemClock, type Clock } from '@ams/contracts';
import { isReachable, type Pool } from '@ams/db';
import { buildService, type ServiceApp } from '@ams/service-kit';
import type { Polling } from '@ams/worker';
import { recordDenial } from './audit/record-denial.ts';
import { createAuthState } from './auth/auth-state.ts';
import { linkedAccountsOf } from './auth/linked-accounts.ts';
import { subscribeToIdentity } from './auth/identity-projection.ts';
import { createTokenVerifier, tokenKeyOf } from './auth/verify-token.ts';
import { registerCompression } from './compression.ts';
import { registerHealth, upstreamChecks } from './health.ts';
import { loadInstallation } from './installation.ts';
import { clientKeyOf, createKnownKiosks, DEFAULT_KIOSK_IDENTIFY_RATE_LIMIT, kioskIdentifyLimit, registerKioskLearning } from './kiosk-limits.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { registerApiProxy } from './proxy/api-proxy.ts';
import { createPrincipalSigner } from './proxy/principal-signer.ts';
import { createUpstreamPool, type UpstreamAddresses } from './proxy/upstream-pool.ts';
import { registerSpa } from './spa/serve-spa.ts';
import {
  DEFAULT_GENERAL_RATE_LIMIT,
  DEFAULT_LOGIN_RATE_LIMIT,
  LOGIN_ROUTES,
  CLOCK_IDENTIFY_ROUTES,
  DEFAULT_CLOCK_IDENTIFY_RATE_LIMIT,
  rateLimitOf,
  registerSecurity,
  type RateLimit,
} from './security.ts';

export interface GatewaySecrets {
  /** Signs the principal header the services verify. */
  internal: string;
  /** Verifies the access tokens identity signs (HS256). */
  jwt: string;
}

export interface GatewayDependencies {
  pool: Pool;
  bus: Bus;
  /**
   * Service name → base URL, or the URLs of its replicas; a service without one answers 503. Read on
   * every request, so a launcher may fill it in as its services start listening.
   */
  upstreams: UpstreamAddresses;
  secrets: GatewaySecrets;
  logLevel?: string;
  /** Behind one reverse proxy: the client address is the last one it added to X-Forwarded-For. */
  trustProxy?: boolean;
  /** Sign-in and sign-up per client address, against floods (default 600 a minute). */
  loginRateLimit?: RateLimit;
  /** Kiosk identification per client address and route (face, PIN), for clients without a registered kiosk, against floods (default 300 a minute). */
  clockIdentifyRateLimit?: RateLimit;
  /** Kiosk identification per registered kiosk and route (default 60 a minute). */
  kioskIdentifyRateLimit?: RateLimit;
  /** Every request per client address (default 3000 a minute). */
  generalRateLimit?: RateLimit;
  /** How long a replica trusts a cached session before rereading the projection (default 5 s). */
  authCacheTtlMs?: number;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** The built SPA (frontend/dist) to serve; without it the gateway serves the API only. */
  spaDir?: string;
  /** The gateway's clock: token expiry, revocations, audit times (default: the system clock). */
  now?: Clock;
  /** Whether other replicas write this service's database (default), or this process alone: then its loops wait for wakes. */
  polling?: Polling;
}

const MIN_SECRET_LENGTH = 32;
const BODY_LIMIT = 1_048_576;
/** A client gets this long to send its request (slow-loris defence). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Spec §9: the front end waits 60 s; the gateway waits as long for a service. */
const UPSTREAM_TIMEOUT_MS = 60_000;

function assertSecrets(secrets: GatewaySecrets): void {
  for (const [name, secret] of Object.entries(secrets)) {
    if (secret.length < MIN_SECRET_LENGTH) throw new Error(`The ${name} secret must be at least ${MIN_SECRET_LENGTH} characters`);
  }
}

/**
 * The single public entry: verifies tokens against its projection of identity's events, applies each
 * route's access rule from the one route table, proxies to the owning service with a signed principal.
 * Builds the app, never listens (server.ts and the launcher do).
 */
export async function buildGateway(deps: GatewayDependencies): Promise<ServiceApp> {
  assertSecrets(deps.secrets);
  const bodyLimit = deps.bodyLimit ?? BODY_LIMIT;
  const app = buildService({
    name: 'gateway',
    logLevel: deps.logLevel,
    gatewaySecret: false,
    standardProbes: false,
    bodyLimit,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    trustProxy: deps.trustProxy ?? false,
  });
  const installation = await loadInstallation(deps.pool);

  const clock = deps.now ?? systemClock;
  const state = createAuthState(deps.pool, { ttlMs: deps.authCacheTtlMs, clock });
  const subscription = await subscribeToIdentity(deps.bus, deps.pool, state, clock);
  const relay = startOutboxRelay({
    pool: deps.pool,
    bus: deps.bus,
    polling: deps.polling,
    // Woken after each enqueue; the poll only catches what a crash left behind.
    pollIntervalMs: 1_000,
    onError: (error) => app.log.warn({ err: error }, 'outbox relay failed'),
  });
  const upstreams = createUpstreamPool({
    addresses: deps.upstreams,
    onChange: ({ service, url, up, reason }) =>
      up ? app.log.info({ service, url }, 'upstream replica is back') : app.log.warn({ service, url, reason }, 'upstream replica is down'),
  });
  app.addHook('onClose', async () => {
    upstreams.close();
    await subscription.stop();
    await relay.stop();
  });

  await registerCompression(app);
  const kiosks = createKnownKiosks(clock);
  await registerSecurity(app, deps.generalRateLimit ?? DEFAULT_GENERAL_RATE_LIMIT, clientKeyOf(kiosks));
  registerHealth(app, { database: () => isReachable(deps.pool) }, () => ({ bus: () => deps.bus.isReady(), ...upstreamChecks(deps.upstreams) }), installation);

  const openApi = buildOpenApiDocument();
  app.get('/api/openapi.json', async () => openApi);

  const loginLimit = rateLimitOf(deps.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT);
  registerKioskLearning(app, kiosks);
  const identifyLimit = kioskIdentifyLimit(
    kiosks,
    deps.clockIdentifyRateLimit ?? DEFAULT_CLOCK_IDENTIFY_RATE_LIMIT,
    deps.kioskIdentifyRateLimit ?? DEFAULT_KIOSK_IDENTIFY_RATE_LIMIT,
  );
  await registerApiProxy(app, {
    upstreams,
    signPrincipal: createPrincipalSigner(deps.secrets.internal),
    bodyLimit,
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    routeRateLimits: new Map([
      ...LOGIN_ROUTES.map((route) => [route, loginLimit] as const),
      ...CLOCK_IDENTIFY_ROUTES.map((route) => [route, identifyLimit] as const),
    ]),
    guard: {
      state,
      verifyToken: createTokenVerifier(tokenKeyOf(deps.secrets.jwt), { clock }),
      onDenied: (request, denial) => recordDenial(deps.pool, request, denial, clock(), () => relay.wake()),
      linkedAccountsOf: (caller, employeeId) => linkedAccountsOf(deps.pool, caller, employeeId),
    },
  });
  await registerSpa(app, deps.spaDir);
  return app;
}
