import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, migrateBefore, type TestDatabase } from '@ams/db/testing';
import { PEOPLE_SCHEMA, peopleMigrations } from '../migrations.ts';

// An installation where an employee was erased before erasure took the RFID card: the record kept it.

const THE_MIGRATION = '0013_erased_employees_cards.sql';
const [company, department, jobTitle, leaveGroup, erased, active] = Array.from({ length: 6 }, () => randomUUID());

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateBefore(database.url, PEOPLE_SCHEMA, peopleMigrations, 'people', THE_MIGRATION);
  pool = createPool({ connectionString: database.url, schema: PEOPLE_SCHEMA });
  await pool.query("INSERT INTO companies (id, name) VALUES ($1, 'Acme')", [company]);
  await pool.query("INSERT INTO departments (id, company_id, name) VALUES ($1, $2, 'Floor')", [department, company]);
  await pool.query("INSERT INTO job_titles (id, company_id, department_id, name) VALUES ($1, $2, $3, 'Operator')", [jobTitle, company, department]);
  await pool.query("INSERT INTO leave_groups (id, company_id, name, description, status) VALUES ($1, $2, 'Staff', '', 'active')", [leaveGroup, company]);
  for (const [id, nationalId, card] of [
    [erased, `ERASED-${erased}`, 'CARD-ERASED'],
    [active, 'AB-123', 'CARD-ACTIVE'],
  ] as const) {
    await pool.query(
      `INSERT INTO employees (id, company_id, department_id, job_title_id, leave_group_id, first_name, last_name, gender, email, national_id, employment_type, rfid_card)
       VALUES ($1, $2, $3, $4, $5, 'First', 'Last', 'FEMALE', $6, $7, 'regular', $8)`,
      [id, company, department, jobTitle, leaveGroup, `${id}@example.com`, nationalId, card],
    );
  }
  await migrate({ connectionString: database.url, schema: PEOPLE_SCHEMA, sources: peopleMigrations });
});
afterAll(async () => {
  await pool?.end();
  await database?.dispose();
});

describe('the upgrade that takes the cards of employees erased earlier', () => {
  it("takes an erased employee's card off the record and keeps everyone else's", async () => {
    const { rows } = await pool.query<{ id: string; card: string | null }>('SELECT id, rfid_card AS card FROM employees ORDER BY rfid_card NULLS FIRST');
    expect(rows).toEqual([
      { id: erased, card: null },
      { id: active, card: 'CARD-ACTIVE' },
    ]);
  });
});
