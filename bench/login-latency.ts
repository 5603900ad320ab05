/**
 * Latency of POST /api/user/login through the gateway to the real identity service: argon2id
 * verification (OWASP parameters), the throttle bookkeeping, the audit event and the token.
 * Used by bench/gateway.ts; runs in-process on embedded PGlite or a throw-away database on DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { createInProcessBus } from '@ams/bus';
import { createPool, migrate } from '@ams/db';
import { createTestDatabase } from '@ams/db/testing';
import { buildGateway, GATEWAY_SCHEMA, gatewayMigrations } from '@ams/gateway';
import { buildIdentity, IDENTITY_SCHEMA, identityMigrations } from '@ams/identity';

export interface LoginLatency {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  connections: number;
}

const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench-pass-123';

export async function measureLoginLatency(options: { seconds: number; connections: number }): Promise<LoginLatency> {
  // A fresh database per app on the server at DATABASE_URL, else an embedded PGlite each: one PGlite session shared
  // by two apps as the same user would share its search path too (the product gives each app its own role).
  const gatewayDatabase = await createTestDatabase();
  const identityDatabase = await createTestDatabase();
  const secrets = { internal: randomBytes(32).toString('hex'), jwt: randomBytes(32).toString('hex') };
  await migrate({ connectionString: gatewayDatabase.url, schema: GATEWAY_SCHEMA, sources: gatewayMigrations });
  await migrate({ connectionString: identityDatabase.url, schema: IDENTITY_SCHEMA, sources: identityMigrations });
  const gatewayPool = createPool({ connectionString: gatewayDatabase.url, schema: GATEWAY_SCHEMA });
  const identityPool = createPool({ connectionString: identityDatabase.url, schema: IDENTITY_SCHEMA });
  const bus = createInProcessBus();
  const upstreams: { identity?: string } = {};
  // The edge limit would stop a load test after 20 sign-ins a minute: it is raised for the run.
  const gateway = await buildGateway({
    pool: gatewayPool,
    bus,
    upstreams,
    secrets,
    logLevel: 'silent',
    loginRateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
  });
  const identity = await buildIdentity({
    pool: identityPool,
    bus,
    secrets,
    firstAdmin: { email: EMAIL, password: PASSWORD },
    announceGeneratedPassword: () => undefined,
    logLevel: 'silent',
  });
  try {
    upstreams.identity = await identity.listen({ port: 0, host: '127.0.0.1' });
    const url = await gateway.listen({ port: 0, host: '127.0.0.1' });
    const run = (seconds: number) =>
      autocannon({
        url: `${url}/api/user/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
        connections: options.connections,
        duration: seconds,
      });
    await run(1);
    const result = await run(options.seconds);
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`login: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, connections: options.connections };
  } finally {
    await gateway.close();
    await identity.close();
    await bus.close();
    await gatewayPool.end();
    await identityPool.end();
    await Promise.all([gatewayDatabase.dispose(), identityDatabase.dispose()]);
  }
}
