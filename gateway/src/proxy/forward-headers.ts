import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2IncomingHttpHeaders } from 'node:http2';
import type { Principal } from '@ams/contracts';
import type { PrincipalSigner } from './principal-signer.ts';

type Headers = IncomingHttpHeaders | Http2IncomingHttpHeaders;

/** Our internal header namespace: whatever a client sends under it is dropped, never forwarded. */
const INTERNAL_PREFIX = 'x-ams-';

/** What forwarding needs of the Fastify request (of any server type). */
export interface ProxiedRequest {
  id: string;
  ip: string;
  headers: Headers;
  principal: Principal;
}

/**
 * The headers a service receives: the client's (credentials included, identity needs them to sign
 * out), minus anything claiming to be internal, plus the principal the gateway verified, signed,
 * and the request id that ties the logs together. `headers` is the proxy's own copy: changed in place.
 */
export function upstreamRequestHeaders(request: ProxiedRequest, headers: Headers, sign: PrincipalSigner): Headers {
  for (const name in headers) {
    if (name.startsWith(INTERNAL_PREFIX)) delete headers[name];
  }
  const agent = request.headers['user-agent'];
  const signed = sign(request.principal, { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null });
  for (const name in signed) headers[name] = signed[name];
  headers['x-request-id'] = request.id;
  return headers;
}

/** API answers are personal: unless the service says otherwise, no cache keeps them. */
export function clientResponseHeaders(headers: Headers): Headers {
  if (headers['cache-control'] === undefined) headers['cache-control'] = 'no-store';
  return headers;
}
