import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { accessTokenClaimsSchema, systemClock, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type AccessTokenClaims, type Clock } from '@ams/contracts';

/** Made once: given a string, jsonwebtoken would first try (and fail) to parse it as a public key on every call. */
export function tokenKeyOf(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/**
 * The token's claims when identity signed it with the shared secret, with the pinned algorithm
 * (so neither `none` nor another HMAC variant is accepted), for this issuer and audience, not
 * expired at `now` and shaped as the contract says; otherwise null. Why it failed is not reported: the
 * client gets the same 401 either way.
 */
export function verifyToken(token: string, key: KeyObject, now: Date): AccessTokenClaims | null {
  if (token === '') return null;
  let decoded: unknown;
  try {
    decoded = jwt.verify(token, key, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
  } catch {
    return null;
  }
  const claims = accessTokenClaimsSchema.safeParse(decoded);
  return claims.success ? claims.data : null;
}

export type TokenVerifier = (token: string) => AccessTokenClaims | null;

export interface TokenVerifierOptions {
  maxEntries?: number;
  clock?: Clock;
}

/**
 * verifyToken behind a cache of tokens that already verified, kept until they expire: a session sends
 * the same token on every request, and the signature check is the costliest step of the hot path.
 * Keyed by the whole token text (a digest would cost as much as a third of the saving): only a
 * byte-identical token hits. Failures are not cached. Revocation, disabling and version bumps are
 * checked on every request elsewhere (auth state).
 */
export function createTokenVerifier(key: KeyObject, options: TokenVerifierOptions = {}): TokenVerifier {
  const maxEntries = options.maxEntries ?? 10_000;
  const clock = options.clock ?? systemClock;
  const verified = new Map<string, AccessTokenClaims>();
  return (token) => {
    if (token === '') return null;
    const cached = verified.get(token);
    if (cached) {
      if (cached.exp * 1000 > clock().getTime()) return cached;
      verified.delete(token);
      return null;
    }
    const claims = verifyToken(token, key, clock());
    if (claims) {
      if (verified.size >= maxEntries) {
        const oldest = verified.keys().next();
        if (!oldest.done) verified.delete(oldest.value);
      }
      verified.set(token, claims);
    }
    return claims;
  };
}
