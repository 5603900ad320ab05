import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { testEvent } from '@ams/bus/testing';
import { anonymous, employeeSnapshot } from '@ams/contracts/testing';
import { ADDRESS_FAILURE_LIMIT, hashPassword } from '@ams/credentials';
import { asCaller } from '@ams/service-kit/testing';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  announceCompany,
  JWT_SECRET,
  postUserThroughApi,
  principalOf,
  roleIdOf,
  startIdentity,
  type IdentityHarness,
} from '../test-support/identity-harness.ts';
import { insertUser } from '../users/user-repository.ts';
import { throttlePolicy } from './throttle-policy.ts';

let identity: IdentityHarness;
const EMPLOYEE_ID = '7a0c2c1e-5f51-4d5e-9a53-0d1b3c4e5f60';
const COMPANY_ID = '0c8d2a4b-6e7f-4a1b-8c9d-0e1f2a3b4c5d';

beforeAll(async () => {
  identity = await startIdentity();
  await announceCompany(identity, COMPANY_ID);
});
afterAll(async () => {
  await identity?.close();
});

function login(email: string, password: string, ip = '198.51.100.7') {
  return identity.app.inject({ method: 'POST', url: '/api/user/login', headers: asCaller(anonymous, ip), payload: { email, password } });
}

async function auditActions(): Promise<string[]> {
  const { rows } = await identity.pool.query<{ action: string }>('SELECT action FROM audit_log ORDER BY at, action');
  return rows.map((row) => row.action);
}

async function createUser(email: string, password = 'Valid-pass-1') {
  const root = await principalOf(identity.pool, ADMIN_EMAIL);
  const response = await postUserThroughApi(identity, root, { email, accountType: 'Admin', companyId: COMPANY_ID, password, confirmPassword: password });
  expect(response.statusCode).toBe(201);
}

