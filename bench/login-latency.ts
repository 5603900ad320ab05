/**
 * Latency of POST /api/user/login through the gateway to the real identity service: argon2id
 * verification (OWASP parameters), the throttle bookkeeping, the audit event and the token.
 * Used by bench/gateway.ts; runs in-process on embedded PGlite or a throw-away database on DATABASE_URL.
 * Baseline, same run: bare argon2id verifications of the same password at the same cost (the identity service's
 * own verifyPassword), as many at once as the sign-in connections, for as long.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { createInProcessBus } from '@ams/bus';
import { createPool, migrate } from '@ams/db';
import { createTestDatabase } from '@ams/db/testing';
import { hashPassword, verifyPassword } from '@ams/credentials';
import { buildGateway, GATEWAY_SCHEMA, gatewayMigrations } from '@ams/gateway';
import { buildIdentity, IDENTITY_SCHEMA, identityMigrations } from '@ams/identity';
import { printComparison } from './baseline.ts';

export interface LoginLatency {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  connections: number;
  /** The baseline: bare verifications at the same concurrency. */
  argon2: { perSecond: number; p50: number; p99: number };
}

const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench-pass-123';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

/** `connections` loops of one argon2id verification each after the other, for `seconds`. */
async function bareVerifications(seconds: number, connections: number): Promise<LoginLatency['argon2']> {
  const passwordHash = await hashPassword(PASSWORD);
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        if (!(await verifyPassword(passwordHash, PASSWORD))) throw new Error('the bench password did not verify');
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { perSecond: times.length / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The sign-in figures beside the bare verifications'. */
export function printLoginLatency(login: LoginLatency): void {
  console.log(
    `POST /api/user/login through the gateway to identity (argon2id), ${login.connections} connections: ` +
      `${login.requestsPerSecond.toFixed(0)} sign-ins/s   p50 ${login.p50} ms   p99 ${login.p99} ms`,
  );
  const bare = `bare argon2id verify, ${login.connections} at once`;
  printComparison({
    figure: 'sign-ins/s',
    value: login.requestsPerSecond,
    baseline: bare,
    baselineValue: login.argon2.perSecond,
    unit: '/s',
    better: 'higher',
  });
  printComparison({ figure: 'sign-in p50', value: login.p50, baseline: bare, baselineValue: login.argon2.p50, unit: 'ms', better: 'lower' });
}

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
    const argon2 = await bareVerifications(options.seconds, options.connections);
    return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, connections: options.connections, argon2 };
  } finally {
    await gateway.close();
    await identity.close();
    await bus.close();
    await gatewayPool.end();
    await identityPool.end();
    await Promise.all([gatewayDatabase.dispose(), identityDatabase.dispose()]);
  }
}
