import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import { ERASED_FIRST_NAME, erasedEmail, erasedLastName } from '@ams/contracts';
import { anonymous, employeeSnapshot } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { ADMIN_EMAIL, announceCompany, postUserThroughApi, principalOf, startIdentity, type IdentityHarness } from '../test-support/identity-harness.ts';

let identity: IdentityHarness;

const COMPANY = '3c3c3c3c-0000-4000-8000-00000000003c';
const EMPLOYEE = '7a7a7a7a-0000-4000-8000-00000000007a';
// The address on her employee record and the one of her account differ: both name her.
const RECORD_EMAIL = 'marisol.record@erase.example';
const ACCOUNT_EMAIL = 'marisol.account@erase.example';

function signIn(email: string, password: string) {
  return identity.app.inject({ method: 'POST', url: '/api/user/login', headers: asCaller(anonymous), payload: { email, password } });
}

/** The tables of identity whose rows' text still holds `text`. */
async function tablesHolding(text: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of ['users', 'login_throttle', 'audit_log', 'outbox']) {
    const { rows } = await identity.pool.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table} t WHERE t::text ILIKE $1`, [`%${text}%`]);
    if ((rows[0]?.count ?? 0) > 0) found.push(table);
  }
  return found;
}

beforeAll(async () => {
  identity = await startIdentity();
  await announceCompany(identity, COMPANY, 'Erasure Co');
  const snapshot = employeeSnapshot({ employeeId: EMPLOYEE, companyId: COMPANY, firstName: 'Marisol', email: RECORD_EMAIL });
  await identity.bus.publish([testEvent('employee.EmployeeCreated', EMPLOYEE, snapshot)]);
  const created = await postUserThroughApi(identity, await principalOf(identity.pool, ADMIN_EMAIL), {
    name: 'Marisol Lima',
    email: ACCOUNT_EMAIL,
    accountType: 'Employee',
    companyId: COMPANY,
    employeeId: EMPLOYEE,
  });
  expect(created.statusCode).toBe(201);
  // Wrong passwords under both addresses: throttle rows and security-log entries that name her.
  expect((await signIn(ACCOUNT_EMAIL, 'Wrong-pass-1')).statusCode).toBe(401);
  expect((await signIn(RECORD_EMAIL, 'Wrong-pass-1')).statusCode).toBe(401);
});
afterAll(async () => {
  await identity?.close();
});

describe("identity's part of an employee's erasure", () => {
  it('leaves no address of hers in the throttle, the security log or the published events, and keeps the log entries', async () => {
    // Her account's events went out (so the relay's published rows hold her address until erased).
    await expect.poll(async () => (await identity.pool.query('SELECT FROM outbox WHERE published_at IS NULL')).rowCount).toBe(0);
    for (const email of [ACCOUNT_EMAIL, RECORD_EMAIL]) expect(await tablesHolding(email)).toEqual(expect.arrayContaining(['login_throttle', 'audit_log']));
    expect(await tablesHolding(ACCOUNT_EMAIL)).toContain('outbox');
    const { rows: before } = await identity.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM audit_log');

    const erased = employeeSnapshot({
      employeeId: EMPLOYEE,
      companyId: COMPANY,
      firstName: ERASED_FIRST_NAME,
      lastName: erasedLastName(EMPLOYEE),
      email: erasedEmail(EMPLOYEE),
    });
    await identity.bus.publish([testEvent('employee.EmployeeErased', EMPLOYEE, { ...erased, erasedAt: new Date().toISOString() })]);

    await expect.poll(() => tablesHolding('marisol')).toEqual([]);
    const { rows: after } = await identity.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM audit_log');
    expect(after).toEqual(before);
    expect((await identity.pool.query('SELECT FROM audit_log WHERE actor_email = $1', [erasedEmail(EMPLOYEE)])).rowCount).toBeGreaterThan(0);
  });
});