describe('sign-in', () => {
  it('signs the seeded SuperAdmin in: token, spec user with role map, HttpOnly SameSite=Strict cookie', async () => {
    const response = await login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ accessToken: string; user: { email: string; account_type: string; role: Record<string, string[]> } }>();
    expect(body.user).toMatchObject({ email: ADMIN_EMAIL, account_type: 'SuperAdmin' });
    expect(body.user.role.user).toEqual(['read', 'create', 'update', 'delete', 'archive']);
    const claims = jwt.verify(body.accessToken, JWT_SECRET, { algorithms: ['HS256'], clockTimestamp: Math.floor(identity.clock.now().getTime() / 1000) }) as {
      exp: number;
      iat: number;
      jti: string;
      ver: number;
    };
    expect(claims.exp - claims.iat).toBe(24 * 60 * 60);
    expect(claims.ver).toBe(0);
    const tokenCookie = response.cookies.find((cookie) => cookie.name === 'token');
    expect(tokenCookie).toMatchObject({ value: body.accessToken, httpOnly: true, sameSite: 'Strict', maxAge: 86_400, path: '/' });
    expect(response.cookies.find((cookie) => cookie.name === 'csrf_token')?.httpOnly).toBeFalsy();
  });

  it('stores passwords as argon2id with the OWASP parameters, never in clear', async () => {
    const { rows } = await identity.pool.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [ADMIN_EMAIL]);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0]?.password_hash).not.toContain(ADMIN_PASSWORD);
  });

  it('refuses a wrong password and an unknown email with the same message, and audits both', async () => {
    const wrong = await login(ADMIN_EMAIL, 'Wrong-password-1', '203.0.113.1');
    const unknown = await login('nobody@example.com', 'Wrong-password-1', '203.0.113.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ detail: 'Invalid email or password' });
    expect(unknown.json()).toMatchObject({ detail: 'Invalid email or password' });
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    const { rows } = await identity.pool.query('SELECT actor_email, ip FROM audit_log WHERE action = $1 ORDER BY actor_email', ['sign-in-failed']);
    expect(rows).toEqual([
      { actor_email: 'nobody@example.com', ip: '203.0.113.1' },
      { actor_email: ADMIN_EMAIL, ip: '203.0.113.1' },
    ]);
  });

  it('locks one client out after repeated failures with growing delays, then lets it in again', async () => {
    await createUser('locked@example.com');
    for (let i = 0; i < throttlePolicy.freeFailuresPerClient; i += 1) {
      expect((await login('locked@example.com', 'Wrong-password-1', '203.0.113.9')).statusCode).toBe(401);
    }
    const locked = await login('locked@example.com', 'Wrong-password-1', '203.0.113.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ detail: 'Too many failed sign-in attempts. Try again in 1 minute.' });
    expect(locked.headers['retry-after']).toBe('30');
    // Even the right password waits for the lock.
    expect((await login('locked@example.com', 'Valid-pass-1', '203.0.113.9')).statusCode).toBe(429);
    expect(await auditActions()).toContain('lockout');

    identity.clock.advance(31_000);
    const again = await login('locked@example.com', 'Wrong-password-1', '203.0.113.9');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('60');

    identity.clock.advance(61_000);
    expect((await login('locked@example.com', 'Valid-pass-1', '203.0.113.9')).statusCode).toBe(200);
  });

  it('keeps a user signing in from a known address while attackers elsewhere exhaust the account', async () => {
    await createUser('target@example.com');
    expect((await login('target@example.com', 'Valid-pass-1', '192.0.2.10')).statusCode).toBe(200);
    // Many attacker addresses, each under its own client limit, together over the account limit.
    for (let i = 0; i < throttlePolicy.freeFailuresPerAccount + 2; i += 1) {
      await login('target@example.com', 'Wrong-password-1', `203.0.113.${100 + (i % 10)}`);
    }
    expect((await login('target@example.com', 'Valid-pass-1', '203.0.113.200')).statusCode).toBe(429);
    expect((await login('target@example.com', 'Valid-pass-1', '192.0.2.10')).statusCode).toBe(200);
  });

  it('signs in 200 different users from one office address within a minute, typing mistakes and all', async () => {
    const password = 'Office-pass-1';
    const passwordHash = await hashPassword(password);
    const roleId = await roleIdOf(identity.pool, 'Admin');
    const emails = Array.from({ length: 200 }, (_, i) => `office.${i}@example.com`);
    for (const email of emails) {
      await insertUser(
        identity.pool,
        { id: randomUUID(), name: email, email, accountType: 'Admin', roleId, status: 'enabled', companyId: COMPANY_ID, employeeId: null, passwordHash },
        identity.clock.now(),
      );
    }
    const office = '192.0.2.44';
    const started = identity.clock.now().getTime();
    const statuses = { right: [] as number[], typos: [] as number[] };
    for (const [i, email] of emails.entries()) {
      // One in five mistypes first: 40 wrong passwords from the address among the 200 right ones.
      if (i % 5 === 0) statuses.typos.push((await login(email, 'Office-pass-2', office)).statusCode);
      statuses.right.push((await login(email, password, office)).statusCode);
      identity.clock.advance(250);
    }
    expect(identity.clock.now().getTime() - started).toBeLessThanOrEqual(60_000);
    expect(statuses.typos).toEqual(Array<number>(40).fill(401));
    expect(statuses.right).toEqual(Array<number>(200).fill(200));
    // 240 argon2 verifications: ~10 s on an idle machine, several times that on 2 cores shared with the other tiers.
  }, 180_000);

  it('slows wrong passwords from an address past its burst, whatever the accounts, but never a right password', async () => {
    await createUser('colleague@example.com');
    const ip = '203.0.113.50';
    const statuses: number[] = [];
    let slowed = null as Awaited<ReturnType<typeof login>> | null;
    for (let i = 0; i <= ADDRESS_FAILURE_LIMIT.burst; i += 1) {
      slowed = await login(`sprayed.${i}@example.com`, 'Summer-2026!', ip);
      statuses.push(slowed.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(ADDRESS_FAILURE_LIMIT.burst).fill(401), 429]);
    expect(slowed?.json()).toMatchObject({ detail: 'Too many failed sign-in attempts. Try again in 1 minute.' });
    expect(slowed?.headers['retry-after']).toBe('30');

    expect((await login('colleague@example.com', 'Valid-pass-1', ip)).statusCode).toBe(200);
    expect((await login('colleague@example.com', 'Wrong-password-1', ip)).statusCode).toBe(429);
    expect((await login('colleague@example.com', 'Valid-pass-1', ip)).statusCode).toBe(200);
    expect((await login('colleague@example.com', 'Wrong-password-1', '203.0.113.51')).statusCode).toBe(401);
    const { rows } = await identity.pool.query<{ details: Record<string, string> }>("SELECT details FROM audit_log WHERE action = 'lockout' AND ip = $1", [ip]);
    expect(rows).toEqual([{ details: { until: expect.any(String), scope: 'address' } }]);
  });

  it('tells a disabled user so only after a correct password', async () => {
    await createUser('disabled@example.com');
    const root = await principalOf(identity.pool, ADMIN_EMAIL);
    const target = await principalOf(identity.pool, 'disabled@example.com');
    if (target.kind !== 'user') throw new Error('expected a user');
    await identity.app.inject({ method: 'PATCH', url: `/api/users/${target.userId}`, headers: asCaller(root), payload: { status: 'disabled' } });
    expect((await login('disabled@example.com', 'Wrong-password-1')).json()).toMatchObject({ detail: 'Invalid email or password' });
    const right = await login('disabled@example.com', 'Valid-pass-1');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ detail: 'This account is disabled.' });
  });
});

