import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLOCK_IDENTIFY_RATE_LIMIT, DEFAULT_LOGIN_RATE_LIMIT } from './security.ts';
import { createGatewayDatabase, startGateway, testSecrets, type GatewayDatabase, type GatewayUnderTest } from './test-support/gateway-harness.ts';
import { signToken } from './test-support/identity-fixtures.ts';

let database: GatewayDatabase;
const started: GatewayUnderTest[] = [];

beforeAll(async () => {
  database = await createGatewayDatabase();
});

afterAll(async () => {
  for (const gateway of started) await gateway.close();
  await database?.dispose();
});

async function gatewayWith(overrides: Parameters<typeof startGateway>[1]): Promise<GatewayUnderTest> {
  const gateway = await startGateway(database.pool, overrides);
  started.push(gateway);
  return gateway;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no address');
  return address.port;
}

describe('a service that is down', () => {
  it('answers 503 problem+json with the generic message and no internals', async () => {
    const port = await closedPort();
    const gateway = await gatewayWith({ upstreams: { identity: `http://127.0.0.1:${port}` } });
    const response = await gateway.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'a@b.co', password: 'p' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 503, code: 'unavailable', message: 'Something went wrong!' });
    expect(response.body).not.toContain(String(port));
    expect(response.body).not.toContain('ECONNREFUSED');
  });

  it('answers 503 for a service that has no address yet, and proxies once it has one', async () => {
    const upstreams: { identity?: string } = {};
    const gateway = await gatewayWith({ upstreams });
    expect((await gateway.app.inject({ method: 'GET', url: '/api/sign-up' })).statusCode).toBe(503);
    upstreams.identity = gateway.upstream.url;
    expect((await gateway.app.inject({ method: 'GET', url: '/api/sign-up' })).statusCode).toBe(200);
  });

  it('still refuses an anonymous caller with 401 rather than revealing the outage', async () => {
    const gateway = await gatewayWith({ upstreams: {} });
    expect((await gateway.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });
});

