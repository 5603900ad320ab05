import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createTokenVerifier, tokenKeyOf, verifyToken } from './verify-token.ts';

const secret = 'verify-token-unit-test-secret-0123456789abcdef';
const key = tokenKeyOf(secret);

function token(expiresInSeconds: number, extra: Record<string, unknown> = {}): string {
  return jwt.sign({ ver: 0, csrf: 'c'.repeat(32), ...extra }, secret, {
    algorithm: 'HS256',
    subject: randomUUID(),
    jwtid: randomUUID(),
    issuer: 'ams-identity',
    audience: 'ams',
    expiresIn: expiresInSeconds,
  });
}

describe('verifyToken', () => {
  it('returns the claims of a token identity signed', () => {
    expect(verifyToken(token(60), key, new Date())).toMatchObject({ ver: 0, csrf: 'c'.repeat(32) });
  });

  it('refuses an empty token and a token with a negative version', () => {
    expect(verifyToken('', key, new Date())).toBeNull();
    expect(verifyToken(token(60, { ver: -1 }), key, new Date())).toBeNull();
  });

  it('judges expiry on the clock it is given, never on the wall clock', () => {
    const issued = token(60);
    const { iat } = jwt.decode(issued) as { iat: number };
    expect(verifyToken(issued, key, new Date((iat + 59) * 1000))).not.toBeNull();
    expect(verifyToken(issued, key, new Date((iat + 60) * 1000))).toBeNull();
    const fromLastYear = jwt.sign({ ver: 0, csrf: 'c'.repeat(32), iat: iat - 365 * 86_400 }, secret, {
      algorithm: 'HS256',
      subject: randomUUID(),
      jwtid: randomUUID(),
      issuer: 'ams-identity',
      audience: 'ams',
      expiresIn: 60,
    });
    expect(verifyToken(fromLastYear, key, new Date((iat - 365 * 86_400 + 30) * 1000))).not.toBeNull();
  });
});

describe('the verified-token cache', () => {
  it('stops accepting a cached token once it expires', () => {
    let now = Date.now();
    const verify = createTokenVerifier(key, { clock: () => new Date(now) });
    const shortLived = token(2);
    expect(verify(shortLived)).not.toBeNull();
    now += 1_000;
    expect(verify(shortLived)).not.toBeNull();
    now += 2_000;
    expect(verify(shortLived)).toBeNull();
  });

  it('never caches a failure and keys on the whole token, so a tampered copy still fails', () => {
    const verify = createTokenVerifier(key);
    const valid = token(60);
    expect(verify(valid)).not.toBeNull();
    const [header, , signature] = valid.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: randomUUID(), ver: 0, csrf: 'c'.repeat(32) })).toString('base64url')}.${signature}`;
    expect(verify(tampered)).toBeNull();
    expect(verify(tampered)).toBeNull();
  });

  it('keeps at most maxEntries tokens', () => {
    const verify = createTokenVerifier(key, { maxEntries: 2 });
    const tokens = [token(60), token(60), token(60)];
    for (const each of tokens) expect(verify(each)).not.toBeNull();
    // Still correct after eviction: the evicted token verifies again from scratch.
    expect(verify(tokens[0] ?? '')).not.toBeNull();
  });
});
