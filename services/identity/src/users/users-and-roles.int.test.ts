import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import { routesOf, type Principal } from '@ams/contracts';
import { anonymous, employeeSnapshot } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  announceCompany,
  createUserThroughApi,
  postUserThroughApi,
  principalOf,
  roleIdOf,
  startIdentity,
  USER_PASSWORD,
  type IdentityHarness,
  type NewUser,
} from '../test-support/identity-harness.ts';

let identity: IdentityHarness;
let root: Principal;
let adminA: Principal;
let adminB: Principal;

const password = USER_PASSWORD;
const COMPANY_A = '1a1a1a1a-0000-4000-8000-00000000000a';
const COMPANY_B = '2b2b2b2b-0000-4000-8000-00000000000b';
const EMPLOYEE_OF_B = '4d4d4d4d-0000-4000-8000-00000000004d';

async function call(principal: Principal, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return identity.app.inject({ method, url, headers: asCaller(principal), ...(payload ? { payload } : {}) });
}

const postUser = (by: Principal, user: NewUser) => postUserThroughApi(identity, by, user);

const createAdmin = (email: string, companyId: string) => createUserThroughApi(identity, root, { email, accountType: 'Admin', companyId });

function signIn(email: string, withPassword: string) {
  return identity.app.inject({ method: 'POST', url: '/api/user/login', headers: asCaller(anonymous), payload: { email, password: withPassword } });
}

async function tokenVersion(email: string): Promise<number> {
  const { rows } = await identity.pool.query<{ token_version: number }>('SELECT token_version FROM users WHERE email = $1', [email]);
  return rows[0]?.token_version ?? -1;
}

beforeAll(async () => {
  identity = await startIdentity();
  root = await principalOf(identity.pool, ADMIN_EMAIL);
  await announceCompany(identity, COMPANY_A, 'A');
  await announceCompany(identity, COMPANY_B, 'B');
  adminA = await createAdmin('admin.a@example.com', COMPANY_A);
  adminB = await createAdmin('admin.b@example.com', COMPANY_B);
});
afterAll(async () => {
  await identity?.close();
});

describe('routes', () => {
  it('implements every identity route of the shared route table', () => {
    for (const route of routesOf('identity')) {
      expect(identity.app.hasRoute({ method: route.method, url: route.path }), `${route.method} ${route.path}`).toBe(true);
    }
  });

  it('refuses a request without the gateway signature', async () => {
    const response = await identity.app.inject({ method: 'GET', url: '/api/users' });
    expect(response.statusCode).toBe(401);
  });
});

