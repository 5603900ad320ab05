import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamServices, XLSX_MEDIA_TYPE } from '@ams/contracts';
import { createGatewayDatabase, startGateway, testSecrets, type GatewayDatabase, type GatewayUnderTest } from './test-support/gateway-harness.ts';
import { signToken } from './test-support/identity-fixtures.ts';

/** A zip's first bytes: what the xlsx exports stream. */
const WORKBOOK = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64 * 1024, 'row;')]);
const BUNDLE = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, index) => ({ index })))};`;

/**
 * Stands in for every service: `?size=N` answers JSON of about N bytes, `?as=xlsx` streams a workbook,
 * `?as=events` server-sent events; sign-in answers a token beside a long padding.
 */
async function startSizedUpstream(): Promise<{ url: string; app: FastifyInstance }> {
  const app = Fastify({ logger: false });
  app.all('/*', async (request, reply) => {
    const query = request.query as { size?: string; as?: string };
    if (request.url === '/api/user/login') return { accessToken: 'secret-token', user: { name: 'x'.repeat(4_000) } };
    if (query.as === 'xlsx') return reply.type(XLSX_MEDIA_TYPE).send(Readable.from([WORKBOOK.subarray(0, 1_000), WORKBOOK.subarray(1_000)]));
    if (query.as === 'events') return reply.type('text/event-stream').send(Readable.from(['data: one\n\n'.repeat(200)]));
    return { padding: 'x'.repeat(Number(query.size ?? 0)) };
  });
  return { url: await app.listen({ port: 0, host: '127.0.0.1' }), app };
}

let database: GatewayDatabase;
let gateway: GatewayUnderTest;
let upstream: { url: string; app: FastifyInstance };
let spaDir: string;
let authorization: string;

beforeAll(async () => {
  spaDir = await mkdtemp(join(tmpdir(), 'ams-gateway-spa-'));
  await writeFile(join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(spaDir, 'bundle.js'), BUNDLE);
  await writeFile(join(spaDir, 'bundle.js.br'), brotliCompressSync(BUNDLE));
  upstream = await startSizedUpstream();
  database = await createGatewayDatabase();
  gateway = await startGateway(database.pool, { upstreams: Object.fromEntries(upstreamServices.map((service) => [service, upstream.url])), spaDir });
  const admin = await gateway.identity.createUser({ accountType: 'SuperAdmin' });
  authorization = `Bearer ${signToken(admin, { secret: testSecrets.jwt })}`;
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.app.close();
  await database?.dispose();
  await rm(spaDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding = 'gzip, deflate, br') =>
  gateway.app.inject({ method: 'GET', url, headers: { authorization, 'accept-encoding': acceptEncoding } });

describe('compressing API answers at the gateway', () => {
  it('sends a JSON answer of 1 KB or more br-compressed, varying on Accept-Encoding', async () => {
    const response = await get('/api/me?size=5000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toContain('accept-encoding');
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.rawPayload.length).toBeLessThan(500);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual({ padding: 'x'.repeat(5000) });
  });

  it('sends it gzip to a client that accepts only gzip, as it is to one that accepts neither', async () => {
    const gzip = await get('/api/me?size=5000', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ padding: 'x'.repeat(5000) });
    const plain = await get('/api/me?size=5000', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ padding: 'x'.repeat(5000) });
  });

  it('leaves an answer under 1 KB as it is, with its length', async () => {
    const response = await get('/api/me?size=10');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(response.json()).toEqual({ padding: 'x'.repeat(10) });
  });

  it('compresses the gateway’s own large answers (the OpenAPI document)', async () => {
    const response = await get('/api/openapi.json');
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('streams an xlsx export untouched: a workbook is a zip already', async () => {
    const response = await get('/api/attendance/export?as=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(WORKBOOK)).toBe(true);
  });

  it('never compresses server-sent events', async () => {
    const response = await get('/api/me?as=events');
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses an answer that carries an access token (BREACH)', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'accept-encoding': 'gzip, deflate, br', 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ accessToken: 'secret-token' });
  });

  it('sends a precompressed file of the SPA once compressed, not twice', async () => {
    const response = await get('/bundle.js');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE);
  });
});
