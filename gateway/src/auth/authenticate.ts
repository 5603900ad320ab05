import type { FastifyRequest } from 'fastify';
import type { AccessTokenClaims, SessionEndReason } from '@ams/contracts';
import type { AuthState, SessionState, UserPrincipal } from './auth-state.ts';
import { readToken, type TokenSource } from './read-token.ts';
import type { TokenVerifier } from './verify-token.ts';

/** The outcome of looking at a request's credentials (not yet whether the route allows them). */
export type Authentication =
  | { kind: 'none' }
  /** `reason`: identity ended the user's sessions on purpose, and says why. */
  | { kind: 'refused'; reason?: SessionEndReason }
  | { kind: 'user'; principal: UserPrincipal; email: string; source: TokenSource; csrf: string };

const NONE: Authentication = { kind: 'none' };
const REFUSED: Authentication = { kind: 'refused' };

function accept(session: SessionState, claims: AccessTokenClaims, source: TokenSource): Authentication {
  const { user, principal } = session;
  if (!user || !principal || session.revoked) return REFUSED;
  if (user.status !== 'enabled') return { kind: 'refused', reason: 'account-disabled' };
  if (claims.ver < user.tokenVersion) return user.sessionEndReason ? { kind: 'refused', reason: user.sessionEndReason } : REFUSED;
  return { kind: 'user', principal, email: user.email, source, csrf: claims.csrf };
}

/**
 * A token is accepted when it verifies and its user exists in the projection, is enabled, has not
 * moved on to a newer token version, and this token was not revoked. A token newer than the projection
 * (issued right after a password change whose event is still on its way) is accepted: only identity
 * can sign one. Permissions come from the
 * user's role now, not from the token, so a role change applies to tokens already issued.
 * Synchronous when the session is cached; a promise only when the projection must be read.
 */
export function authenticate(request: FastifyRequest, state: AuthState, verify: TokenVerifier): Authentication | Promise<Authentication> {
  const presented = readToken(request);
  if (!presented) return NONE;
  const claims = verify(presented.token);
  if (!claims) return REFUSED;
  const session = state.session(claims.sub, claims.jti, claims.iat);
  return session instanceof Promise ? session.then((loaded) => accept(loaded, claims, presented.source)) : accept(session, claims, presented.source);
}