describe('sign-up', () => {
  const form = { name: 'Ana Lima', email: 'ana@example.com', password: 'Ana-pass-12', confirmPassword: 'Ana-pass-12' };

  it('is closed unless the organisation opens it', async () => {
    const status = await identity.app.inject({ method: 'GET', url: '/api/sign-up', headers: asCaller(anonymous) });
    expect(status.json()).toEqual({ enabled: false });
    const response = await identity.app.inject({ method: 'POST', url: '/api/sign-up', headers: asCaller(anonymous), payload: form });
    expect(response.statusCode).toBe(403);
    const { rows } = await identity.pool.query('SELECT 1 FROM users WHERE email = $1', [form.email]);
    expect(rows).toHaveLength(0);
  });

  it('is opened or closed for the whole organisation by a SuperAdmin only, as the other organisation-wide settings', async () => {
    await createUser('company.admin@example.com');
    const companyAdmin = await principalOf(identity.pool, 'company.admin@example.com');
    const refused = await identity.app.inject({ method: 'PUT', url: '/api/settings/sign-up', headers: asCaller(companyAdmin), payload: { enabled: true } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ messageKey: 'onlyASuperadminCanChangeTheOrganisation' });
    expect((await identity.app.inject({ method: 'GET', url: '/api/sign-up', headers: asCaller(anonymous) })).json()).toEqual({ enabled: false });
  });

  it('creates an Employee account with the default role, linked to the employee with that email', async () => {
    const root = await principalOf(identity.pool, ADMIN_EMAIL);
    expect((await identity.app.inject({ method: 'PUT', url: '/api/settings/sign-up', headers: asCaller(root), payload: { enabled: true } })).statusCode).toBe(
      200,
    );
    await identity.bus.publish([
      testEvent('employee.EmployeeCreated', EMPLOYEE_ID, employeeSnapshot({ employeeId: EMPLOYEE_ID, companyId: COMPANY_ID, email: 'ana@example.com' })),
    ]);
    const response = await identity.app.inject({ method: 'POST', url: '/api/sign-up', headers: asCaller(anonymous), payload: form });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Sign-up received. Sign in with your email and password.' });
    expect(response.cookies).toEqual([]);
    const { rows } = await identity.pool.query('SELECT u.employee_id, u.company_id, r.name FROM users u JOIN roles r ON r.id = u.role_id WHERE u.email = $1', [
      form.email,
    ]);
    expect(rows).toEqual([{ employee_id: EMPLOYEE_ID, company_id: COMPANY_ID, name: 'Employee' }]);
    const signedIn = await login(form.email, form.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { email: 'ana@example.com', account_type: 'Employee', role: { dashboard: ['read'] } } });
  });

  it('answers for an address already in use exactly as for a new one, creating nothing and changing nothing', async () => {
    // As sign-in answers the same 401 for an unknown address and a wrong password, sign-up never tells whether an address has an account.
    const fresh = await identity.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      headers: asCaller(anonymous),
      payload: { ...form, email: 'fresh.person@example.com' },
    });
    const taken = await identity.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      headers: asCaller(anonymous),
      payload: { ...form, password: 'Other-pass-34', confirmPassword: 'Other-pass-34' },
    });
    expect({ status: taken.statusCode, body: taken.json(), cookies: taken.cookies.length }).toEqual({
      status: fresh.statusCode,
      body: fresh.json(),
      cookies: fresh.cookies.length,
    });
    const { rows } = await identity.pool.query('SELECT count(*)::int AS accounts FROM users WHERE lower(email) = $1', [form.email]);
    expect(rows[0]).toEqual({ accounts: 1 });
    expect((await login(form.email, 'Other-pass-34')).statusCode).toBe(401);
    expect((await login(form.email, form.password)).statusCode).toBe(200);
  });

  it('applies the password rules with their messages', async () => {
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      headers: asCaller(anonymous),
      payload: { ...form, email: 'x@example.com', confirmPassword: 'Other-pass-12' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'Passwords do not match.', messageKey: 'passwordsDoNotMatch' });
  });
});

