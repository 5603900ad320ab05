import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import { ATTENDANCE_SCHEMA, attendanceMigrations } from '../migrations.ts';
import { migrateBefore } from '../test-support/migrate-before.ts';

// An installation from before the two statuses: attendance_days kept one status (early departure over late
// arrival). The upgrade fills both from what each row holds, with no rebuild.

const THE_MIGRATION = '0007_arrival_and_departure_status.sql';
const company = randomUUID();

let database: TestDatabase;
let pool: Pool;

/** Old rows, by name: the one status, the minutes late and whether the day has a time out. */
const oldDays = {
  lateAndEarly: { status: 'early departure', lateMinutes: 25, closed: true },
  earlyOnly: { status: 'early departure', lateMinutes: 0, closed: true },
  lateOnly: { status: 'late arrival', lateMinutes: 10, closed: true },
  onTime: { status: 'on time', lateMinutes: 0, closed: true },
  lateAndOpen: { status: 'late arrival', lateMinutes: 5, closed: false },
  noShift: { status: null, lateMinutes: 0, closed: true },
} as const;
const ids = Object.fromEntries(Object.keys(oldDays).map((name) => [name, randomUUID()])) as Record<keyof typeof oldDays, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateBefore(database.url, THE_MIGRATION);
  pool = createPool({ connectionString: database.url, schema: ATTENDANCE_SCHEMA });
  for (const [name, day] of Object.entries(oldDays) as [keyof typeof oldDays, (typeof oldDays)[keyof typeof oldDays]][]) {
    await pool.query(
      `INSERT INTO attendance_days (work_day_id, employee_id, company_id, work_date, time_in, time_out, overtime_hours, late_minutes, status, state, since, updated_at)
       VALUES ($1, $2, $3, '2026-11-02', '2026-11-02T09:00:00Z', $4, 0, $5, $6, $7, '2026-11-02T09:00:00Z', '2026-11-02T18:00:00Z')`,
      [ids[name], randomUUID(), company, day.closed ? '2026-11-02T16:00:00Z' : null, day.lateMinutes, day.status, day.closed ? 'left' : 'working'],
    );
  }
  await migrate({ connectionString: database.url, schema: ATTENDANCE_SCHEMA, sources: attendanceMigrations });
});
afterAll(async () => {
  await pool?.end();
  await database?.dispose();
});

describe('the upgrade to arrival and departure statuses', () => {
  it('fills both statuses of every day from its old status, minutes late and time out', async () => {
    const { rows } = await pool.query<{ id: string; arrival: string | null; departure: string | null }>(
      'SELECT work_day_id AS id, arrival_status AS arrival, departure_status AS departure FROM attendance_days',
    );
    const byName = Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, rows.find((row) => row.id === id)]));
    expect(Object.fromEntries(Object.entries(byName).map(([name, row]) => [name, [row?.arrival, row?.departure]]))).toEqual({
      lateAndEarly: ['late arrival', 'early departure'],
      earlyOnly: ['on time', 'early departure'],
      lateOnly: ['late arrival', 'on time'],
      onTime: ['on time', 'on time'],
      lateAndOpen: ['late arrival', null],
      noShift: [null, null],
    });
    const { rows: columns } = await pool.query(
      `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'attendance_days' AND column_name = 'status'`,
      [ATTENDANCE_SCHEMA],
    );
    expect(columns).toEqual([]);
  });
});
