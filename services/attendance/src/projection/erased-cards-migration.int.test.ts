import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import { ATTENDANCE_SCHEMA, attendanceMigrations } from '../migrations.ts';
import { migrateBefore } from '../test-support/migrate-before.ts';

// An installation where an employee was erased before erasure took the RFID card: the kiosk still knew the card.

const THE_MIGRATION = '0013_erased_employees_cards.sql';
const erased = randomUUID();
const active = randomUUID();

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateBefore(database.url, THE_MIGRATION);
  pool = createPool({ connectionString: database.url, schema: ATTENDANCE_SCHEMA });
  await pool.query('INSERT INTO kiosk_identities (employee_id, national_id, rfid_card) VALUES ($1, $2, $3), ($4, $5, $6)', [
    erased,
    `ERASED-${erased}`,
    'CARD-ERASED',
    active,
    'AB-123',
    'CARD-ACTIVE',
  ]);
  await migrate({ connectionString: database.url, schema: ATTENDANCE_SCHEMA, sources: attendanceMigrations });
});
afterAll(async () => {
  await pool?.end();
  await database?.dispose();
});

describe('the upgrade that takes the cards of employees erased earlier', () => {
  it("forgets an erased employee's card and keeps everyone else's", async () => {
    const { rows } = await pool.query<{ id: string; card: string | null }>(
      'SELECT employee_id AS id, rfid_card AS card FROM kiosk_identities ORDER BY rfid_card NULLS FIRST',
    );
    expect(rows).toEqual([
      { id: erased, card: null },
      { id: active, card: 'CARD-ACTIVE' },
    ]);
  });
});
