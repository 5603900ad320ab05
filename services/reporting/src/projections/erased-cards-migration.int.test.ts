import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeSnapshot } from '@ams/contracts/testing';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, migrateBefore, type TestDatabase } from '@ams/db/testing';
import { REPORTING_SCHEMA, reportingMigrations } from '../migrations.ts';

// An installation where an employee was erased before erasure took the RFID card: reporting's copy still held it.

const THE_MIGRATION = '0009_erased_employees_cards.sql';
const erased = employeeSnapshot({ firstName: 'Erased employee', rfidCard: 'CARD-ERASED' });
const active = employeeSnapshot({ rfidCard: 'CARD-ACTIVE' });
erased.nationalId = `ERASED-${erased.employeeId}`;

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateBefore(database.url, REPORTING_SCHEMA, reportingMigrations, 'reporting', THE_MIGRATION);
  pool = createPool({ connectionString: database.url, schema: REPORTING_SCHEMA });
  for (const e of [erased, active]) {
    await pool.query(
      `INSERT INTO employees (employee_id, company_id, department_id, job_title_id, first_name, last_name, employment_status, created_at, snapshot)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [e.employeeId, e.companyId, e.departmentId, e.jobTitleId, e.firstName, e.lastName, e.employmentStatus, e.createdAt, JSON.stringify(e)],
    );
  }
  await migrate({ connectionString: database.url, schema: REPORTING_SCHEMA, sources: reportingMigrations });
});
afterAll(async () => {
  await pool?.end();
  await database?.dispose();
});

describe('the upgrade that takes the cards of employees erased earlier', () => {
  it("forgets an erased employee's card in reporting's copy and keeps everyone else's", async () => {
    const card = async (id: string) =>
      (await pool.query<{ card: string | null }>("SELECT snapshot->>'rfidCard' AS card FROM employees WHERE employee_id = $1", [id])).rows[0]?.card;
    expect(await card(erased.employeeId)).toBeNull();
    expect(await card(active.employeeId)).toBe('CARD-ACTIVE');
  });
});
