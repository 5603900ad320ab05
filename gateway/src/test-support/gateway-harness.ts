import { createInProcessBus, type Bus } from '@ams/bus';
import { upstreamServices } from '@ams/contracts';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import type { ServiceApp } from '@ams/service-kit';
import { buildGateway, type GatewayDependencies } from '../app.ts';
import { GATEWAY_SCHEMA, gatewayMigrations } from '../migrations.ts';
import { startEchoUpstream, type EchoUpstream } from './echo-upstream.ts';
import { IdentityPublisher } from './identity-fixtures.ts';

export const testSecrets = {
  internal: 'gateway-test-internal-secret-0123456789abcdef',
  jwt: 'gateway-test-jwt-secret-0123456789abcdef-0123',
} as const;

/** One isolated database, migrated like production, shared by the gateways of a test file. */
export interface GatewayDatabase {
  pool: Pool;
  dispose(): Promise<void>;
}

export async function createGatewayDatabase(): Promise<GatewayDatabase> {
  const database: TestDatabase = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: GATEWAY_SCHEMA, sources: gatewayMigrations });
  const pool = createPool({ connectionString: database.url, schema: GATEWAY_SCHEMA });
  return {
    pool,
    async dispose() {
      await pool.end();
      await database.dispose();
    },
  };
}

export interface GatewayUnderTest {
  app: ServiceApp;
  bus: Bus;
  upstream: EchoUpstream;
  identity: IdentityPublisher;
  close(): Promise<void>;
}

/** A gateway on its own in-process bus, in front of one echoing upstream that stands in for every service. */
export async function startGateway(
  pool: Pool,
  overrides: Partial<Omit<GatewayDependencies, 'pool' | 'bus' | 'secrets'>> = {},
): Promise<GatewayUnderTest> {
  const bus = createInProcessBus();
  const upstream = await startEchoUpstream(testSecrets.internal);
  const app = await buildGateway({
    pool,
    bus,
    upstreams: Object.fromEntries(upstreamServices.map((service) => [service, upstream.url])),
    secrets: testSecrets,
    logLevel: 'silent',
    loginRateLimit: { max: 1_000, timeWindowMs: 60_000 },
    ...overrides,
  });
  await app.ready();
  return {
    app,
    bus,
    upstream,
    identity: new IdentityPublisher(bus),
    async close() {
      await app.close();
      await bus.close();
      await upstream.close();
    },
  };
}
