import { testEvent } from '@ams/bus/testing';
import type { Principal } from '@ams/contracts';
import type { Pool } from '@ams/db';
import { asCaller, startServiceHarness, type ServiceHarness } from '@ams/service-kit/testing';
import { buildIdentity } from '../app.ts';
import { IDENTITY_SCHEMA, identityMigrations } from '../migrations.ts';

export const JWT_SECRET = 'jwt-secret-for-identity-tests-0123456789abcdef';
export const ADMIN_EMAIL = 'root@example.com';
export const ADMIN_PASSWORD = 'Root-password-1';

export interface IdentityHarness extends ServiceHarness {
  /** The generated first-admin passwords identity printed, in order. */
  announced: Array<{ email: string; password: string }>;
}

/** The identity service with its first admin (by default ADMIN_EMAIL with ADMIN_PASSWORD), its clock at 2026-11-21 09:00 UTC. */
export async function startIdentity(options: { firstAdmin?: { email?: string; password?: string } } = {}): Promise<IdentityHarness> {
  const announced: IdentityHarness['announced'] = [];
  const harness = await startServiceHarness({
    schema: IDENTITY_SCHEMA,
    migrations: identityMigrations,
    startAt: '2026-11-21T09:00:00Z',
    build: (deps) =>
      buildIdentity({
        ...deps,
        secrets: { ...deps.secrets, jwt: JWT_SECRET },
        firstAdmin: options.firstAdmin ?? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        announceGeneratedPassword: (email, password) => void announced.push({ email, password }),
      }),
  });
  return { ...harness, announced };
}

/** The principal the gateway would build for a stored user. */
export async function principalOf(pool: Pool, email: string): Promise<Principal> {
  const { rows } = await pool.query<{
    id: string;
    account_type: 'SuperAdmin' | 'Admin' | 'Employee';
    company_id: string | null;
    employee_id: string | null;
    permissions: Record<string, string[]>;
  }>(`SELECT u.id, u.account_type, u.company_id, u.employee_id, r.permissions FROM users u JOIN roles r ON r.id = u.role_id WHERE lower(u.email) = lower($1)`, [
    email,
  ]);
  const row = rows[0];
  if (!row) throw new Error(`No user ${email}`);
  return { kind: 'user', userId: row.id, accountType: row.account_type, companyId: row.company_id, employeeId: row.employee_id, permissions: row.permissions };
}

export async function roleIdOf(pool: Pool, name: string, companyId: string | null = null): Promise<string> {
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM roles WHERE name = $1 AND company_id IS NOT DISTINCT FROM $2', [name, companyId]);
  if (!rows[0]) throw new Error(`No role ${name}`);
  return rows[0].id;
}

/** Announces a company as the people service would, so users and roles may be placed in it. */
export async function announceCompany(harness: IdentityHarness, companyId: string, name = 'Company'): Promise<void> {
  await harness.bus.publish([testEvent('organisation.CompanySaved', companyId, { companyId, name })]);
}

export const USER_PASSWORD = 'Valid-pass-1';

export interface NewUser {
  email: string;
  accountType: 'SuperAdmin' | 'Admin' | 'Employee';
  name?: string;
  roleId?: string;
  companyId?: string | null;
  employeeId?: string;
  password?: string;
  confirmPassword?: string;
}

/**
 * A POST /api/users body: enabled, named by its email, with USER_PASSWORD and the default role of its type
 * (the Admin role for a SuperAdmin) unless `user` says otherwise.
 */
export async function newUserBody(pool: Pool, user: NewUser): Promise<object> {
  return {
    name: user.email,
    roleId: user.roleId ?? (await roleIdOf(pool, user.accountType === 'Employee' ? 'Employee' : 'Admin')),
    status: 'enabled',
    password: USER_PASSWORD,
    confirmPassword: USER_PASSWORD,
    ...user,
  };
}

/** POST /api/users by `by` with newUserBody's body. */
export async function postUserThroughApi(harness: IdentityHarness, by: Principal, user: NewUser) {
  return harness.app.inject({ method: 'POST', url: '/api/users', headers: asCaller(by), payload: await newUserBody(harness.pool, user) });
}

/** A user created through the API by `by`, with its company's role of its type; answers its principal. */
export async function createUserThroughApi(
  harness: IdentityHarness,
  by: Principal,
  user: { email: string; accountType: 'Admin' | 'Employee'; companyId: string },
): Promise<Principal> {
  const response = await postUserThroughApi(harness, by, user);
  if (response.statusCode !== 201) throw new Error(`Creating ${user.email} answered ${response.statusCode}: ${response.body}`);
  return principalOf(harness.pool, user.email);
}
