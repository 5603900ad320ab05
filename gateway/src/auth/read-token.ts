import type {} from '@fastify/cookie';
import { TOKEN_COOKIE } from '@ams/contracts';
import type { FastifyRequest } from 'fastify';

/** Where the token came from: a cookie is sent by the browser on its own, so it needs CSRF protection. */
export type TokenSource = 'bearer' | 'cookie';

export interface PresentedToken {
  token: string;
  source: TokenSource;
}

/** Far above any token identity issues; longer input is refused before any crypto work. */
const MAX_TOKEN_LENGTH = 4_096;
const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)$/i;

/**
 * The token a request presents: the Authorization header wins over the cookie; null when there is none.
 * A malformed header or an oversized token comes back as an empty token, which never verifies.
 */
export function readToken(request: FastifyRequest): PresentedToken | null {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = BEARER.exec(authorization);
    return { token: match?.[1] && match[1].length <= MAX_TOKEN_LENGTH ? match[1] : '', source: 'bearer' };
  }
  // Parsed here, only when needed, rather than by @fastify/cookie's hook on every request.
  const header = request.headers.cookie;
  const cookie = header ? request.server.parseCookie(header)[TOKEN_COOKIE] : undefined;
  if (cookie === undefined || cookie === '') return null;
  return { token: cookie.length <= MAX_TOKEN_LENGTH ? cookie : '', source: 'cookie' };
}