describe('rate limits per client address', () => {
  it('answers 429 problem+json once an address exceeds the sign-in limit, without reaching identity', async () => {
    const gateway = await gatewayWith({ loginRateLimit: { max: 3, timeWindowMs: 60_000 } });
    const login = (remoteAddress: string) =>
      gateway.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress, payload: { email: 'a@b.co', password: 'wrong' } });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login('10.0.0.7')).statusCode).toBe(200);
    const seenBefore = gateway.upstream.seen.length;
    const limited = await login('10.0.0.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(gateway.upstream.seen.length).toBe(seenBefore);
    // Another address is not affected.
    expect((await login('10.0.0.8')).statusCode).toBe(200);
  });

  it('by default lets 200 different users sign in from one office address within a minute, and stops only a flood', async () => {
    const gateway = await gatewayWith({ loginRateLimit: DEFAULT_LOGIN_RATE_LIMIT });
    const login = (i: number) =>
      gateway.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.0.3.1',
        payload: { email: `office.${i}@example.com`, password: 'Office-pass-1' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1) statuses.push((await login(i)).statusCode);
    expect(statuses).toEqual(Array<number>(200).fill(200));
    expect(new Set(gateway.upstream.seen.slice(-200).map((seen) => JSON.parse(seen.body).email)).size).toBe(200);
    for (let i = 200; i < DEFAULT_LOGIN_RATE_LIMIT.max; i += 1) await login(i);
    expect((await login(DEFAULT_LOGIN_RATE_LIMIT.max)).statusCode).toBe(429);
  });

  it('by default lets the kiosks behind one address identify 200 people a minute, by face and by PIN, and stops only a flood', async () => {
    const gateway = await gatewayWith({});
    const identify = (kind: 'face' | 'pin', i: number) =>
      kind === 'pin'
        ? gateway.app.inject({
            method: 'POST',
            url: '/api/clock/identify/pin',
            remoteAddress: '10.0.3.2',
            payload: { identifier: `person.${i}@example.com`, pin: '482915' },
          })
        : gateway.app.inject({
            method: 'POST',
            url: '/api/clock/identify/face',
            remoteAddress: '10.0.3.2',
            headers: { 'content-type': 'image/jpeg' },
            payload: Buffer.from(`frame ${i}`),
          });
    for (const kind of ['pin', 'face'] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < 200; i += 1) statuses.push((await identify(kind, i)).statusCode);
      expect(statuses, kind).toEqual(Array<number>(200).fill(200));
    }
    for (let i = 200; i < DEFAULT_CLOCK_IDENTIFY_RATE_LIMIT.max; i += 1) await identify('pin', i);
    expect((await identify('pin', DEFAULT_CLOCK_IDENTIFY_RATE_LIMIT.max)).statusCode).toBe(429);
  });

  it('limits kiosk identification per address and route, by face and by PIN alike, but not the punches', async () => {
    const gateway = await gatewayWith({ clockIdentifyRateLimit: { max: 2, timeWindowMs: 60_000 } });
    const identify = (kind: 'face' | 'pin') =>
      gateway.app.inject({ method: 'POST', url: `/api/clock/identify/${kind}`, remoteAddress: '10.0.1.1', payload: { identifier: 'x', pin: '1' } });
    for (const kind of ['pin', 'face'] as const) {
      expect((await identify(kind)).statusCode).toBe(200);
      expect((await identify(kind)).statusCode).toBe(200);
      expect((await identify(kind)).statusCode).toBe(429);
    }
    const punch = await gateway.app.inject({ method: 'POST', url: '/api/clock/punch', remoteAddress: '10.0.1.1', payload: { ticket: 't' } });
    expect(punch.statusCode).toBe(200);
  });

  it('limits a kiosk’s offline punch replay per address like identification, so a flood of items is refused before attendance', async () => {
    const gateway = await gatewayWith({ clockIdentifyRateLimit: { max: 2, timeWindowMs: 60_000 } });
    const replay = (remoteAddress: string) =>
      gateway.app.inject({ method: 'POST', url: '/api/clock/offline-punches', remoteAddress, payload: { commandId: crypto.randomUUID() } });
    expect((await replay('10.0.1.2')).statusCode).toBe(200);
    expect((await replay('10.0.1.2')).statusCode).toBe(200);
    const seenBefore = gateway.upstream.seen.length;
    const limited = await replay('10.0.1.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(gateway.upstream.seen.length).toBe(seenBefore);
    expect((await replay('10.0.1.3')).statusCode).toBe(200);
  });

  it('takes a photo over 1 MiB on the upload route only', async () => {
    const gateway = await gatewayWith({});
    const user = await gateway.identity.createUser({ accountType: 'SuperAdmin' });
    const photo = Buffer.alloc(2 * 1024 * 1024, 1);
    const upload = await gateway.app.inject({
      method: 'PUT',
      url: `/api/employees/${crypto.randomUUID()}/image`,
      headers: { authorization: `Bearer ${signToken(user, { secret: testSecrets.jwt })}`, 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(upload.statusCode).toBe(200);
    expect(gateway.upstream.seen.at(-1)?.body.length).toBe(photo.length);
    const elsewhere = await gateway.app.inject({ method: 'POST', url: '/api/clock/identify/pin', headers: { 'content-type': 'image/jpeg' }, payload: photo });
    expect(elsewhere.statusCode).toBe(413);
  });

  it('takes a 4.9 MiB photo from a client that sends Expect: 100-continue, as curl does past 1 MiB, and drops hop-by-hop headers', async () => {
    const gateway = await gatewayWith({});
    const address = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await gateway.identity.createUser({ accountType: 'SuperAdmin' });
    const photo = Buffer.alloc(Math.floor(4.9 * 1024 * 1024), 7);
    const status = await new Promise<number>((resolve, reject) => {
      const upload = httpRequest(`${address}/api/employees/${crypto.randomUUID()}/image`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${signToken(user, { secret: testSecrets.jwt })}`,
          'content-type': 'image/jpeg',
          'content-length': photo.length,
          expect: '100-continue',
          connection: 'keep-alive, x-hop',
          'x-hop': 'only for the next hop',
          te: 'trailers',
        },
      });
      // Like curl: the body goes only once the gateway said 100 Continue.
      upload.on('continue', () => upload.end(photo));
      upload.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      upload.on('error', reject);
    });
    expect(status).toBe(200);
    const seen = gateway.upstream.seen.at(-1);
    expect(seen?.body.length).toBe(photo.length);
    expect(seen?.headers).not.toHaveProperty('expect');
    expect(seen?.headers).not.toHaveProperty('x-hop');
    expect(seen?.headers).not.toHaveProperty('te');
  });

  it('limits sign-up the same way and leaves other routes to the general limit', async () => {
    const gateway = await gatewayWith({ loginRateLimit: { max: 2, timeWindowMs: 60_000 } });
    const signUp = () => gateway.app.inject({ method: 'POST', url: '/api/sign-up', remoteAddress: '10.0.0.9', payload: {} });
    expect((await signUp()).statusCode).toBe(200);
    expect((await signUp()).statusCode).toBe(200);
    expect((await signUp()).statusCode).toBe(429);
    const user = await gateway.identity.createUser({ accountType: 'Employee' });
    const me = await gateway.app.inject({
      method: 'GET',
      url: '/api/me',
      remoteAddress: '10.0.0.9',
      headers: { authorization: `Bearer ${signToken(user, { secret: testSecrets.jwt })}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('behind a proxy, counts the address the proxy saw, so a client cannot dodge the limit by forging X-Forwarded-For', async () => {
    const gateway = await gatewayWith({ trustProxy: true, loginRateLimit: { max: 1, timeWindowMs: 60_000 } });
    const login = (forwardedFor: string) =>
      gateway.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'x-forwarded-for': forwardedFor }, payload: {} });
    expect((await login('9.9.9.9, 10.0.0.1')).statusCode).toBe(200);
    expect((await login('8.8.8.8, 10.0.0.1')).statusCode).toBe(429);
    expect((await login('10.0.0.2')).statusCode).toBe(200);
    const echoed = (await login('10.0.0.3')).json<{ caller: { client: { ip: string } } }>();
    expect(echoed.caller.client.ip).toBe('10.0.0.3');
  });

  it('applies the general limit to every route but never to the probes', async () => {
    const gateway = await gatewayWith({ generalRateLimit: { max: 2, timeWindowMs: 60_000 } });
    const get = (url: string) => gateway.app.inject({ method: 'GET', url, remoteAddress: '10.0.0.10' });
    expect((await get('/api/sign-up')).statusCode).toBe(200);
    expect((await get('/api/openapi.json')).statusCode).toBe(200);
    expect((await get('/api/sign-up')).statusCode).toBe(429);
    expect((await get('/api/me')).statusCode).toBe(429);
    expect((await get('/health')).statusCode).not.toBe(429);
  });
});
