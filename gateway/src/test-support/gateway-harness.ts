import { createInProcessBus, type Bus } from '@ams/bus';
import { upstreamServices } from '@ams/contracts';
import type { Pool } from '@ams/db';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '@ams/db/testing';
import type { ServiceApp } from '@ams/service-kit';
import { buildGateway, type GatewayDependencies } from '../app.ts';
import { GATEWAY_SCHEMA, gatewayMigrations } from '../migrations.ts';
import { startEchoUpstream, type EchoUpstream } from './echo-upstream.ts';
import { IdentityPublisher } from './identity-fixtures.ts';
import { afterAll, beforeAll } from 'vitest';

export const testSecrets = {
  internal: 'gateway-test-internal-secret-0123456789abcdef',
  jwt: 'gateway-test-jwt-secret-0123456789abcdef-0123',
} as const;

/** One isolated database, migrated like production, shared by the gateways of a test file. */
export type GatewayDatabase = MigratedTestDatabase;

export function createGatewayDatabase(): Promise<GatewayDatabase> {
  return createMigratedTestDatabase(GATEWAY_SCHEMA, gatewayMigrations);
}

export interface GatewayUnderTest {
  app: ServiceApp;
  bus: Bus;
  upstream: EchoUpstream;
  identity: IdentityPublisher;
  close(): Promise<void>;
}

/** A gateway on its own in-process bus, in front of one echoing upstream that stands in for every service. */
export async function startGateway(pool: Pool, overrides: Partial<Omit<GatewayDependencies, 'pool' | 'bus' | 'secrets'>> = {}): Promise<GatewayUnderTest> {
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

/** A gateway on its own database for the test file: started before its tests (handed over), closed after them. */
export function startedGateway(onStarted: (gateway: GatewayUnderTest, database: GatewayDatabase) => void): void {
  let database: GatewayDatabase | undefined;
  let gateway: GatewayUnderTest | undefined;
  beforeAll(async () => {
    database = await createGatewayDatabase();
    gateway = await startGateway(database.pool);
    onStarted(gateway, database);
  });
  afterAll(async () => {
    await gateway?.close();
    await database?.dispose();
  });
}
