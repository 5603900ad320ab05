import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Content-Security-Policy for the Vite-built SPA served from this origin. Inline styles stay allowed
 * for the UI library's runtime styles; scripts, frames and plugins do not. No upgrade-insecure-requests:
 * the embedded mode is reached over plain HTTP on a LAN (kiosks), where it would break every asset.
 */
const contentSecurityPolicy: HelmetOptions['contentSecurityPolicy'] = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  },
};

const spaOptions: HelmetOptions = {
  contentSecurityPolicy,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
};

/** API answers are data, never documents: nothing may load from them or frame them (OWASP REST guidance). */
const apiOptions: HelmetOptions = {
  ...spaOptions,
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
};

/**
 * Helmet's headers for our options, computed once. They do not vary per request (no CSP nonces), and
 * @fastify/helmet rebuilds the whole helmet middleware on every request: about a tenth of the gateway's
 * CPU time in bench/gateway.ts.
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, () => {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

export interface SecurityHeaders {
  /** For /api/* answers. */
  api: Record<string, string>;
  /** For everything else: the SPA's pages and assets, probes. */
  spa: Record<string, string>;
}

export function securityHeaders(): SecurityHeaders {
  return { api: headersOf(apiOptions), spa: headersOf(spaOptions) };
}
