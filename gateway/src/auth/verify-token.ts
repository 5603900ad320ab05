import jwt from 'jsonwebtoken';
import { accessTokenClaimsSchema, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type AccessTokenClaims } from '@ams/contracts';

/**
 * The token's claims when identity signed it with the shared secret, with the pinned algorithm
 * (so neither `none` nor another HMAC variant is accepted), for this issuer and audience, not
 * expired and shaped as the contract says; otherwise null. Why it failed is not reported: the
 * client gets the same 401 either way.
 */
export function verifyToken(token: string, secret: string): AccessTokenClaims | null {
  if (token === '') return null;
  let decoded: unknown;
  try {
    decoded = jwt.verify(token, secret, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
  } catch {
    return null;
  }
  const claims = accessTokenClaimsSchema.safeParse(decoded);
  return claims.success ? claims.data : null;
}
