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

/**
 * Headers a browser reads only on a document (framing, cross-origin opener, DNS prefetch, legacy IE and Flash switches).
 * A build file under /assets is never one, and each of the ~20 a first visit loads would carry them again.
 */
const DOCUMENT_ONLY = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/**
 * What a script or style sheet of the build needs: never sniffed as something else, never loaded by another site.
 * Its CSP, HSTS and referrer policy would be ignored (the page's govern it; the only worker, the clock's, is served
 * outside /assets with the page's headers): 370 bytes less on each, about 7 KB of a first visit.
 */
const SUBRESOURCE = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

/**
 * Headers only an HTML document acts on (cross-origin opener, origin agent cluster, DNS prefetch of its links,
 * the legacy XSS auditor). An API answer is JSON under `default-src 'none'`: even opened as a page it runs
 * nothing, opens no window and links nowhere. Each proxied answer would carry ~120 bytes and four header
 * checks for them, on the gateway and again in every client. Framing, sniffing, HSTS, CORP, the referrer
 * policy and the download switches stay.
 */
const API_DROPPED = new Set(['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']);

export interface SecurityHeaders {
  /** For /api/* answers. */
  api: Record<string, string>;
  /** For the build's scripts and style sheets under /assets/. */
  subresources: Record<string, string>;
  /** For the build's other files under /assets/ (an image may be opened as a document: it keeps the CSP). */
  assets: Record<string, string>;
  /** For everything else: the SPA's pages, the service worker, probes. */
  spa: Record<string, string>;
}

const only = (headers: Record<string, string>, keep: (name: string) => boolean) => Object.fromEntries(Object.entries(headers).filter(([name]) => keep(name)));

export function securityHeaders(): SecurityHeaders {
  const spa = headersOf(spaOptions);
  return {
    api: only(headersOf(apiOptions), (name) => !API_DROPPED.has(name)),
    subresources: only(spa, (name) => SUBRESOURCE.has(name)),
    assets: only(spa, (name) => !DOCUMENT_ONLY.has(name)),
    spa,
  };
}

/** The headers of one request's answer, by its path. */
export function securityHeadersFor(headers: SecurityHeaders, url: string): Record<string, string> {
  if (url.startsWith('/api/')) return headers.api;
  if (!url.startsWith('/assets/')) return headers.spa;
  return /\.(?:js|css)(?:\?|$)/.test(url) ? headers.subresources : headers.assets;
}
