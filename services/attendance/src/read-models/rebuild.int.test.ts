import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Principal } from '@ams/contracts';
import { readCheckpoint } from '@ams/event-store';
import type { SignedInPrincipal } from '@ams/service-kit';
import { adminOf } from '@ams/contracts/testing';
import type { AttendanceContext } from '../context.ts';
import { announceEmployee, announceSchedule, type AttendanceHarness, type TestEmployee } from '../test-support/attendance-harness.ts';
import { amendDay, deleteDay, recordDay } from '../work-day/work-day-service.ts';
import { READ_MODELS_SUBSCRIPTION, rebuildReadModels, waitForReadModels } from './projection.ts';
import { punchAt, startedInLisbon } from './read-models-test-support.ts';

let harness: AttendanceHarness;
let ctx: AttendanceContext;
const company = randomUUID();
const admin = adminOf(company) as SignedInPrincipal & Principal;

startedInLisbon((started, context) => {
  harness = started;
  ctx = context;
});

let workers = 0;
async function worker(): Promise<TestEmployee> {
  workers += 1;
  const employee = await announceEmployee(harness, { companyId: company, firstName: `Worker${workers}`, lastName: 'Rebuild' });
  await announceSchedule(harness, employee);
  return employee;
}

async function snapshot(): Promise<unknown[]> {
  const { rows } = await harness.pool.query('SELECT * FROM attendance_days ORDER BY work_day_id');
  return rows;
}

/** Every kind of day, for six new employees: whole, open, on a break, corrected, deleted, deleted and recorded again. */
async function buildDays(date: string): Promise<void> {
  const [whole, open, onBreak, corrected, deleted, reborn] = [await worker(), await worker(), await worker(), await worker(), await worker(), await worker()];
  await punchAt(harness, ctx, whole, 'check-in', `${date}T08:50:00.000Z`);
  await punchAt(harness, ctx, open, 'check-in', `${date}T09:07:00.000Z`);
  await punchAt(harness, ctx, onBreak, 'check-in', `${date}T09:01:00.000Z`);
  const correctedDay = await punchAt(harness, ctx, corrected, 'check-in', `${date}T09:30:00.000Z`);
  await punchAt(harness, ctx, whole, 'break-in', `${date}T12:00:00.000Z`);
  await punchAt(harness, ctx, onBreak, 'break-in', `${date}T12:05:00.000Z`);
  await punchAt(harness, ctx, whole, 'break-out', `${date}T12:40:00.000Z`);
  await punchAt(harness, ctx, whole, 'check-out', `${date}T17:15:00.000Z`);
  await amendDay(ctx, admin, correctedDay.attendance?.id as string, {
    timeIn: `${date}T09:00:00.000Z`,
    breakIn: null,
    breakOut: null,
    timeOut: `${date}T16:00:00.000Z`,
    reason: 'Clocked late by mistake',
  });
  const toDelete = await recordDay(ctx, admin, {
    employeeId: deleted.employeeId,
    workDate: date,
    timeIn: `${date}T09:00:00.000Z`,
    breakIn: null,
    breakOut: null,
    timeOut: `${date}T17:00:00.000Z`,
    reason: 'Paper sheet',
  });
  await deleteDay(ctx, admin, toDelete.id, 'Duplicate of the paper sheet');
  const first = await recordDay(ctx, admin, {
    employeeId: reborn.employeeId,
    workDate: date,
    timeIn: `${date}T09:00:00.000Z`,
    breakIn: null,
    breakOut: null,
    timeOut: null,
    reason: 'Paper sheet',
  });
  await deleteDay(ctx, admin, first.id, 'Wrong times');
  await recordDay(ctx, admin, {
    employeeId: reborn.employeeId,
    workDate: date,
    timeIn: `${date}T08:45:00.000Z`,
    breakIn: null,
    breakOut: null,
    timeOut: `${date}T17:45:00.000Z`,
    reason: 'Paper sheet, second try',
  });
}

describe('rebuilding the read models', () => {
  it('gives exactly the rows the live projection built', async () => {
    await buildDays('2026-11-23');
    await buildDays('2026-11-24');
    await waitForReadModels(harness.pool);
    const live = await snapshot();
    // 6 kinds of day on 2 dates, the deleted one absent on both.
    expect(live).toHaveLength(10);
    expect(live).toContainEqual(expect.objectContaining({ reason: 'Clocked late by mistake', departure_status: 'early departure', state: 'left' }));
    expect(live).toContainEqual(expect.objectContaining({ reason: 'Paper sheet, second try', employee_name: 'Worker12 Rebuild' }));
    expect(live).toContainEqual(expect.objectContaining({ state: 'on-break' }));

    const { days } = await rebuildReadModels(harness.pool);
    expect(days).toBe(10);
    expect(await snapshot()).toEqual(live);
    const checkpoint = await readCheckpoint(harness.pool, READ_MODELS_SUBSCRIPTION);
    expect(checkpoint?.position).toBeGreaterThan(0);
  });

  it('converges to the same rows when commands keep coming during the rebuild', async () => {
    // The harness's clock is shared: the days are built one after the other, the rebuild runs beside them.
    const [, rebuilt] = await Promise.all([buildDays('2026-11-25'), rebuildReadModels(harness.pool)]);
    expect(rebuilt.days).toBeGreaterThanOrEqual(10);
    await waitForReadModels(harness.pool);
    const live = await snapshot();
    expect(live).toHaveLength(15);
    await rebuildReadModels(harness.pool);
    expect(await snapshot()).toEqual(live);
  });
});
