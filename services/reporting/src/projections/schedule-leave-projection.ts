import { leaveEvents, scheduleEvents, type EventEnvelope, type LeaveEventType, type ScheduleEventType } from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { coveringRange, recomputeDays } from '../day-figures/day-figures-store.ts';

function isScheduleEvent(type: string): type is ScheduleEventType {
  return Object.hasOwn(scheduleEvents, type);
}

function isLeaveEvent(type: string): type is LeaveEventType {
  return Object.hasOwn(leaveEvents, type);
}

/** A schedule's latest state; a cancelled one is kept, marked, so it plans no day. */
async function applyScheduleEvent(tx: PoolClient, type: ScheduleEventType, payload: unknown): Promise<void> {
  const s = scheduleEvents[type].parse(payload);
  await tx.query(
    `INSERT INTO schedules (schedule_id, employee_id, company_id, start_time, off_time, total_hours, rest_days, from_date, to_date, status, cancelled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (schedule_id) DO UPDATE SET employee_id = $2, company_id = $3, start_time = $4, off_time = $5, total_hours = $6,
       rest_days = $7, from_date = $8, to_date = $9, status = $10, cancelled = $11`,
    [
      s.scheduleId,
      s.employeeId,
      s.companyId,
      s.startTime,
      s.offTime,
      s.totalHours,
      s.restDays,
      s.fromDate,
      s.toDate,
      s.status,
      type === 'schedule.ScheduleCancelled',
    ],
  );
  // A schedule plans its dates and places the shifts of the days worked in them: the employee's days are all recomputed.
  await recomputeDays(tx, { employeeIds: [s.employeeId] }, 'all');
}

/** A leave request's latest state; a withdrawn one stays, as 'withdrawn'. */
async function applyLeaveEvent(tx: PoolClient, event: EventEnvelope, type: LeaveEventType): Promise<void> {
  const l = leaveEvents[type].parse(event.payload);
  const status = type === 'leave.LeaveWithdrawn' ? 'withdrawn' : l.status;
  const { rows: before } = await tx.query<{ from: string; to: string }>(
    `SELECT to_char(from_date, 'YYYY-MM-DD') AS "from", to_char(to_date, 'YYYY-MM-DD') AS "to" FROM leaves WHERE leave_id = $1`,
    [l.leaveId],
  );
  await tx.query(
    `INSERT INTO leaves (leave_id, employee_id, company_id, leave_type_id, from_date, to_date, return_date, reason, working_days, status, comment, decided_by, requested_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
     ON CONFLICT (leave_id) DO UPDATE SET employee_id = $2, company_id = $3, leave_type_id = $4, from_date = $5, to_date = $6, return_date = $7,
       reason = $8, working_days = $9, status = $10, comment = $11, decided_by = $12, updated_at = $13`,
    [
      l.leaveId,
      l.employeeId,
      l.companyId,
      l.leaveTypeId,
      l.from,
      l.to,
      l.returnDate,
      l.reason,
      l.workingDays,
      status,
      l.comment,
      l.decidedBy,
      event.occurredAt,
    ],
  );
  // The days it covers now and covered before (its dates may have changed).
  const range = coveringRange(before[0], { from: l.from, to: l.to });
  if (range) await recomputeDays(tx, { employeeIds: [l.employeeId] }, range);
}

/** Scheduling's and leave's events, in the caller's transaction; others are ignored. */
export async function applyScheduleOrLeaveEvent(tx: PoolClient, event: EventEnvelope): Promise<void> {
  if (isScheduleEvent(event.type)) await applyScheduleEvent(tx, event.type, event.payload);
  else if (isLeaveEvent(event.type)) await applyLeaveEvent(tx, event, event.type);
}
