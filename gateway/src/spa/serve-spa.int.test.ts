import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, type ServiceApp } from '@ams/service-kit';
import { registerSpa } from './serve-spa.ts';

let dir: string;
let app: ServiceApp;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ams-spa-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  app = buildService({ name: 'spa-test', gatewaySecret: false, logLevel: 'silent' });
  expect(await registerSpa(app, dir)).toBe(true);
  app.get('/api/known', async () => ({ ok: true }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

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
    expect(response.headers['cache-control']).toContain('immutable');
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
