import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@ams/contracts';
import { startedGateway, startGateway, testSecrets, type GatewayDatabase, type GatewayUnderTest } from './test-support/gateway-harness.ts';
import { base64UrlJson, decodeSegment, identityEvent, signToken, type TestUser } from './test-support/identity-fixtures.ts';
import type { EchoedRequest } from './test-support/echo-upstream.ts';

let database: GatewayDatabase;
let gateway: GatewayUnderTest;

startedGateway((started, startedOn) => {
  gateway = started;
  database = startedOn;
});

const sign = (user: Pick<TestUser, 'userId' | 'tokenVersion'>, options: Omit<Parameters<typeof signToken>[1], 'secret'> = {}) =>
  signToken(user, { secret: testSecrets.jwt, ...options });

/** GET /api/me (any signed-in account) with the given token; also says whether the service was reached. */
async function me(token: string): Promise<{ status: number; reached: boolean; body: string }> {
  const response = await gateway.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
  const requestId = response.headers['x-request-id'];
  return { status: response.statusCode, reached: gateway.upstream.seen.some((seen) => seen.requestId === requestId), body: response.body };
}

describe('a valid token', () => {
  it('reaches the service as its user', async () => {
    const user = await gateway.identity.createUser({ accountType: 'Employee', permissions: { attendance: ['read'] } });
    const response = await gateway.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${sign(user)}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json<EchoedRequest>().caller?.principal).toEqual({
      kind: 'user',
      userId: user.userId,
      accountType: 'Employee',
      companyId: 'company-1',
      employeeId: `employee-${user.userId.slice(0, 8)}`,
      permissions: { attendance: ['read'] },
    });
  });

  it('is also accepted from the token cookie on a safe request', async () => {
    const user = await gateway.identity.createUser({ accountType: 'Admin' });
    const response = await gateway.app.inject({ method: 'GET', url: '/api/me', cookies: { [TOKEN_COOKIE]: sign(user) } });
    expect(response.statusCode).toBe(200);
  });
});

