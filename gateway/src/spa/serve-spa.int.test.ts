import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, type ServiceApp } from '@ams/service-kit';
import { registerSpa } from './serve-spa.ts';

let dir: string;
let app: ServiceApp;

const INDEX = '<!doctype html><div id="root"></div>'.padEnd(2_000, ' ');
const BUNDLE = `export const messages = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `message ${index}`))};`;

/** A file with the .br and .gz siblings the front-end build writes beside it. */
async function writePrecompressed(path: string, content: string): Promise<void> {
  await writeFile(path, content);
  await writeFile(`${path}.br`, brotliCompressSync(content));
  await writeFile(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ams-spa-'));
  await mkdir(join(dir, 'assets'));
  await writePrecompressed(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  await writePrecompressed(join(dir, 'assets', 'bundle-3c4d.js'), BUNDLE);
  await writePrecompressed(join(dir, 'clock-sw.js'), BUNDLE);
  app = buildService({ name: 'spa-test', gatewaySecret: false, logLevel: 'silent' });
  expect(await registerSpa(app, dir)).toBe(true);
  app.get('/api/known', async () => ({ ok: true }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('serving the SPA', () => {
  it('answers any client route with index.html, never cached', async () => {
    for (const url of ['/', '/dashboard', '/users-edit/42?tab=1', '/no/such/page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(response.body).toBe('console.log(1)');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths as problem+json 404s and known ones working', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect((await app.inject({ method: 'GET', url: '/api/known' })).json()).toEqual({ ok: true });
  });

  it('serves nothing when there is no build', async () => {
    const bare = buildService({ name: 'no-spa', gatewaySecret: false, logLevel: 'silent' });
    expect(await registerSpa(bare, join(dir, 'missing'))).toBe(false);
    await bare.close();
  });
});

describe('serving the precompressed build', () => {
  it('sends the .br sibling when the browser accepts br, typed and sized as sent', async () => {
    const response = await get('/assets/bundle-3c4d.js', 'gzip, deflate, br, zstd');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['vary']).toContain('accept-encoding');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(BUNDLE.length / 2);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the .gz sibling when only gzip is accepted', async () => {
    const response = await get('/assets/bundle-3c4d.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['vary']).toContain('accept-encoding');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(gunzipSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('sends the file itself to a client that accepts neither, still varying on Accept-Encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const response = await get('/assets/bundle-3c4d.js', acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(response.headers['vary']).toContain('accept-encoding');
      expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(BUNDLE));
      expect(response.body).toBe(BUNDLE);
    }
  });

  it('falls back to the file itself when a small file has no siblings', async () => {
    const response = await get('/assets/app-1a2b.js', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1)');
  });

  it('answers client routes with the compressed index.html, never cached', async () => {
    for (const url of ['/', '/dashboard', '/sign-in?next=%2Fdashboard']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['vary']).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
    }
  });

  it('keeps the service worker revalidated, compressed or not', async () => {
    const response = await get('/clock-sw.js', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('gives the siblings no routes of their own', async () => {
    const response = await get('/assets/bundle-3c4d.js.br');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<div id="root">');
  });
});
