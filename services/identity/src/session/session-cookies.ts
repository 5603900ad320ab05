import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, TOKEN_COOKIE, TOKEN_LIFETIME_SECONDS } from '@ams/contracts';
import type { IssuedToken } from './tokens.ts';

/** Secure only behind https, so a plain-http local install still signs in. */
function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.headers['x-forwarded-proto'] === 'https';
}

/** The token cookie (HttpOnly) and the CSRF cookie the SPA echoes in a header (readable). */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, issued: IssuedToken): void {
  const common = { path: '/', sameSite: 'strict', secure: isHttps(request), maxAge: TOKEN_LIFETIME_SECONDS } as const;
  reply.setCookie(TOKEN_COOKIE, issued.token, { ...common, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, issued.claims.csrf, { ...common, httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const common = { path: '/', sameSite: 'strict', secure: isHttps(request) } as const;
  reply.clearCookie(TOKEN_COOKIE, { ...common, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, { ...common, httpOnly: false });
}

/** The bearer token or the cookie the request was authenticated with. */
export function presentedToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return request.cookies[TOKEN_COOKIE] ?? null;
}
