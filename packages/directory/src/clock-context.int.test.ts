import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import { employeeSnapshot, scheduleState } from '@ams/contracts/testing';
import { createPool, migrate, withTransaction, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import {
  applyDirectoryEvent,
  clockContextOf,
  clockSettingsOf,
  directoryMigrations,
  findDirectoryEmployee,
  rfidClockAnywhere,
  schedulesCovering,
  schedulesOf,
  unregisteredFacePolicy,
  workTimeRulesOf,
} from './index.ts';

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: 'directory_test', sources: [directoryMigrations] });
  pool = createPool({ connectionString: database.url, schema: 'directory_test', max: 3 });
});

afterAll(async () => {
  await pool?.end();
  await database?.dispose();
});

type EventArgs = [type: string, key: string, payload: unknown];

const apply = (...events: EventArgs[]) =>
  withTransaction(pool, async (tx) => {
    for (const args of events) await applyDirectoryEvent(tx, testEvent(...args));
  });

const settings = (companyId: string | null, timezone: string, ipRestriction: string[] = [], faceAtUnregisteredBrowsers?: boolean): EventArgs => [
  'settings.SettingsChanged',
  companyId ?? 'organisation',
  {
    companyId,
    country: 'PT',
    timezone,
    timeFormat: 2,
    rfidClock: false,
    ipRestriction,
    ...(faceAtUnregisteredBrowsers === undefined ? {} : { faceAtUnregisteredBrowsers }),
  },
];

describe('clockContextOf', () => {
  it('reads the employee, their company settings and the schedules covering the range in one statement, as the three reads would', async () => {
    const employee = employeeSnapshot({ employeeId: randomUUID(), companyId: randomUUID() });
    const old = scheduleState(employee, { scheduleId: randomUUID(), fromDate: '2026-01-01', toDate: '2026-10-31', status: 'previous' });
    const current = scheduleState(employee, {
      scheduleId: randomUUID(),
      fromDate: '2026-11-01',
      toDate: null,
      startTime: '22:00:00.000Z',
      offTime: '06:00:00.000Z',
      restDays: ['sunday'],
    });
    const later = scheduleState(employee, { scheduleId: randomUUID(), fromDate: '2027-01-01', toDate: null });
    await apply(
      ['employee.EmployeeCreated', employee.employeeId, employee],
      ['schedule.ScheduleAssigned', old.scheduleId, old],
      ['schedule.ScheduleAssigned', current.scheduleId, current],
      ['schedule.ScheduleAssigned', later.scheduleId, later],
      settings(null, 'Europe/Lisbon'),
      settings(employee.companyId, 'America/New_York', ['10.0.0.0/8']),
    );

    const context = await clockContextOf(pool, employee.employeeId, '2026-10-30', '2026-11-02');

    expect(context).toEqual({
      employee: await findDirectoryEmployee(pool, employee.employeeId),
      settings: await clockSettingsOf(pool, employee.companyId),
      schedules: await schedulesCovering(pool, employee.employeeId, '2026-10-30', '2026-11-02'),
    });
    expect(context?.settings).toEqual({
      timezone: 'America/New_York',
      timeFormat: 2,
      rfidClock: false,
      pinAfterCard: false,
      ipRestriction: ['10.0.0.0/8'],
      faceAtUnregisteredBrowsers: false,
      lateGraceMinutes: 0,
      overtimeBeforeShift: false,
      overtimeMinimumMinutes: 0,
    });
    expect(context?.schedules.map((schedule) => schedule.scheduleId)).toEqual([old.scheduleId, current.scheduleId]);
    expect(context?.schedules[1]).toEqual(current);
  });

  it('falls back to the organisation settings, gives an empty schedule list, and null for an unknown employee', async () => {
    const employee = employeeSnapshot({ employeeId: randomUUID(), companyId: randomUUID() });
    await apply(['employee.EmployeeCreated', employee.employeeId, employee]);

    const context = await clockContextOf(pool, employee.employeeId, '2026-11-01', '2026-11-02');

    expect(context?.settings.timezone).toBe('Europe/Lisbon');
    expect(context?.schedules).toEqual([]);
    expect(await clockContextOf(pool, randomUUID(), '2026-11-01', '2026-11-02')).toBeNull();
  });
});

describe('unregisteredFacePolicy', () => {
  it('lets a company follow the organisation’s faceAtUnregisteredBrowsers unless it has its own, and reads events from before it existed as off', async () => {
    const [own, follower, refuser] = [randomUUID(), randomUUID(), randomUUID()];
    await apply(settings(null, 'UTC'), settings(own, 'UTC', [], true), settings(refuser, 'UTC', [], false));
    const before = await unregisteredFacePolicy(pool);
    expect([before.any, before.allows(own), before.allows(follower), before.allows(refuser)]).toEqual([true, true, false, false]);

    await apply(settings(null, 'UTC', [], true), settings(own, 'UTC'));
    const after = await unregisteredFacePolicy(pool);
    expect([after.any, after.allows(own), after.allows(follower), after.allows(refuser)]).toEqual([true, false, true, false]);
  });
});

