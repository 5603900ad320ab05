import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiRoute } from '@ams/contracts';

/** Below this an answer gains next to nothing from compression (its headers weigh as much). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text worth compressing: text/* but server-sent events (a compressor would hold events back), JSON
 * (problem+json included), XML and SVG. Any other type goes by mime-db's `compressible`, which is false
 * for the xlsx exports (a zip already), images and octet-stream.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/;

/**
 * Answers of at least 1 KB in a compressible type are sent br (preferred) or gzip, as the client accepts,
 * with `Vary: Accept-Encoding`. An answer that already has a Content-Encoding (a precompressed file of the
 * SPA) is left as it is. Register before the routes: the plugin hooks each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: COMPRESSION_THRESHOLD_BYTES, customTypes: COMPRESSIBLE });
  // The plugin measures only bodies it holds, and a proxied answer or a file is a stream: when its length
  // is known and under the threshold, the plugin's per-request switch leaves it alone.
  app.addHook('onSend', (request, reply, payload, done) => {
    const length = Number(reply.getHeader('content-length') ?? Number.NaN);
    if (typeof (payload as { pipe?: unknown } | null)?.pipe === 'function' && length < COMPRESSION_THRESHOLD_BYTES) {
      request.headers['x-no-compression'] = 'small';
    }
    done(null, payload);
  });
}

/**
 * Answers that carry an access token are never compressed: with a secret and request-chosen text in one
 * compressed body, its size could leak the secret (BREACH; docs/security.md).
 */
export function carriesToken(route: Pick<ApiRoute, 'response'>): boolean {
  return route.response instanceof z.ZodObject && 'accessToken' in route.response.shape;
}