describe('password rules', () => {
  const cases: Array<[string, string]> = [
    ['Sh0rt!', 'Password must be at least 8 characters'],
    ['nouppercase1!', 'Password must contain an uppercase letter'],
    ['NOLOWERCASE1!', 'Password must contain a lowercase letter'],
    ['NoNumbers!!', 'Password must contain a number'],
    ['NoSpecial123', 'Password must contain a special character'],
  ];
  it.each(cases)('refuses %s with "%s"', async (weak, message) => {
    const response = await postUser(root, {
      name: 'Weak',
      email: `weak-${weak.length}@example.com`,
      accountType: 'Admin',
      password: weak,
      confirmPassword: weak,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: message });
  });

  it("refuses a confirmation that differs with 'Passwords do not match.'", async () => {
    const response = await postUser(root, { name: 'Mismatch', email: 'mismatch@example.com', accountType: 'Admin', confirmPassword: 'Valid-pass-2' });
    expect(response.json()).toMatchObject({ status: 400, detail: 'Passwords do not match.' });
  });

  it('changes the own password only with the right current one, and ends the other sessions', async () => {
    const before = await tokenVersion('admin.a@example.com');
    const wrong = await call(adminA, 'POST', '/api/me/password', {
      currentPassword: 'Not-it-123',
      newPassword: 'Newer-pass-2',
      confirmPassword: 'Newer-pass-2',
    });
    expect(wrong.json()).toMatchObject({ status: 400, detail: 'Current password is incorrect' });
    const empty = await call(adminA, 'POST', '/api/me/password', { currentPassword: '', newPassword: 'Newer-pass-2', confirmPassword: 'Newer-pass-2' });
    expect(empty.json()).toMatchObject({ status: 400, detail: 'Please fill out all fields' });
    const changed = await call(adminA, 'POST', '/api/me/password', { currentPassword: password, newPassword: 'Newer-pass-2', confirmPassword: 'Newer-pass-2' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ message: 'Password changed successfully!' });
    expect(await tokenVersion('admin.a@example.com')).toBe(before + 1);
    const login = await identity.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: asCaller({ kind: 'anonymous' }),
      payload: { email: 'admin.a@example.com', password: 'Newer-pass-2' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('company scope', () => {
  let userOfB: string;
  let roleOfB: string;

  beforeAll(async () => {
    const role = await call(adminB, 'POST', '/api/roles', { name: 'Clerk', userType: 'admin', permissions: { user: ['read'] } });
    expect(role.statusCode).toBe(201);
    roleOfB = role.json<{ id: string }>().id;
    const user = await postUser(adminB, { name: 'Bea', email: 'bea@example.com', accountType: 'Admin', roleId: roleOfB });
    expect(user.statusCode).toBe(201);
    userOfB = user.json<{ id: string; companyId: string }>().id;
    expect(user.json()).toMatchObject({ companyId: COMPANY_B });
  });

  it('lists only the own company users to an Admin, every user to the SuperAdmin', async () => {
    const listA = (await call(adminA, 'GET', '/api/users')).json<{ items: Array<{ email: string }> }>();
    expect(listA.items.map((user) => user.email)).toEqual(['admin.a@example.com']);
    const all = (await call(root, 'GET', '/api/users?pageSize=200')).json<{ items: Array<{ email: string }> }>();
    expect(all.items.map((user) => user.email)).toEqual(expect.arrayContaining(['admin.a@example.com', 'bea@example.com', ADMIN_EMAIL]));
  });

  it('hides, and never changes, a user of another company', async () => {
    expect((await call(adminA, 'GET', `/api/users/${userOfB}`)).statusCode).toBe(404);
    expect((await call(adminA, 'PATCH', `/api/users/${userOfB}`, { name: 'Hacked' })).statusCode).toBe(404);
    expect((await call(adminA, 'DELETE', `/api/users/${userOfB}`)).statusCode).toBe(404);
    const { rows } = await identity.pool.query('SELECT name FROM users WHERE id = $1', [userOfB]);
    expect(rows).toEqual([{ name: 'Bea' }]);
  });

  it('hides, and never changes, a role of another company', async () => {
    expect((await call(adminA, 'GET', `/api/roles/${roleOfB}`)).statusCode).toBe(404);
    expect((await call(adminA, 'PATCH', `/api/roles/${roleOfB}`, { permissions: { user: ['read', 'delete'] } })).statusCode).toBe(404);
    expect((await call(adminA, 'DELETE', `/api/roles/${roleOfB}`)).statusCode).toBe(404);
    const { rows } = await identity.pool.query('SELECT permissions FROM roles WHERE id = $1', [roleOfB]);
    expect(rows).toEqual([{ permissions: { user: ['read'] } }]);
  });

  it('does not let an Admin assign another company role or move a user to another company', async () => {
    const foreignRole = await postUser(adminA, { name: 'X', email: 'x1@example.com', accountType: 'Admin', roleId: roleOfB });
    expect(foreignRole.json()).toMatchObject({ status: 400, detail: 'Role not found' });
    const otherCompany = await postUser(adminA, { name: 'X', email: 'x2@example.com', accountType: 'Admin', companyId: COMPANY_B });
    expect(otherCompany.statusCode).toBe(403);
  });
});

describe('placement in a company', () => {
  it('refuses a company the people service never announced, and an employee of another company', async () => {
    const ghost = '9f9f9f9f-0000-4000-8000-00000000009f';
    const unknownCompany = await postUser(root, { name: 'Ghost', email: 'ghost@example.com', accountType: 'Admin', companyId: ghost });
    expect(unknownCompany.json()).toMatchObject({ status: 400, detail: 'Company not found' });
    expect((await call(root, 'POST', '/api/roles', { name: 'Ghost role', companyId: ghost, userType: 'admin', permissions: {} })).json()).toMatchObject({
      detail: 'Company not found',
    });
    await identity.bus.publish([testEvent('employee.EmployeeCreated', EMPLOYEE_OF_B, employeeSnapshot({ employeeId: EMPLOYEE_OF_B, companyId: COMPANY_B }))]);
    const wrongEmployee = await postUser(root, {
      name: 'Mixed',
      email: 'mixed@example.com',
      accountType: 'Employee',
      companyId: COMPANY_A,
      employeeId: EMPLOYEE_OF_B,
    });
    expect(wrongEmployee.json()).toMatchObject({ status: 400, detail: 'Employee not found in this company' });
    const rightEmployee = await postUser(root, {
      name: 'Right',
      email: 'right@example.com',
      accountType: 'Employee',
      companyId: COMPANY_B,
      employeeId: EMPLOYEE_OF_B,
    });
    expect(rightEmployee.statusCode).toBe(201);
    const { rows } = await identity.pool.query("SELECT email FROM users WHERE email IN ('ghost@example.com', 'mixed@example.com')");
    expect(rows).toEqual([]);
  });
});

describe('linking an employee', () => {
  const EMPLOYEE_OF_A = '5e5e5e5e-0000-4000-8000-00000000005e';
  const employeeAccount = (email: string, employeeId: string, companyId = COMPANY_A) =>
    postUser(root, { email, accountType: 'Employee', companyId, employeeId });

  beforeAll(async () => {
    await identity.bus.publish([testEvent('employee.EmployeeCreated', EMPLOYEE_OF_A, employeeSnapshot({ employeeId: EMPLOYEE_OF_A, companyId: COMPANY_A }))]);
  });

  it('refuses an employee that does not exist, with its own message on the field', async () => {
    const response = await employeeAccount('nobody@example.com', '6f6f6f6f-0000-4000-8000-00000000006f');
    expect(response.json()).toMatchObject({
      status: 400,
      messageKey: 'linkedEmployeeNotFound',
      detail: 'The employee to link does not exist.',
      errors: [{ path: 'employeeId', messageKey: 'linkedEmployeeNotFound' }],
    });
  });

  it('links an employee to one user only, on create and on update', async () => {
    expect((await employeeAccount('first.link@example.com', EMPLOYEE_OF_A)).statusCode).toBe(201);
    const second = await employeeAccount('second.link@example.com', EMPLOYEE_OF_A);
    expect(second.json()).toMatchObject({ status: 400, messageKey: 'employeeAlreadyLinked', errors: [{ path: 'employeeId' }] });
    const unlinked = await postUser(root, { name: 'Unlinked', email: 'unlinked@example.com', accountType: 'Admin', companyId: COMPANY_A });
    const { id } = unlinked.json<{ id: string }>();
    const relink = await call(root, 'PATCH', `/api/users/${id}`, { employeeId: EMPLOYEE_OF_A });
    expect(relink.json()).toMatchObject({ status: 400, messageKey: 'employeeAlreadyLinked' });
    // The user already linked keeps its link through other changes.
    const first = (await call(root, 'GET', '/api/users?search=first.link')).json<{ items: Array<{ id: string; employeeId: string | null }> }>().items[0];
    expect(first?.employeeId).toBe(EMPLOYEE_OF_A);
    expect((await call(root, 'PATCH', `/api/users/${first?.id}`, { name: 'Renamed', employeeId: EMPLOYEE_OF_A })).statusCode).toBe(200);
  });
});

describe('privileges', () => {
  it('does not let an Admin create a SuperAdmin or see one', async () => {
    const response = await postUser(adminA, { name: 'Boss', email: 'boss@example.com', accountType: 'SuperAdmin' });
    expect(response.statusCode).toBe(403);
    const rootUser = await principalOf(identity.pool, ADMIN_EMAIL);
    if (rootUser.kind !== 'user') throw new Error('expected a user');
    expect((await call(adminA, 'GET', `/api/users/${rootUser.userId}`)).statusCode).toBe(404);
  });

  it('keeps SuperAdmins out of an Admin list, its total and its pages, even for an Admin without a company', async () => {
    const response = await postUser(root, { name: 'Loose', email: 'loose@example.com', accountType: 'Admin', companyId: null });
    expect(response.statusCode).toBe(201);
    const loose = await principalOf(identity.pool, 'loose@example.com');
    const list = (await call(loose, 'GET', '/api/users?pageSize=1')).json<{ items: Array<{ email: string }>; total: number }>();
    expect(list).toEqual({ items: [expect.objectContaining({ email: 'loose@example.com' })], total: 1 });
  });

  it('does not let a narrow Admin grant permissions it does not hold', async () => {
    const narrowRole = (
      await call(adminA, 'POST', '/api/roles', { name: 'Role keeper', userType: 'admin', permissions: { userRole: ['create', 'read'], user: ['create'] } })
    ).json<{ id: string }>();
    await postUser(adminA, { name: 'Narrow', email: 'narrow@example.com', accountType: 'Admin', roleId: narrowRole.id });
    const narrow = await principalOf(identity.pool, 'narrow@example.com');
    const escalation = await call(narrow, 'POST', '/api/roles', { name: 'Everything', userType: 'admin', permissions: { user: ['delete'] } });
    expect(escalation.json()).toMatchObject({ status: 403, detail: 'You cannot grant permissions you do not hold' });
    const viaDefaultRole = await postUser(narrow, { name: 'Y', email: 'y@example.com', accountType: 'Admin' });
    expect(viaDefaultRole.statusCode).toBe(403);
  });

  it('does not let an Admin change or delete a user who holds permissions it lacks, whatever the field', async () => {
    const readUpdate = (
      await call(root, 'POST', '/api/roles', {
        name: 'User editor',
        userType: 'admin',
        companyId: COMPANY_A,
        permissions: { user: ['read', 'update', 'delete'] },
      })
    ).json<{ id: string }>();
    await postUser(root, { name: 'Editor', email: 'editor@example.com', accountType: 'Admin', roleId: readUpdate.id, companyId: COMPANY_A });
    const editor = await principalOf(identity.pool, 'editor@example.com');
    await postUser(root, { name: 'Full', email: 'full.admin@example.com', accountType: 'Admin', companyId: COMPANY_A });
    const full = await principalOf(identity.pool, 'full.admin@example.com');
    if (full.kind !== 'user') throw new Error('expected a user');
    const attempts: object[] = [
      { password: 'Taken-0ver!pw', confirmPassword: 'Taken-0ver!pw' },
      { email: 'mine@example.com' },
      { name: 'Renamed' },
      { status: 'disabled' },
    ];
    for (const body of attempts) {
      const response = await call(editor, 'PATCH', `/api/users/${full.userId}`, body);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ status: 403, detail: 'You cannot manage a user who holds permissions you do not hold' });
    }
    expect((await call(editor, 'DELETE', `/api/users/${full.userId}`)).statusCode).toBe(403);
    expect((await signIn('full.admin@example.com', 'Taken-0ver!pw')).statusCode).toBe(401);
    expect((await signIn('full.admin@example.com', password)).statusCode).toBe(200);
    // A peer with no more than the editor's permissions stays manageable.
    await postUser(root, { name: 'Peer', email: 'peer@example.com', accountType: 'Admin', roleId: readUpdate.id, companyId: COMPANY_A });
    const peer = await principalOf(identity.pool, 'peer@example.com');
    if (peer.kind !== 'user') throw new Error('expected a user');
    expect((await call(editor, 'PATCH', `/api/users/${peer.userId}`, { name: 'Peer renamed' })).statusCode).toBe(200);
  });

  it('does not let an Admin narrow or delete a role that holds permissions it lacks', async () => {
    const wide = (
      await call(root, 'POST', '/api/roles', {
        name: 'Wide',
        userType: 'admin',
        companyId: COMPANY_A,
        permissions: { user: ['read', 'update', 'delete'], userRole: ['read', 'update', 'delete'] },
      })
    ).json<{ id: string }>();
    const narrowRole = (
      await call(root, 'POST', '/api/roles', {
        name: 'Role editor',
        userType: 'admin',
        companyId: COMPANY_A,
        permissions: { userRole: ['read', 'update', 'delete'] },
      })
    ).json<{ id: string }>();
    await postUser(root, { name: 'Role editor', email: 'role.editor@example.com', accountType: 'Admin', roleId: narrowRole.id, companyId: COMPANY_A });
    const roleEditor = await principalOf(identity.pool, 'role.editor@example.com');
    const narrowed = await call(roleEditor, 'PATCH', `/api/roles/${wide.id}`, { permissions: { userRole: ['read'] } });
    expect(narrowed.json()).toMatchObject({ status: 403, detail: 'You cannot change a role that holds permissions you do not hold' });
    expect((await call(roleEditor, 'DELETE', `/api/roles/${wide.id}`)).statusCode).toBe(403);
    expect((await call(roleEditor, 'PATCH', `/api/roles/${narrowRole.id}`, { name: 'Role editors' })).statusCode).toBe(200);
  });

  it('refuses a new password for oneself through the user routes: only /api/me/password with the current one', async () => {
    const self = await createAdmin('self@example.com', COMPANY_A);
    if (self.kind !== 'user') throw new Error('expected a user');
    const response = await call(self, 'PATCH', `/api/users/${self.userId}`, { password: 'Changed-pass-2', confirmPassword: 'Changed-pass-2' });
    expect(response.json()).toMatchObject({ status: 403, detail: 'Change your own password from your account, with your current password' });
    expect((await signIn('self@example.com', password)).statusCode).toBe(200);
  });

  it('lets only a SuperAdmin change the default roles', async () => {
    const adminRole = await roleIdOf(identity.pool, 'Admin');
    expect((await call(adminA, 'PATCH', `/api/roles/${adminRole}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await call(root, 'DELETE', `/api/roles/${adminRole}`)).statusCode).toBe(403);
  });

  it('keeps the last SuperAdmin and refuses disabling oneself', async () => {
    if (root.kind !== 'user') throw new Error('expected a user');
    const self = await call(root, 'PATCH', `/api/users/${root.userId}`, { status: 'disabled' });
    expect(self.statusCode).toBe(409);
  });
});

describe('revocation triggers', () => {
  it('bumps the token version when a user is disabled or gets another role, not when renamed', async () => {
    const user = await createAdmin('bumped@example.com', COMPANY_A);
    if (user.kind !== 'user') throw new Error('expected a user');
    const start = await tokenVersion('bumped@example.com');
    await call(root, 'PATCH', `/api/users/${user.userId}`, { name: 'Renamed' });
    expect(await tokenVersion('bumped@example.com')).toBe(start);
    await call(root, 'PATCH', `/api/users/${user.userId}`, { status: 'disabled' });
    expect(await tokenVersion('bumped@example.com')).toBe(start + 1);
    const clerk = (
      await call(root, 'POST', '/api/roles', { name: 'Viewer', companyId: COMPANY_A, userType: 'admin', permissions: { dashboard: ['read'] } })
    ).json<{ id: string }>();
    const changed = await call(root, 'PATCH', `/api/users/${user.userId}`, { roleId: clerk.id });
    expect(changed.statusCode).toBe(200);
    expect(await tokenVersion('bumped@example.com')).toBe(start + 2);
  });

  it('records why the sessions ended, so the gateway can tell the user', async () => {
    const user = await createAdmin('reasoned@example.com', COMPANY_A);
    if (user.kind !== 'user') throw new Error('expected a user');
    const reasonOf = async () =>
      (await identity.pool.query<{ session_end_reason: string | null }>('SELECT session_end_reason FROM users WHERE id = $1', [user.userId])).rows[0]
        ?.session_end_reason;
    expect(await reasonOf()).toBeNull();
    await call(root, 'PATCH', `/api/users/${user.userId}`, { companyId: COMPANY_B });
    expect(await reasonOf()).toBe('company-changed');
    const viewer = (
      await call(root, 'POST', '/api/roles', { name: 'Viewer B', companyId: COMPANY_B, userType: 'admin', permissions: { dashboard: ['read'] } })
    ).json<{ id: string }>();
    await call(root, 'PATCH', `/api/users/${user.userId}`, { roleId: viewer.id });
    expect(await reasonOf()).toBe('role-changed');
    await call(root, 'PATCH', `/api/users/${user.userId}`, { status: 'disabled' });
    expect(await reasonOf()).toBe('account-disabled');
    const saved = await identity.pool.query<{ reason: string | null }>(
      `SELECT envelope->'payload'->>'sessionEndReason' AS reason FROM outbox
        WHERE envelope->>'type' = 'identity.UserSaved' AND envelope->>'key' = $1 ORDER BY position DESC LIMIT 1`,
      [user.userId],
    );
    expect(saved.rows[0]?.reason).toBe('account-disabled');
  });

  it('records each user and role change as an audit event with actor, subject and address', async () => {
    const { rows } = await identity.pool.query<{ action: string; actor_id: string; ip: string }>(
      `SELECT action, actor_id, ip FROM audit_log WHERE action IN ('user-created', 'role-created', 'user-updated') AND actor_id = $1 LIMIT 1`,
      [root.kind === 'user' ? root.userId : ''],
    );
    expect(rows[0]).toMatchObject({ ip: '198.51.100.7' });
  });
});

describe('first start', () => {
  it('generates and announces a strong SuperAdmin password once when none is configured', async () => {
    const fresh = await startIdentity({ firstAdmin: { email: 'owner@example.com' } });
    try {
      expect(fresh.announced).toHaveLength(1);
      const generated = fresh.announced[0]?.password ?? '';
      expect(generated.length).toBeGreaterThanOrEqual(20);
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: asCaller({ kind: 'anonymous' }),
        payload: { email: 'owner@example.com', password: generated },
      });
      expect(login.statusCode).toBe(200);
      expect(ADMIN_PASSWORD).not.toBe(generated);
    } finally {
      await fresh.close();
    }
  });
});