describe('sign-out', () => {
  it('revokes the presented token by its jti and clears the cookies', async () => {
    const session = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).json<{ accessToken: string }>();
    const root = await principalOf(identity.pool, ADMIN_EMAIL);
    const revoked: unknown[] = [];
    await identity.bus.subscribe('sign-out-test', ['ams.identity'], async (event) => {
      if (event.type === 'identity.SessionRevoked') revoked.push(event.payload);
    });
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/sign-out',
      headers: { ...asCaller(root), authorization: `Bearer ${session.accessToken}` },
    });
    expect(response.statusCode).toBe(200);
    const claims = jwt.decode(session.accessToken) as { jti: string };
    expect(revoked).toEqual([expect.objectContaining({ jti: claims.jti })]);
    expect(response.cookies.find((cookie) => cookie.name === 'token')?.value).toBe('');
    expect(await auditActions()).toContain('sign-out');
  });

  it('revokes by jti on the service clock, however far it is from the wall clock', async () => {
    for (const instant of ['2031-06-30T23:30:00Z', '2019-01-01T00:00:00Z']) {
      identity.clock.set(instant);
      const session = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).json<{ accessToken: string }>();
      const revoked: Array<{ jti: string; expiresAt: string }> = [];
      const subscription = await identity.bus.subscribe(`sign-out-clock-${instant}`, ['ams.identity'], async (event) => {
        if (event.type === 'identity.SessionRevoked') revoked.push(event.payload as { jti: string; expiresAt: string });
      });
      const root = await principalOf(identity.pool, ADMIN_EMAIL);
      await identity.app.inject({ method: 'POST', url: '/api/sign-out', headers: { ...asCaller(root), authorization: `Bearer ${session.accessToken}` } });
      await subscription.stop();
      const claims = jwt.decode(session.accessToken) as { jti: string };
      expect(revoked).toEqual([expect.objectContaining({ jti: claims.jti, expiresAt: new Date(Date.parse(instant) + 24 * 60 * 60_000).toISOString() })]);
    }
  });
});
