import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import { createPool, migrate, withTransaction, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import { applyDirectoryEvent, directoryMigrations } from './index.ts';

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: 'effective_settings_test', sources: [directoryMigrations] });
  pool = createPool({ connectionString: database.url, schema: 'effective_settings_test', max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await database?.dispose();
});

const apply = (type: string, key: string, payload: unknown) => withTransaction(pool, (tx) => applyDirectoryEvent(tx, testEvent(type, key, payload)));

// Every field differs between the two, so a field read from the wrong row shows.
const organisationSettings = {
  country: 'PT',
  timezone: 'Europe/Lisbon',
  timeFormat: 1,
  rfidClock: false,
  pinAfterCard: false,
  ipRestriction: [],
  faceAtUnregisteredBrowsers: false,
  lateGraceMinutes: 5,
  overtimeBeforeShift: false,
  overtimeMinimumMinutes: 0,
};
const companySettings = {
  country: 'US',
  timezone: 'America/New_York',
  timeFormat: 2,
  rfidClock: true,
  pinAfterCard: true,
  ipRestriction: ['10.0.0.0/8'],
  faceAtUnregisteredBrowsers: true,
  lateGraceMinutes: 10,
  overtimeBeforeShift: true,
  overtimeMinimumMinutes: 30,
};

const columns = {
  timezone: 'timezone',
  timeFormat: 'time_format',
  rfidClock: 'rfid_clock',
  pinAfterCard: 'pin_after_card',
  ipRestriction: 'ip_restriction',
  faceAtUnregisteredBrowsers: 'face_at_unregistered_browsers',
  lateGraceMinutes: 'late_grace_minutes',
  overtimeBeforeShift: 'overtime_before_shift',
  overtimeMinimumMinutes: 'overtime_minimum_minutes',
} as const;
type Field = keyof typeof columns;
const fields = Object.keys(columns) as Field[];

async function effective(field: Field, companyId: string | null): Promise<unknown[]> {
  const { rows } = await pool.query<{ value: unknown }>(`SELECT ${columns[field]} AS value FROM directory_effective_settings($1)`, [companyId]);
  return rows.map((row) => row.value);
}

describe('directory_effective_settings', () => {
  const [own, follower] = [randomUUID(), randomUUID()];

  it('gives no row before people announced any settings', async () => {
    expect(await effective('timezone', own)).toEqual([]);
  });

  describe('with the organisation’s settings and one company’s own', () => {
    beforeAll(async () => {
      await apply('settings.SettingsChanged', 'organisation', { companyId: null, ...organisationSettings });
      await apply('settings.SettingsChanged', own, { companyId: own, ...companySettings });
    });

    it.each(fields)('gives a company with its own settings its own %s', async (field) => {
      expect(await effective(field, own)).toEqual([companySettings[field]]);
    });

    it.each(fields)('gives a company without its own settings the organisation’s %s', async (field) => {
      expect(await effective(field, follower)).toEqual([organisationSettings[field]]);
    });

    it.each(fields)('gives the organisation (no company) its own %s', async (field) => {
      expect(await effective(field, null)).toEqual([organisationSettings[field]]);
    });
  });

  it('follows the organisation’s settings again once the company’s are reset', async () => {
    await apply('settings.SettingsReset', own, { companyId: own });
    expect(await effective('timezone', own)).toEqual(['Europe/Lisbon']);
    expect(await effective('lateGraceMinutes', own)).toEqual([5]);
  });
});
