import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError, type ServiceApp } from '@ams/service-kit';

/** Hashed assets never change under one name; the page itself must always be fresh. */
const ASSET_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA: its files (their .br or .gz sibling when the client accepts one) and, for any other
 * GET outside /api, index.html so the client router decides (spec §2 sends unknown paths to /access-denied
 * there). Unknown /api paths stay problem+json 404s. Without a build (`dir` missing) the gateway serves the API only.
 */
export async function registerSpa(app: ServiceApp, dir: string | undefined): Promise<boolean> {
  if (!dir || !existsSync(join(dir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (frontend/scripts/precompress-plugin.ts): send
    // picks one by Accept-Encoding (br first), with Vary; they get no routes of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (response, path) => {
      const immutable = path.includes(`${join(dir, 'assets')}`);
      response.header('cache-control', immutable ? `public, max-age=${ASSET_MAX_AGE_SECONDS}, immutable` : 'no-cache');
    },
  });
  app.get('/*', { logLevel: 'warn' }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) throw new AppError('not_found', 'routeNotFound', { params: { method: 'GET', path } });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
