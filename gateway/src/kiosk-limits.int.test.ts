import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_DEVICE_ANSWER_HEADER, KIOSK_REFUSED, KIOSK_TOKEN_HEADER } from '@ams/contracts';
import { testClock } from '@ams/service-kit/testing';
import { createGatewayDatabase, startGateway, type GatewayDatabase, type GatewayUnderTest } from './test-support/gateway-harness.ts';

/**
 * A real HTTP service standing in for attendance's kiosk answers: a registered token's answers name its kiosk,
 * a refused one (unknown or revoked) is answered 401 with KIOSK_REFUSED, a request without a token names none.
 */
async function startKioskUpstream(): Promise<{ url: string; register(): string; revoke(token: string): void; close(): Promise<void> }> {
  const registered = new Map<string, string>();
  const app: FastifyInstance = Fastify({ logger: false });
  app.all('/*', async (request, reply) => {
    const token = request.headers[KIOSK_TOKEN_HEADER];
    if (typeof token !== 'string') return { kiosk: null };
    const deviceId = registered.get(token);
    void reply.header(KIOSK_DEVICE_ANSWER_HEADER, deviceId ?? KIOSK_REFUSED);
    return deviceId ? { kiosk: deviceId } : reply.code(401).send({ code: 'unauthorized' });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    register() {
      const token = `kd_${randomUUID()}`;
      registered.set(token, randomUUID());
      return token;
    },
    revoke: (token) => void registered.delete(token),
    close: () => app.close(),
  };
}

const OFFICE = '10.9.0.1';
const PER_ADDRESS = 2;
const PER_KIOSK = 3;

let database: GatewayDatabase;
let attendance: Awaited<ReturnType<typeof startKioskUpstream>>;
let gateway: GatewayUnderTest;
const clock = testClock('2026-11-23T08:55:00Z');

beforeAll(async () => {
  database = await createGatewayDatabase();
  attendance = await startKioskUpstream();
  gateway = await startGateway(database.pool, {
    upstreams: { attendance: attendance.url },
    clockIdentifyRateLimit: { max: PER_ADDRESS, timeWindowMs: 60_000 },
    kioskIdentifyRateLimit: { max: PER_KIOSK, timeWindowMs: 60_000 },
    now: clock.now,
  });
});

afterAll(async () => {
  await gateway?.close();
  await attendance?.close();
  await database?.dispose();
});

const withToken = (token: string | null) => (token ? { [KIOSK_TOKEN_HEADER]: token } : {});

/** What a kiosk asks at start (which device it is): not an identification, so it is never refused by that limit. */
const askDevice = (token: string, remoteAddress = OFFICE) =>
  gateway.app.inject({ method: 'GET', url: '/api/clock/device', remoteAddress, headers: withToken(token) });

const identify = (token: string | null, remoteAddress = OFFICE) =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/clock/identify/pin',
    remoteAddress,
    headers: withToken(token),
    payload: { identifier: 'someone@example.com', pin: '482915' },
  });

async function statusesOf(times: number, request: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < times; i += 1) statuses.push((await request()).statusCode);
  return statuses;
}

describe('kiosk identification limits', () => {
  it('gives each of 8 registered kiosks behind one office address its own bucket, and the address’s unregistered browsers theirs', async () => {
    const kiosks = Array.from({ length: 8 }, () => attendance.register());
    for (const token of kiosks) expect((await askDevice(token)).statusCode).toBe(200);
    for (const token of kiosks) expect(await statusesOf(PER_KIOSK + 1, () => identify(token)), token).toEqual([200, 200, 200, 429]);
    expect(await statusesOf(PER_ADDRESS + 1, () => identify(null))).toEqual([200, 200, 429]);
  });

  it('limits made-up tokens per address: a fresh token per request gets no fresh bucket', async () => {
    const address = '10.9.0.2';
    const madeUp = () => identify(`kd_${randomUUID()}`, address);
    expect((await askDevice(`kd_${randomUUID()}`, address)).statusCode).toBe(401);
    expect(await statusesOf(PER_ADDRESS + 1, madeUp)).toEqual([401, 401, 429]);
  });

  it('never shows the internal kiosk header to the client', async () => {
    const token = attendance.register();
    const answers = [await askDevice(token, '10.9.0.3'), await identify(token, '10.9.0.3'), await askDevice(`kd_${randomUUID()}`, '10.9.0.3')];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401]);
    for (const answer of answers) expect(answer.headers[KIOSK_DEVICE_ANSWER_HEADER]).toBeUndefined();
  });

  it('counts a revoked kiosk per address again from the answer that refused it', async () => {
    const address = '10.9.0.4';
    const token = attendance.register();
    await askDevice(token, address);
    expect(await statusesOf(PER_KIOSK, () => identify(token, address))).toEqual([200, 200, 200]);
    attendance.revoke(token);
    expect((await identify(token, address)).statusCode).toBe(429);
    expect((await askDevice(token, address)).statusCode).toBe(401);
    expect(await statusesOf(PER_ADDRESS + 1, () => identify(token, address))).toEqual([401, 401, 429]);
  });

  it('forgets a kiosk it has not heard of for 10 minutes, counting it per address until attendance names it again', async () => {
    const address = '10.9.0.5';
    const token = attendance.register();
    await askDevice(token, address);
    expect(await statusesOf(PER_ADDRESS, () => identify(null, address))).toEqual([200, 200]);
    expect((await identify(token, address)).statusCode).toBe(200);
    clock.advance(11 * 60_000);
    // The address's bucket is full (its window runs on the system clock): the forgotten kiosk is refused with it.
    expect((await identify(token, address)).statusCode).toBe(429);
    expect((await askDevice(token, address)).statusCode).toBe(200);
    expect((await identify(token, address)).statusCode).toBe(200);
  });
});

describe('the general limit at registered kiosks', () => {
  const GENERAL = 3;
  let limited: GatewayUnderTest;

  beforeAll(async () => {
    limited = await startGateway(database.pool, { upstreams: { attendance: attendance.url }, generalRateLimit: { max: GENERAL, timeWindowMs: 60_000 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const call = (token: string | null) => limited.app.inject({ method: 'GET', url: '/api/clock/device', remoteAddress: '10.9.1.1', headers: withToken(token) });

  it('counts each known kiosk apart from its office address: the first answer names the kiosk, the rest are its own', async () => {
    const [first, second] = [attendance.register(), attendance.register()];
    // Each kiosk's first request counts for the address (the gateway does not know it yet), the next ones for the kiosk.
    expect(await statusesOf(GENERAL + 1, () => call(first))).toEqual([200, 200, 200, 200]);
    expect(await statusesOf(GENERAL + 1, () => call(second))).toEqual([200, 200, 200, 200]);
    expect((await call(first)).statusCode).toBe(429);
    expect(await statusesOf(2, () => call(null))).toEqual([200, 429]);
  });
});
