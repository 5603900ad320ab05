import { randomUUID } from 'node:crypto';
import { enqueue, withOutbox, type EventEnvelope } from '@ams/bus';
import { peopleEvents, type MySchedules, type Schedule, type ScheduleCreate, type ScheduleListQuery, type ScheduleUpdate } from '@ams/contracts';
import { databaseErrorOf, SqlState, type PoolClient } from '@ams/db';
import { AppError, invalidField, refusalError, scopeOf, type ErrorCode, type SignedInPrincipal } from '@ams/service-kit';
import type { SchedulingContext } from '../context.ts';
import {
  deleteSchedule,
  endSchedule,
  findSchedule,
  insertSchedule,
  listSchedules,
  lockEmployee,
  placedSchedules,
  schedulesOfEmployee,
  todayOf,
  updateSchedule,
  type LockedEmployee,
  type ScheduleRow,
  type ScheduleValues,
} from './schedule-repository.ts';
import {
  assertChange,
  canonicalRestDays,
  planArchive,
  planAssignment,
  planEmployeeArchive,
  ScheduleRefusal,
  type ScheduleRefusalKey,
} from './schedule-rules.ts';
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
    if (error instanceof ScheduleRefusal) throw refusalError(error, refusalCodes);
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

async function reload(tx: PoolClient, id: string, now: Date): Promise<ScheduleRow> {
  const row = await findSchedule(tx, id, { kind: 'all' }, now);
  if (!row) throw new AppError('not_found', 'noScheduleFound');
  return row;
}

/** The schedule the caller may see, with its employee locked for the rest of the transaction. */
async function lockedSchedule(tx: PoolClient, caller: SignedInPrincipal, id: string, now: Date): Promise<{ employee: LockedEmployee; row: ScheduleRow }> {
  const visible = await findSchedule(tx, id, scopeOf(caller), now);
  const employee = visible && (await lockEmployee(tx, visible.employeeId, scopeOf(caller)));
  if (!employee) throw new AppError('not_found', 'noScheduleFound');
  // Read again under the lock: another change may have committed in between.
  return { employee, row: await reload(tx, id, now) };
}

export async function getSchedule(ctx: SchedulingContext, caller: SignedInPrincipal, id: string): Promise<Schedule> {
  const row = await findSchedule(ctx.pool, id, scopeOf(caller), ctx.now());
  if (!row) throw new AppError('not_found', 'noScheduleFound');
  return scheduleView(row);
}

export async function listSchedulePage(
  ctx: SchedulingContext,
  caller: SignedInPrincipal,
  query: ScheduleListQuery,
): Promise<{ items: Schedule[]; total: number }> {
  const { rows, total } = await listSchedules(ctx.pool, scopeOf(caller), query, ctx.now());
  return { items: rows.map(scheduleView), total };
}

/** The signed-in employee's own schedules; there is no way to ask for someone else's. */
export async function mySchedules(ctx: SchedulingContext, caller: SignedInPrincipal): Promise<MySchedules> {
  if (!caller.employeeId) throw new AppError('not_found', 'noScheduleFound');
  const rows = (await schedulesOfEmployee(ctx.pool, caller.employeeId, ctx.now())).map(scheduleView);
  return {
    current: rows.find((row) => row.status === 'current') ?? null,
    previous: rows.filter((row) => row.status === 'previous'),
    upcoming: rows.filter((row) => row.status === 'upcoming'),
  };
}

/**
 * Assigns a schedule; the employee's schedule running on its from date ends the day before (history kept),
 * so one starting later is upcoming and the current one stays in force until then.
 */
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
    const now = ctx.now();
    const placed = await placedSchedules(tx, employee.employeeId, now);
    const endings = underRules(() => planAssignment(placed, values));
    for (const ending of endings) {
      await endSchedule(tx, ending, now);
      record(scheduleEvent('schedule.ScheduleEnded', await reload(tx, ending.id, now), now));
    }
    const id = randomUUID();
    await guardPeriods(() => insertSchedule(tx, id, employee.employeeId, values, now));
    const row = await reload(tx, id, now);
    record(scheduleEvent('schedule.ScheduleAssigned', row, now));
    return scheduleView(row);
  });
}

/** Corrects a schedule, current or previous, checked on the merged values. */
export async function changeSchedule(ctx: SchedulingContext, caller: SignedInPrincipal, id: string, body: ScheduleUpdate): Promise<Schedule> {
  return withOutbox(ctx, async (tx, record) => {
    const now = ctx.now();
    const { employee, row: before } = await lockedSchedule(tx, caller, id, now);
    const values: ScheduleValues = {
      startTime: body.startTime ?? before.startTime,
      offTime: body.offTime ?? before.offTime,
      totalHours: body.totalHours ?? before.totalHours,
      restDays: canonicalRestDays(body.restDays ?? before.restDays),
      fromDate: body.fromDate ?? before.fromDate,
      toDate: body.toDate === undefined ? before.toDate : body.toDate,
    };
    const others = (await placedSchedules(tx, employee.employeeId, now)).filter((schedule) => schedule.id !== id);
    underRules(() => assertChange(others, before, values));
    await guardPeriods(() => updateSchedule(tx, id, values, now));
    const row = await reload(tx, id, now);
    record(scheduleEvent('schedule.ScheduleChanged', row, now));
    return scheduleView(row);
  });
}

/** Ends a current schedule today (the company's day); it becomes previous at once. */
export async function archiveSchedule(ctx: SchedulingContext, caller: SignedInPrincipal, id: string): Promise<Schedule> {
  return withOutbox(ctx, async (tx, record) => {
    const now = ctx.now();
    const { row: before } = await lockedSchedule(tx, caller, id, now);
    const today = await todayOf(tx, before.employeeId, now);
    await endSchedule(
      tx,
      underRules(() => planArchive(before, today)),
      now,
    );
    const row = await reload(tx, id, now);
    record(scheduleEvent('schedule.ScheduleEnded', row, now));
    return scheduleView(row);
  });
}

/**
 * People archived an employee: the schedule in force ends on the archive day and upcoming ones are
 * dropped. Runs in the directory's transaction for the event (its inbox row makes it happen once);
 * its own events go to the outbox of that transaction.
 */
export async function endSchedulesOfArchived(tx: PoolClient, event: EventEnvelope): Promise<boolean> {
  if (event.type !== 'employee.EmployeeArchived') return false;
  const { employeeId } = peopleEvents['employee.EmployeeArchived'].parse(event.payload);
  const archivedAt = new Date(event.occurredAt);
  const { endings, dropped } = planEmployeeArchive(await placedSchedules(tx, employeeId, archivedAt), await todayOf(tx, employeeId, archivedAt));
  const events: EventEnvelope[] = [];
  for (const ending of endings) {
    await endSchedule(tx, ending, archivedAt);
    events.push(scheduleEvent('schedule.ScheduleEnded', await reload(tx, ending.id, archivedAt), archivedAt));
  }
  for (const id of dropped) {
    events.push(scheduleEvent('schedule.ScheduleCancelled', await reload(tx, id, archivedAt), archivedAt));
    await deleteSchedule(tx, id);
  }
  await enqueue(tx, events);
  return events.length > 0;
}
