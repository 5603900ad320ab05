import { spawnSync } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_ADMIN } from '../frontend/src/testing/mock-api/fixtures.ts';
import { launchChromium, signIn } from './support/browser.ts';

/**
 * Spec §7: the SPA built with VITE_API_MOCK=true runs with no back end at all. It is built into a temporary
 * directory (frontend/dist stays the product's) and served by a static file server that answers nothing under
 * /api, so every answer the page gets comes from the mock's service worker.
 */
const frontend = fileURLToPath(new URL('../frontend', import.meta.url));
const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.json': 'application/json',
};

let outDir = '';
let server: Server;
let baseUrl = '';
let browser: Browser;
const apiRequestsReachingTheServer: string[] = [];

/** The build's files; any other path is the SPA's index.html (client routes), and /api is not served at all. */
function serveStatic(root: string): Server {
  return createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://static').pathname;
    if (path.startsWith('/api/')) {
      apiRequestsReachingTheServer.push(path);
      response.writeHead(502).end();
      return;
    }
    const file = join(root, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    readFile(file)
      .then((body) => response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body))
      .catch(async () => response.writeHead(200, { 'content-type': 'text/html' }).end(await readFile(join(root, 'index.html'))));
  });
}

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'ams-mock-spa-'));
  const build = spawnSync('pnpm', ['exec', 'vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: frontend,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', VITE_API_MOCK: 'true' },
  });
  if (build.status !== 0) throw new Error(`The mock-mode build failed: ${build.stderr}`);
  server = serveStatic(outDir);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the SPA in mock-API mode, with no back end', () => {
  it('signs the fixture Admin in, shows the dashboard and, after a reload, the employee list', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(20_000);
    try {
      const page = await context.newPage();
      await page.goto('/sign-in');
      await signIn(page, MOCK_ADMIN.email, MOCK_ADMIN.password);
      await page.waitForURL('**/dashboard');
      await page.getByText('Elena Ferreira').first().waitFor();
      // A full page load: the worker starts again with fresh fixtures, and the session cookie still signs the calls.
      await page.goto('/employees');
      const table = page.getByTestId('employees-table');
      for (const name of ['Lima', 'Costa', 'Diaz']) await table.getByText(new RegExp(name)).first().waitFor();
      expect(apiRequestsReachingTheServer).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
