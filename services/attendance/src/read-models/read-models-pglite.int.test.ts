import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attendance } from '@ams/contracts';
import { adminOf } from '@ams/contracts/testing';
import { call } from '@ams/service-kit/testing';
import type { AttendanceContext } from '../context.ts';
import { announceEmployee, announceSchedule, announceSettings, startAttendance, type AttendanceHarness } from '../test-support/attendance-harness.ts';
import { rebuildReadModels, waitForReadModels } from './projection.ts';
import { punchAt, recordDayAs, serviceContext } from './read-models-test-support.ts';

// The embedded default runs on PGlite: the read models' SQL (xid8 checkpoints, time zones, DISTINCT ON)
// must hold there too, whatever database this tier otherwise uses.
let harness: AttendanceHarness;
let ctx: AttendanceContext;

beforeAll(async () => {
  const previous = process.env.TEST_DATABASE;
  process.env.TEST_DATABASE = 'pglite';
  try {
    harness = await startAttendance();
  } finally {
    process.env.TEST_DATABASE = previous;
  }
  ctx = serviceContext(harness);
  await announceSettings(harness, null, { timezone: 'Pacific/Auckland' });
});

afterAll(async () => {
  await ctx?.relay.stop();
  await harness?.close();
});

describe('the read models on the embedded PGlite', () => {
  it('project, list, show presence in the company’s time zone, keep the history and rebuild to the same rows', async () => {
    expect((await harness.pool.query<{ version: string }>('SELECT version()')).rows[0]?.version).toContain('PGlite');
    const company = randomUUID();
    const admin = adminOf(company);
    const employee = await announceEmployee(harness, { companyId: company, firstName: 'Lite', lastName: 'Worker' });
    // 09:00–17:00 in Auckland (UTC+13 in November): 20:00–04:00 UTC the day before.
    await announceSchedule(harness, employee);
    const checkIn = await punchAt(harness, ctx, employee, 'check-in', '2026-11-22T20:05:00.000Z');
    expect(checkIn.workDate).toBe('2026-11-23');
    await punchAt(harness, ctx, employee, 'break-in', '2026-11-22T23:00:00.000Z');
    const recorded = await recordDayAs(harness, admin, employee, '2026-11-20', { timeIn: '2026-11-20T09:00:00+13:00', timeOut: '2026-11-20T17:00:00+13:00' });
    const amended = await call<Attendance>(harness, admin, 'PATCH', `/api/attendance/${recorded.id}`, {
      timeIn: '2026-11-20T09:30:00+13:00',
      timeOut: '2026-11-20T17:00:00+13:00',
      reason: 'Came late',
    });
    expect(amended.status, amended.raw).toBe(200);
    await waitForReadModels(harness.pool);

    const page = await call<{ items: Attendance[]; total: number }>(harness, admin, 'GET', '/api/attendance?search=lite');
    expect(page.body.items.map((item) => [item.workDate, item.state, item.arrivalStatus, item.departureStatus, item.reason])).toEqual([
      ['2026-11-23', 'on-break', 'late arrival', null, null],
      ['2026-11-20', 'left', 'late arrival', 'on time', 'Came late'],
    ]);
    // Still 23 November in Auckland at 23:30 UTC on the 22nd.
    const presence = await call<{ items: unknown[] }>(harness, admin, 'GET', '/api/attendance/presence');
    expect(presence.body.items).toEqual([
      expect.objectContaining({ employeeId: employee.employeeId, state: 'on-break', workDate: '2026-11-23', since: '2026-11-22T23:00:00.000Z' }),
    ]);
    const history = await call<{ items: Array<{ type: string }> }>(harness, admin, 'GET', `/api/attendance/${recorded.id}/history`);
    expect(history.body.items.map((item) => item.type)).toEqual(['AttendanceRecorded', 'AttendanceAmended']);

    const live = (await harness.pool.query('SELECT * FROM attendance_days ORDER BY work_day_id')).rows;
    expect(await rebuildReadModels(harness.pool)).toEqual({ days: 2 });
    expect((await harness.pool.query('SELECT * FROM attendance_days ORDER BY work_day_id')).rows).toEqual(live);
  });
});
