import { randomUUID } from 'node:crypto';
import { withOutbox } from '@ams/bus';
import type { Schedule, ScheduleCreate, ScheduleListQuery, ScheduleUpdate } from '@ams/contracts';
import { databaseErrorOf, SqlState, type PoolClient } from '@ams/db';
import { AppError, invalidField, scopeOf, type ErrorCode, type SignedInPrincipal } from '@ams/service-kit';
import type { SchedulingContext } from '../context.ts';
import {
  endSchedule,
  findSchedule,
  insertSchedule,
  listSchedules,
  lockEmployee,
  placedSchedules,
  schedulesOfEmployee,
  updateSchedule,
  type LockedEmployee,
  type ScheduleRow,
  type ScheduleValues,
} from './schedule-repository.ts';
import { assertChange, canonicalRestDays, planArchive, planAssignment, ScheduleRefusal, utcDay, type ScheduleRefusalKey } from './schedule-rules.ts';
import { scheduleEvent, scheduleView } from './schedule-view.ts';

/** Each refusal of the rules' status: a shape the request could not have is invalid, a clash with the history conflicts. */
const refusalCodes: Record<ScheduleRefusalKey, ErrorCode> = {
  hoursExceedShift: 'validation_failed',
  scheduleEndsBeforeStart: 'validation_failed',
  scheduleOverlaps: 'conflict',
  previousScheduleNeedsEnd: 'conflict',
  scheduleMovedPastAnother: 'conflict',
  scheduleAlreadyEnded: 'conflict',
  scheduleNotStarted: 'conflict',
};

/** Applies a pure rule, answering its refusal with the refusal's status. */
function underRules<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof ScheduleRefusal) throw new AppError(refusalCodes[error.refusal], error.refusal, { ...(error.params ? { params: error.params } : {}), cause: error });
    throw error;
  }
}

/** The database's guards (one current schedule, no overlapping periods) in the caller's words. */
async function guardPeriods<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = databaseErrorOf(error)?.code;
    if (code === SqlState.exclusionViolation || code === SqlState.uniqueViolation) throw new AppError('conflict', 'scheduleClash', { cause: error });
    throw error;
  }
}

async function reload(tx: PoolClient, id: string): Promise<ScheduleRow> {
  const row = await findSchedule(tx, id, { kind: 'all' });
  if (!row) throw new AppError('not_found', 'noScheduleFound');
  return row;
}

/** The schedule the caller may see, with its employee locked for the rest of the transaction. */
async function lockedSchedule(tx: PoolClient, caller: SignedInPrincipal, id: string): Promise<{ employee: LockedEmployee; row: ScheduleRow }> {
  const visible = await findSchedule(tx, id, scopeOf(caller));
  const employee = visible && (await lockEmployee(tx, visible.employeeId, scopeOf(caller)));
  if (!employee) throw new AppError('not_found', 'noScheduleFound');
  // Read again under the lock: another change may have committed in between.
  return { employee, row: await reload(tx, id) };
}

export async function getSchedule(ctx: SchedulingContext, caller: SignedInPrincipal, id: string): Promise<Schedule> {
  const row = await findSchedule(ctx.pool, id, scopeOf(caller));
  if (!row) throw new AppError('not_found', 'noScheduleFound');
  return scheduleView(row);
}

export async function listSchedulePage(ctx: SchedulingContext, caller: SignedInPrincipal, query: ScheduleListQuery): Promise<{ items: Schedule[]; total: number }> {
  const { rows, total } = await listSchedules(ctx.pool, scopeOf(caller), query);
  return { items: rows.map(scheduleView), total };
}

/** The signed-in employee's own schedules; there is no way to ask for someone else's. */
export async function mySchedules(ctx: SchedulingContext, caller: SignedInPrincipal): Promise<{ current: Schedule | null; previous: Schedule[] }> {
  if (!caller.employeeId) throw new AppError('not_found', 'noScheduleFound');
  const rows = (await schedulesOfEmployee(ctx.pool, caller.employeeId)).map(scheduleView);
  return { current: rows.find((row) => row.status === 'current') ?? null, previous: rows.filter((row) => row.status === 'previous') };
}

/** Assigns a schedule; the employee's current one, started earlier, ends the day before (history kept). */
export async function assignSchedule(ctx: SchedulingContext, caller: SignedInPrincipal, body: ScheduleCreate): Promise<Schedule> {
  const values: ScheduleValues = {
    startTime: body.startTime,
    offTime: body.offTime,
    totalHours: body.totalHours,
    restDays: canonicalRestDays(body.restDays),
    fromDate: body.fromDate,
    toDate: body.toDate ?? null,
  };
  return withOutbox(ctx, async (tx, record) => {
    const employee = await lockEmployee(tx, body.employeeId, scopeOf(caller));
    if (!employee) throw invalidField('employeeId', 'employeeNotFound');
    if (employee.employmentStatus === 'archived') throw new AppError('conflict', 'archivedEmployeeNoSchedule');
    const placed = await placedSchedules(tx, employee.employeeId);
    const plan = underRules(() => planAssignment(placed, values));
    const now = ctx.now();
    for (const ending of plan.endings) {
      await endSchedule(tx, ending, now);
      record(scheduleEvent('schedule.ScheduleEnded', await reload(tx, ending.id), now));
    }
    const id = randomUUID();
    await guardPeriods(() => insertSchedule(tx, id, employee.employeeId, values, plan.status, now));
    const row = await reload(tx, id);
    record(scheduleEvent('schedule.ScheduleAssigned', row, now));
    return scheduleView(row);
  });
}

/** Corrects a schedule, current or previous, checked on the merged values. */
export async function changeSchedule(ctx: SchedulingContext, caller: SignedInPrincipal, id: string, body: ScheduleUpdate): Promise<Schedule> {
  return withOutbox(ctx, async (tx, record) => {
    const { employee, row: before } = await lockedSchedule(tx, caller, id);
    const values: ScheduleValues = {
      startTime: body.startTime ?? before.startTime,
      offTime: body.offTime ?? before.offTime,
      totalHours: body.totalHours ?? before.totalHours,
      restDays: canonicalRestDays(body.restDays ?? before.restDays),
      fromDate: body.fromDate ?? before.fromDate,
      toDate: body.toDate === undefined ? before.toDate : body.toDate,
    };
    const others = (await placedSchedules(tx, employee.employeeId)).filter((schedule) => schedule.id !== id);
    underRules(() => assertChange(others, { id, status: before.status, ...values }));
    const now = ctx.now();
    await guardPeriods(() => updateSchedule(tx, id, values, now));
    const row = await reload(tx, id);
    record(scheduleEvent('schedule.ScheduleChanged', row, now));
    return scheduleView(row);
  });
}

/** Ends a current schedule today (UTC); it becomes previous. */
export async function archiveSchedule(ctx: SchedulingContext, caller: SignedInPrincipal, id: string): Promise<Schedule> {
  return withOutbox(ctx, async (tx, record) => {
    const { row: before } = await lockedSchedule(tx, caller, id);
    const now = ctx.now();
    await endSchedule(tx, underRules(() => planArchive(before, utcDay(now))), now);
    const row = await reload(tx, id);
    record(scheduleEvent('schedule.ScheduleEnded', row, now));
    return scheduleView(row);
  });
}
