import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2IncomingHttpHeaders } from 'node:http2';
import type { FastifyRequest } from 'fastify';
import { signPrincipal } from '@ams/service-kit';

type Headers = IncomingHttpHeaders | Http2IncomingHttpHeaders;

/** Our internal header namespace: whatever a client sends under it is dropped, never forwarded. */
const INTERNAL_PREFIX = 'x-ams-';

/**
 * The headers a service receives: the client's (credentials included, identity needs them to sign
 * out), minus anything claiming to be internal, plus the principal the gateway verified, signed,
 * and the request id that ties the logs together.
 */
export function upstreamRequestHeaders(request: FastifyRequest, headers: Headers, internalSecret: string): Headers {
  const forwarded: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(INTERNAL_PREFIX)) forwarded[name] = value;
  }
  const agent = request.headers['user-agent'];
  return {
    ...forwarded,
    ...signPrincipal(request.principal, internalSecret, {
      client: { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null },
    }),
    'x-request-id': request.id,
  };
}

/** API answers are personal: unless the service says otherwise, no cache keeps them. */
export function clientResponseHeaders(headers: Headers): Headers {
  return headers['cache-control'] === undefined ? { ...headers, 'cache-control': 'no-store' } : headers;
}
