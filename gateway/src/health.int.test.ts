import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus, type Bus } from '@ams/bus';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import type { ServiceApp } from '@ams/service-kit';
import { buildGateway, type GatewayDependencies } from './app.ts';
import { GATEWAY_SCHEMA, gatewayMigrations } from './migrations.ts';

let database: TestDatabase;
let pool: Pool;
const upstreams: Server[] = [];
const gateways: ServiceApp[] = [];
const secrets = { internal: 'health-test-internal-secret-0123456789', jwt: 'health-test-jwt-secret-0123456789abcdef' };

async function gateway(bus: Bus, upstreamUrls: GatewayDependencies['upstreams']): Promise<ServiceApp> {
  const app = await buildGateway({ pool, bus, upstreams: upstreamUrls, secrets, logLevel: 'silent' });
  gateways.push(app);
  return app;
}

/** A stand-in service whose /ready answers with the given status. */
async function upstream(status: number): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(status).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  upstreams.push(server);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: GATEWAY_SCHEMA, sources: gatewayMigrations });
  pool = createPool({ connectionString: database.url, schema: GATEWAY_SCHEMA });
});

afterAll(async () => {
  for (const app of gateways) await app.close();
  for (const server of upstreams) server.close();
  await pool?.end();
  await database?.dispose();
});

describe('gateway health', () => {
  it('answers 200 with every part up and the same installation id on every start', async () => {
    const bus = createInProcessBus();
    const first = await gateway(bus, { people: await upstream(200) });
    const response = await first.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'ok', parts: { database: 'up', bus: 'up', people: 'up' } });

    const second = await gateway(bus, {});
    expect((await second.inject({ method: 'GET', url: '/health' })).json().installation).toEqual(body.installation);
  });

  it('answers 200 "degraded" and names the parts that are down while the gateway itself can serve', async () => {
    const bus = createInProcessBus();
    const app = await gateway(bus, { people: await upstream(200), leave: await upstream(503), reporting: 'http://127.0.0.1:1' });
    await bus.close();
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      parts: { database: 'up', bus: 'down', people: 'up', leave: 'down', reporting: 'down' },
    });
  });

  it('answers 503 when its own database is down (it cannot serve)', async () => {
    const ownPool = createPool({ connectionString: database.url, schema: GATEWAY_SCHEMA });
    const app = await buildGateway({ pool: ownPool, bus: createInProcessBus(), upstreams: {}, secrets, logLevel: 'silent' });
    gateways.push(app);
    await ownPool.end();
    for (const path of ['/health', '/ready']) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', parts: { database: 'down' } });
    }
  });
});
