import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '@ams/bus';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import { buildGateway } from './app.ts';
import { GATEWAY_SCHEMA, gatewayMigrations } from './migrations.ts';

let database: TestDatabase;
let pool: Pool;
const upstreams: Server[] = [];

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
  for (const server of upstreams) server.close();
  await pool?.end();
  await database?.dispose();
});

describe('gateway health', () => {
  it('answers 200 with every part up and the same installation id on every start', async () => {
    const bus = createInProcessBus();
    const first = await buildGateway({ pool, bus, upstreams: { people: await upstream(200) }, logLevel: 'silent' });
    const response = await first.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'ok', parts: { database: 'up', bus: 'up', people: 'up' } });

    const second = await buildGateway({ pool, bus, upstreams: {}, logLevel: 'silent' });
    expect((await second.inject({ method: 'GET', url: '/health' })).json().installation).toEqual(body.installation);
  });

  it('answers 503 and names the part that is down', async () => {
    const bus = createInProcessBus();
    const gateway = await buildGateway({
      pool,
      bus,
      upstreams: { people: await upstream(200), leave: await upstream(503), reporting: 'http://127.0.0.1:1' },
      logLevel: 'silent',
    });
    await bus.close();
    const response = await gateway.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      parts: { database: 'up', bus: 'down', people: 'up', leave: 'down', reporting: 'down' },
    });
  });
});
