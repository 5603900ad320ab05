import { createInProcessBus, type Bus } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import type { Principal } from '@ams/contracts';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import { signPrincipal, type ServiceApp } from '@ams/service-kit';
import { testClock, type TestClock } from '@ams/service-kit/testing';
import { buildIdentity } from '../app.ts';
import { IDENTITY_SCHEMA, identityMigrations } from '../migrations.ts';

export const INTERNAL_SECRET = 'internal-secret-for-identity-tests-0123456789';
export const JWT_SECRET = 'jwt-secret-for-identity-tests-0123456789abcdef';
export const ADMIN_EMAIL = 'root@example.com';
export const ADMIN_PASSWORD = 'Root-password-1';

export interface IdentityHarness {
  app: ServiceApp;
  pool: Pool;
  bus: Bus;
  clock: TestClock;
  announced: Array<{ email: string; password: string }>;
  close(): Promise<void>;
}

/** The identity service on its own database, with the in-process bus, called as the gateway would. */
export async function startIdentity(options: { firstAdmin?: { email?: string; password?: string }; database?: TestDatabase } = {}): Promise<IdentityHarness> {
  const database = options.database ?? (await createTestDatabase());
  await migrate({ connectionString: database.url, schema: IDENTITY_SCHEMA, sources: identityMigrations });
  const pool = createPool({ connectionString: database.url, schema: IDENTITY_SCHEMA });
  const bus = createInProcessBus();
  const clock = testClock('2026-11-21T09:00:00Z');
  const announced: Array<{ email: string; password: string }> = [];
  const app = await buildIdentity({
    pool,
    bus,
    secrets: { internal: INTERNAL_SECRET, jwt: JWT_SECRET },
    firstAdmin: options.firstAdmin ?? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    announceGeneratedPassword: (email, password) => void announced.push({ email, password }),
    logLevel: 'silent',
    now: clock.now,
  });
  await app.ready();
  return {
    app,
    pool,
    bus,
    clock,
    announced,
    async close() {
      await app.close();
      await bus.close();
      await pool.end();
      if (!options.database) await database.dispose();
    },
  };
}

/** Headers the gateway would add for this caller. */
export function asCaller(principal: Principal, ip = '198.51.100.7'): Record<string, string> {
  return signPrincipal(principal, INTERNAL_SECRET, { client: { ip, userAgent: 'vitest' } });
}

export const anonymous: Principal = { kind: 'anonymous' };

/** The principal the gateway would build for a stored user. */
export async function principalOf(pool: Pool, email: string): Promise<Principal> {
  const { rows } = await pool.query<{ id: string; account_type: 'SuperAdmin' | 'Admin' | 'Employee'; company_id: string | null; employee_id: string | null; permissions: Record<string, string[]> }>(
    `SELECT u.id, u.account_type, u.company_id, u.employee_id, r.permissions FROM users u JOIN roles r ON r.id = u.role_id WHERE lower(u.email) = lower($1)`,
    [email],
  );
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