describe('workTimeRulesOf', () => {
  it('gives each company its own rules, else the organisation’s, else the defaults, and follows a company back to the organisation’s on reset', async () => {
    const [own, follower] = [randomUUID(), randomUUID()];
    const withRules = (args: EventArgs, rules: Record<string, unknown>): EventArgs => [args[0], args[1], { ...(args[2] as object), ...rules }];
    expect((await workTimeRulesOf(pool, [own])).get(own)).toEqual({ lateGraceMinutes: 0, overtimeBeforeShift: false, overtimeMinimumMinutes: 0 });
    await apply(
      withRules(settings(null, 'UTC'), { lateGraceMinutes: 3 }),
      withRules(settings(own, 'UTC'), { lateGraceMinutes: 10, overtimeBeforeShift: true, overtimeMinimumMinutes: 15 }),
    );
    const rules = await workTimeRulesOf(pool, [own, follower, own]);
    expect(Object.fromEntries(rules)).toEqual({
      [own]: { lateGraceMinutes: 10, overtimeBeforeShift: true, overtimeMinimumMinutes: 15 },
      [follower]: { lateGraceMinutes: 3, overtimeBeforeShift: false, overtimeMinimumMinutes: 0 },
    });
    await apply(['settings.SettingsReset', own, { companyId: own }]);
    expect((await workTimeRulesOf(pool, [own])).get(own)).toEqual({ lateGraceMinutes: 3, overtimeBeforeShift: false, overtimeMinimumMinutes: 0 });
    // Restore the organisation's defaults for the other tests of the file.
    await apply(settings(null, 'Europe/Lisbon'));
  });
});

describe('schedules in the directory', () => {
  it('forgets a schedule cancelled before it started, and keeps the employee’s others', async () => {
    const employee = employeeSnapshot({ employeeId: randomUUID(), companyId: randomUUID() });
    const current = scheduleState(employee, { scheduleId: randomUUID(), fromDate: '2026-11-01', toDate: '2026-11-30' });
    const upcoming = scheduleState(employee, { scheduleId: randomUUID(), fromDate: '2026-12-01', toDate: null, status: 'upcoming' });
    await apply(
      ['employee.EmployeeCreated', employee.employeeId, employee],
      ['schedule.ScheduleAssigned', current.scheduleId, current],
      ['schedule.ScheduleAssigned', upcoming.scheduleId, upcoming],
    );
    expect((await schedulesCovering(pool, employee.employeeId, '2026-11-01', '2026-12-31')).map((schedule) => schedule.scheduleId)).toEqual([
      current.scheduleId,
      upcoming.scheduleId,
    ]);

    await apply(['schedule.ScheduleCancelled', upcoming.scheduleId, upcoming]);

    expect((await schedulesCovering(pool, employee.employeeId, '2026-11-01', '2026-12-31')).map((schedule) => schedule.scheduleId)).toEqual([
      current.scheduleId,
    ]);
  });

  it('gives every schedule of the employee, oldest first, ended and upcoming ones included', async () => {
    const employee = employeeSnapshot({ employeeId: randomUUID(), companyId: randomUUID() });
    const later = scheduleState(employee, { scheduleId: randomUUID(), fromDate: '2027-03-01', toDate: null, status: 'upcoming' });
    const ended = scheduleState(employee, { scheduleId: randomUUID(), fromDate: '2025-01-01', toDate: '2025-12-31', status: 'previous' });
    await apply(
      ['employee.EmployeeCreated', employee.employeeId, employee],
      ['schedule.ScheduleAssigned', later.scheduleId, later],
      ['schedule.ScheduleAssigned', ended.scheduleId, ended],
    );

    expect(await schedulesOf(pool, employee.employeeId)).toEqual([ended, later]);
    expect(await schedulesOf(pool, randomUUID())).toEqual([]);
  });
});

describe('rfidClockAnywhere', () => {
  it('is true once any settings (a company’s or the organisation’s) take RFID cards', async () => {
    expect(await rfidClockAnywhere(pool)).toBe(false);
    const company = randomUUID();
    const [type, key, payload] = settings(company, 'UTC');
    await apply([type, key, { ...(payload as object), rfidClock: true }]);
    expect(await rfidClockAnywhere(pool)).toBe(true);
  });
});
