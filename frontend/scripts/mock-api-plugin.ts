import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const WORKER = 'mockServiceWorker.js';

/**
 * MSW's service worker for the mock API (spec §7), only when VITE_API_MOCK=true: the dev server serves it and
 * the build emits it beside index.html. It is not in public/, so a normal build never ships a worker that
 * could answer the API.
 */
export function mockApiWorker(enabled: boolean): Plugin {
  const source = () => readFileSync(createRequire(import.meta.url).resolve(`msw/${WORKER}`), 'utf8');
  return {
    name: 'ams-mock-api-worker',
    configureServer(server) {
      if (!enabled) return;
      server.middlewares.use(`/${WORKER}`, (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(source());
      });
    },
    generateBundle() {
      if (enabled) this.emitFile({ type: 'asset', fileName: WORKER, source: source() });
    },
  };
}
