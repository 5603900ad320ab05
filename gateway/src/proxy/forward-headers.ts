import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2IncomingHttpHeaders } from 'node:http2';
import type { Principal } from '@ams/contracts';
import type { PrincipalSigner } from './principal-signer.ts';

type Headers = IncomingHttpHeaders | Http2IncomingHttpHeaders;

/** Our internal header namespace: whatever a client sends under it is dropped, never forwarded. */
const INTERNAL_PREFIX = 'x-ams-';

/**
 * Headers about the client's connection to the gateway, not the gateway's to the service (RFC 9110 §7.6.1).
 * Expect too: Node already answered 100 Continue and read the whole body, and the upstream client refuses it.
 */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

const NO_NAMES: ReadonlySet<string> = new Set();

/** Headers the client's Connection header names beyond the fixed ones (none for the usual `keep-alive`). */
function connectionNamed(headers: Headers): ReadonlySet<string> {
  const connection = headers.connection;
  if (connection === undefined) return NO_NAMES;
  let names: Set<string> | null = null;
  for (const value of Array.isArray(connection) ? connection : [connection]) {
    for (const token of value.split(',')) {
      const name = token.trim().toLowerCase();
      if (name !== '' && name !== 'close' && !HOP_BY_HOP.has(name)) (names ??= new Set()).add(name);
    }
  }
  return names ?? NO_NAMES;
}

/** What forwarding needs of the Fastify request (of any server type). */
export interface ProxiedRequest {
  id: string;
  method: string;
  url: string;
  ip: string;
  headers: Headers;
  principal: Principal;
}

/**
 * The headers a service receives: the client's minus anything claiming to be internal, plus the
 * principal the gateway verified, signed for this request, and the request id that ties the logs together. The
 * client's credentials (Authorization, cookies) reach only a service that reads them (identity, to
 * end the session on sign-out); the others act on the principal alone. Hop-by-hop headers stay behind.
 * `headers` is the proxy's own copy: changed in place.
 */
export function upstreamRequestHeaders(request: ProxiedRequest, headers: Headers, sign: PrincipalSigner, keepCredentials: boolean): Headers {
  // Proxied requests are the hot path: no set is built unless the client named headers in Connection.
  const named = connectionNamed(headers);
  for (const name in headers) {
    if (name.startsWith(INTERNAL_PREFIX) || HOP_BY_HOP.has(name) || named.has(name)) delete headers[name];
  }
  if (!keepCredentials) {
    delete headers.authorization;
    delete headers.cookie;
  }
  const agent = request.headers['user-agent'];
  // Signed for this method and path: the service refuses the header on any other request.
  const signed = sign(
    request.principal,
    { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null },
    { method: request.method, path: request.url },
  );
  for (const name in signed) headers[name] = signed[name];
  headers['x-request-id'] = request.id;
  return headers;
}

/** API answers are personal: unless the service says otherwise, no cache keeps them. */
export function clientResponseHeaders(headers: Headers): Headers {
  if (headers['cache-control'] === undefined) headers['cache-control'] = 'no-store';
  return headers;
}
