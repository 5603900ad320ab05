import { createHmac, timingSafeEqual } from 'node:crypto';
import { principalSchema, systemClock, type Principal } from '@ams/contracts';

export const PRINCIPAL_HEADER = 'x-ams-principal';
export const PRINCIPAL_SIGNATURE_HEADER = 'x-ams-principal-signature';

/** A signed header older than this is refused, so a captured one cannot be replayed later. */
const MAX_AGE_MS = 60_000;

/** Where the request came from, as the gateway saw it (services write it into audit records). */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}
export const unknownClient: ClientInfo = { ip: null, userAgent: null };

interface SignedPayload {
  principal: Principal;
  issuedAt: number;
  client?: ClientInfo;
}

export interface VerifiedCaller {
  principal: Principal;
  client: ClientInfo;
}

/** The request a signature is made for: a header captured on one route is refused on any other. */
export interface SignedRoute {
  method: string;
  /** The URL's path as sent; the query is not part of it. */
  path: string;
}

/** The path of a request URL, without its query string. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function sign(value: string, route: SignedRoute, secret: string): string {
  return createHmac('sha256', secret)
    .update(`${route.method.toUpperCase()} ${pathOf(route.path)}\n`)
    .update(value)
    .digest('base64url');
}

/**
 * The gateway's side: headers that carry the verified principal to a service. The signature's age is
 * transport freshness between two processes, so both ends measure it on the wall clock, not on a
 * service's business clock.
 */
export function signPrincipal(
  principal: Principal,
  secret: string,
  options: { route: SignedRoute; now?: number; client?: ClientInfo },
): Record<string, string> {
  const payload: SignedPayload = { principal, issuedAt: options.now ?? systemClock().getTime(), client: options.client ?? unknownClient };
  const value = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { [PRINCIPAL_HEADER]: value, [PRINCIPAL_SIGNATURE_HEADER]: sign(value, options.route, secret) };
}

/**
 * A service's side: the caller when the headers carry a valid, fresh gateway signature made for this
 * request's method and path, else null.
 */
export function verifyPrincipal(
  request: { method: string; url: string; headers: Record<string, string | string[] | undefined> },
  secret: string,
  now = systemClock().getTime(),
): VerifiedCaller | null {
  const value = request.headers[PRINCIPAL_HEADER];
  const signature = request.headers[PRINCIPAL_SIGNATURE_HEADER];
  if (typeof value !== 'string' || typeof signature !== 'string') return null;
  const expected = Buffer.from(sign(value, { method: request.method, path: request.url }, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<SignedPayload>;
    if (typeof payload.issuedAt !== 'number' || Math.abs(now - payload.issuedAt) > MAX_AGE_MS) return null;
    const parsed = principalSchema.safeParse(payload.principal);
    if (!parsed.success) return null;
    const client = payload.client;
    const ip = typeof client?.ip === 'string' ? client.ip : null;
    const userAgent = typeof client?.userAgent === 'string' ? client.userAgent : null;
    return { principal: parsed.data, client: { ip, userAgent } };
  } catch {
    return null;
  }
}
