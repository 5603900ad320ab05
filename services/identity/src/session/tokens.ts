import { randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { accessTokenClaimsSchema, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_LIFETIME_SECONDS, type AccessTokenClaims } from '@ams/contracts';

export interface IssuedToken {
  token: string;
  claims: AccessTokenClaims;
}

export function issueToken(user: { id: string; tokenVersion: number }, secret: string, now: Date): IssuedToken {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: AccessTokenClaims = {
    sub: user.id,
    jti: randomUUID(),
    ver: user.tokenVersion,
    csrf: randomBytes(24).toString('base64url'),
    iat,
    exp: iat + TOKEN_LIFETIME_SECONDS,
  };
  const token = jwt.sign(claims, secret, { algorithm: TOKEN_ALGORITHM, issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE });
  return { token, claims };
}

/**
 * The claims of a token this service issued and that is still valid at `now` (the service's clock, as at
 * issue), or null (the gateway checked it already; sign-out needs its jti).
 */
export function readToken(token: string, secret: string, now: Date): AccessTokenClaims | null {
  try {
    const decoded = jwt.verify(token, secret, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    const parsed = accessTokenClaimsSchema.safeParse(decoded);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
