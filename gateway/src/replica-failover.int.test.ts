import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamServices } from '@ams/contracts';
import { startEchoUpstream, type EchoUpstream } from './test-support/echo-upstream.ts';
import { createGatewayDatabase, startGateway, testSecrets, type GatewayDatabase, type GatewayUnderTest } from './test-support/gateway-harness.ts';

let database: GatewayDatabase;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  database = await createGatewayDatabase();
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await database?.dispose();
});

async function echo(): Promise<EchoUpstream> {
  const upstream = await startEchoUpstream(testSecrets.internal);
  cleanups.push(() => upstream.close());
  return upstream;
}

/** A replica that accepts connections and drops each one as soon as a request arrives (killed mid-request). */
async function droppingReplica(): Promise<string> {
  const server: Server = createServer((socket) => socket.once('data', () => socket.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** A gateway whose every service has the given replicas. */
async function gatewayOver(replicas: string[]): Promise<GatewayUnderTest> {
  const gateway = await startGateway(database.pool, { upstreams: Object.fromEntries(upstreamServices.map((service) => [service, replicas])) });
  cleanups.push(() => gateway.close());
  return gateway;
}

const signIn = (gateway: GatewayUnderTest) => gateway.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'a@b.co', password: 'p' } });
const punch = (gateway: GatewayUnderTest, commandId: string) =>
  gateway.app.inject({ method: 'POST', url: '/api/clock/punch', payload: { ticket: 't', action: 'check-in', commandId } });

describe('a service with several replicas', () => {
  it('spreads requests over the replicas that are up', async () => {
    const [first, second] = [await echo(), await echo()];
    const gateway = await gatewayOver([first.url, second.url]);
    for (let i = 0; i < 6; i += 1) expect((await gateway.app.inject({ method: 'GET', url: '/api/sign-up' })).statusCode).toBe(200);
    expect(first.seen).toHaveLength(3);
    expect(second.seen).toHaveLength(3);
  });

  it('sends a request a stopped replica refused to another one, whatever its method, and skips the stopped one after', async () => {
    const [stopped, alive] = [await echo(), await echo()];
    await stopped.close();
    const gateway = await gatewayOver([stopped.url, alive.url]);
    for (let i = 0; i < 4; i += 1) expect((await signIn(gateway)).statusCode).toBe(200);
    expect(alive.seen.map((request) => request.url)).toEqual(Array(4).fill('/api/user/login'));
  });

  it('resends a punch (idempotent by its command id) that a replica dropped mid-request, and the answer is the healthy replica’s', async () => {
    const alive = await echo();
    const gateway = await gatewayOver([await droppingReplica(), alive.url]);
    const commandId = randomUUID();
    const response = await punch(gateway, commandId);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.json<{ body: string }>().body)).toMatchObject({ commandId });
    expect(alive.seen).toHaveLength(1);
  });

  it('does not resend a sign-in a replica dropped mid-request (it may have acted): 503 problem+json', async () => {
    const alive = await echo();
    const gateway = await gatewayOver([await droppingReplica(), alive.url]);
    const response = await signIn(gateway);
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(alive.seen).toHaveLength(0);
    // The dropping replica is now skipped: the next sign-in goes to the healthy one.
    expect((await signIn(gateway)).statusCode).toBe(200);
    expect(alive.seen).toHaveLength(1);
  });

  it('takes a replica back once it answers again', async () => {
    const [restarting, alive] = [await echo(), await echo()];
    const port = new URL(restarting.url).port;
    await restarting.close();
    const gateway = await gatewayOver([restarting.url, alive.url]);
    expect((await signIn(gateway)).statusCode).toBe(200);
    const back = await startEchoUpstreamOn(Number(port));
    await expect
      .poll(
        async () => {
          await gateway.app.inject({ method: 'GET', url: '/api/sign-up' });
          return back.seen.length;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThan(0);
  });

  it('answers 503 when every replica is gone', async () => {
    const [first, second] = [await echo(), await echo()];
    await first.close();
    await second.close();
    const gateway = await gatewayOver([first.url, second.url]);
    expect((await punch(gateway, randomUUID())).statusCode).toBe(503);
  });

  it('reports a service up in /health while one of its replicas is, and a lost bus as degraded without failing the probe', async () => {
    const [stopped, alive] = [await echo(), await echo()];
    await stopped.close();
    const gateway = await gatewayOver([stopped.url, alive.url]);
    const healthy = await gateway.app.inject({ method: 'GET', url: '/health' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toMatchObject({ status: 'ok', parts: { database: 'up', bus: 'up', attendance: 'up' } });
    await gateway.bus.close();
    const degraded = await gateway.app.inject({ method: 'GET', url: '/health' });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toMatchObject({ status: 'degraded', parts: { database: 'up', bus: 'down', attendance: 'up' } });
  });
});

/** An echo service on a given port (a replica restarted where it was). */
async function startEchoUpstreamOn(port: number): Promise<EchoUpstream> {
  const upstream = await startEchoUpstream(testSecrets.internal, port);
  cleanups.push(() => upstream.close());
  return upstream;
}