describe('forged, broken and dead tokens are refused with 401 and never reach the service', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await gateway.identity.createUser({ accountType: 'Admin', permissions: { user: ['read'] } });
  });

  const expectRefused = async (token: string) => {
    const result = await me(token);
    expect(result.status).toBe(401);
    expect(result.reached).toBe(false);
    return result;
  };

  it('accepts the untampered token used as the baseline of these attacks', async () => {
    expect((await me(sign(user))).status).toBe(200);
  });

  it('refuses a token with alg none and no signature', async () => {
    const [, payload] = sign(user).split('.');
    await expectRefused(`${base64UrlJson({ alg: 'none', typ: 'JWT' })}.${payload}.`);
  });

  it('refuses a token signed with another key', async () => {
    await expectRefused(signToken(user, { secret: 'another-secret-that-is-long-enough-0123456789' }));
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = jwt.sign(
      { sub: user.userId, jti: randomUUID(), ver: user.tokenVersion, csrf: 'c'.repeat(32), iat: now - 120, exp: now - 60 },
      testSecrets.jwt,
      { algorithm: 'HS256', issuer: 'ams-identity', audience: 'ams' },
    );
    await expectRefused(expired);
  });

  it('refuses a payload re-encoded with other claims under the original signature', async () => {
    const superAdmin = await gateway.identity.createUser({ accountType: 'SuperAdmin' });
    const [header, payload, signature] = sign(user).split('.');
    const claims = decodeSegment(payload ?? '');
    await expectRefused(`${header}.${base64UrlJson({ ...claims, sub: superAdmin.userId })}.${signature}`);
  });

  it('refuses HS512 even with the right secret: the algorithm is pinned', async () => {
    await expectRefused(sign(user, { algorithm: 'HS512' }));
  });

  it('refuses a token of another issuer or audience', async () => {
    await expectRefused(sign(user, { issuer: 'someone-else' }));
    await expectRefused(sign(user, { audience: 'another-app' }));
  });

  it('refuses a token whose claims break the contract (no csrf claim)', async () => {
    const token = jwt.sign({ ver: 0 }, testSecrets.jwt, {
      algorithm: 'HS256',
      subject: user.userId,
      jwtid: randomUUID(),
      issuer: 'ams-identity',
      audience: 'ams',
      expiresIn: 60,
    });
    await expectRefused(token);
  });

  it('refuses garbage and a malformed Authorization header', async () => {
    await expectRefused('not-a-token');
    const response = await gateway.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Basic ${sign(user)}` } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toContain('Bearer');
  });

  it('refuses a token of a user the gateway never heard of', async () => {
    await expectRefused(sign({ userId: randomUUID(), tokenVersion: 0 }, { issuedSecondsAgo: 120 }));
  });

  it('refuses a fresh token of a user that never arrives, after waiting for its event a bounded time', async () => {
    const started = performance.now();
    await expectRefused(sign({ userId: randomUUID(), tokenVersion: 0 }));
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('answers 401 as problem+json that says nothing about why', async () => {
    const wrongKey = await me(signToken(user, { secret: 'another-secret-that-is-long-enough-0123456789' }));
    const unknownUser = await me(sign({ userId: randomUUID(), tokenVersion: 0 }, { issuedSecondsAgo: 120 }));
    expect(JSON.parse(wrongKey.body)).toMatchObject({ status: 401, code: 'unauthorized', detail: 'Unauthorized' });
    expect(JSON.parse(unknownUser.body).detail).toBe(JSON.parse(wrongKey.body).detail);
  });
});

describe('identity events end tokens', () => {
  it('refuses a revoked token (sign-out) while the user’s other tokens still work', async () => {
    const user = await gateway.identity.createUser({ accountType: 'Employee' });
    const jti = randomUUID();
    const revoked = sign(user, { jti });
    const other = sign(user);
    expect((await me(revoked)).status).toBe(200);
    await gateway.identity.publish(
      identityEvent('identity.SessionRevoked', user.userId, { userId: user.userId, jti, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect((await me(revoked)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
  });

  it('refuses every token of a disabled user, and accepts them again once re-enabled', async () => {
    const user = await gateway.identity.createUser({ accountType: 'Admin' });
    const token = sign(user);
    expect((await me(token)).status).toBe(200);
    await gateway.identity.saveUser(user, 'disabled');
    expect((await me(token)).status).toBe(401);
    await gateway.identity.saveUser(user, 'enabled');
    expect((await me(token)).status).toBe(200);
  });

  it('refuses tokens of an older version once the token version is bumped', async () => {
    const user = await gateway.identity.createUser({ accountType: 'Admin' });
    const old = sign(user);
    const bumped = { ...user, tokenVersion: user.tokenVersion + 1 };
    await gateway.identity.saveUser(bumped);
    expect((await me(old)).status).toBe(401);
    expect((await me(sign(bumped))).status).toBe(200);
  });

  it('says why in the 401 when identity ended the sessions on purpose (role changed, account disabled)', async () => {
    const user = await gateway.identity.createUser({ accountType: 'Employee' });
    const old = sign(user);
    await gateway.identity.saveUser({ ...user, tokenVersion: user.tokenVersion + 1 }, 'enabled', 'role-changed');
    const afterRoleChange = await me(old);
    expect(afterRoleChange.status).toBe(401);
    expect(JSON.parse(afterRoleChange.body)).toMatchObject({
      status: 401,
      reason: 'role-changed',
      messageKey: 'sessionEndedRoleChanged',
      detail: 'Your role was changed by an administrator: please sign in again.',
    });
    await gateway.identity.saveUser({ ...user, tokenVersion: user.tokenVersion + 2 }, 'disabled', 'account-disabled');
    expect(JSON.parse((await me(sign({ ...user, tokenVersion: user.tokenVersion + 2 }))).body)).toMatchObject({ status: 401, reason: 'account-disabled' });
  });

  it('names no reason for a token of a user it does not know', async () => {
    const unknown = await me(sign({ userId: randomUUID(), tokenVersion: 0 }, { issuedSecondsAgo: 120 }));
    expect(JSON.parse(unknown.body)).toMatchObject({ status: 401, messageKey: 'unauthorized' });
    expect(JSON.parse(unknown.body)).not.toHaveProperty('reason');
  });

  it('lets a user created moments ago make their first call before their event reached the gateway (read-your-writes)', async () => {
    const roleId = await gateway.identity.saveRole({ user: ['read'] });
    const user = { userId: randomUUID(), email: 'new@example.test', accountType: 'Admin' as const, roleId, tokenVersion: 0 };
    const firstCall = me(sign(user));
    // identity's UserSaved arrives while the first call waits.
    setTimeout(() => void gateway.identity.saveUser(user), 400);
    const answer = await firstCall;
    expect(answer.status).toBe(200);
    expect(answer.reached).toBe(true);
  });

  it('accepts a token newer than the projection (issued after a bump whose event is still on its way)', async () => {
    const user = await gateway.identity.createUser({ accountType: 'Admin' });
    const ahead = sign({ ...user, tokenVersion: user.tokenVersion + 1 });
    expect((await me(ahead)).status).toBe(200);
    expect((await me(sign(user))).status).toBe(200);
  });

  it('refuses the tokens of a deleted user', async () => {
    const user = await gateway.identity.createUser({ accountType: 'Employee' });
    const token = sign(user);
    expect((await me(token)).status).toBe(200);
    await gateway.identity.publish(identityEvent('identity.UserDeleted', user.userId, { userId: user.userId }));
    expect((await me(token)).status).toBe(401);
  });

  it('does not revive old tokens when an older user state arrives late or is redelivered', async () => {
    const user = await gateway.identity.createUser({ accountType: 'Admin', tokenVersion: 3 });
    const current = sign(user);
    const stale = identityEvent('identity.UserSaved', user.userId, {
      userId: user.userId,
      name: 'stale',
      email: user.email,
      image: null,
      accountType: 'Admin',
      roleId: user.roleId,
      status: 'enabled',
      companyId: null,
      employeeId: null,
      tokenVersion: 2,
      sessionEndReason: null,
    });
    await gateway.identity.publish(stale);
    expect((await me(current)).status).toBe(200);
    expect((await me(sign({ ...user, tokenVersion: 2 }))).status).toBe(401);
  });

  it('handles a redelivered event once: a disable replayed after re-enabling has no second effect', async () => {
    const user = await gateway.identity.createUser({ accountType: 'Admin' });
    const disable = identityEvent('identity.UserSaved', user.userId, {
      userId: user.userId,
      name: 'n',
      email: user.email,
      image: null,
      accountType: 'Admin',
      roleId: user.roleId,
      status: 'disabled',
      companyId: null,
      employeeId: null,
      tokenVersion: 0,
      sessionEndReason: null,
    });
    await gateway.identity.publish(disable);
    await gateway.identity.saveUser(user, 'enabled');
    await gateway.identity.publish(disable);
    expect((await me(sign(user))).status).toBe(200);
  });
});

describe('a role change', () => {
  it('applies to tokens already issued, on the next request after the event', async () => {
    const roleId = await gateway.identity.saveRole({ user: ['read'] });
    const admin = await gateway.identity.createUser({ accountType: 'Admin', roleId });
    const token = sign(admin);
    const listUsers = () => gateway.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect((await listUsers()).statusCode).toBe(200);
    await gateway.identity.saveRole({ user: ['create'] }, roleId);
    expect((await listUsers()).statusCode).toBe(403);
    await gateway.identity.saveRole({ user: ['read', 'create'] }, roleId);
    expect((await listUsers()).statusCode).toBe(200);
    await gateway.identity.publish(identityEvent('identity.RoleDeleted', roleId, { roleId }));
    expect((await listUsers()).statusCode).toBe(403);
  });
});

describe('replicas', () => {
  it('sees a change handled by another replica once its cached session expires', async () => {
    // Two gateways on one database, each on its own bus: only the first hears the event.
    const other = await startGateway(database.pool, { authCacheTtlMs: 300 });
    try {
      const user = await gateway.identity.createUser({ accountType: 'Admin' });
      const token = sign(user);
      const viaOther = async () => (await other.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode;
      expect(await viaOther()).toBe(200);
      await gateway.identity.saveUser(user, 'disabled');
      expect((await me(token)).status).toBe(401);
      expect(await viaOther()).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await viaOther()).toBe(401);
    } finally {
      await other.close();
    }
  });
});
