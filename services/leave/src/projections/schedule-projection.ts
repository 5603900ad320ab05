import type { EventEnvelope } from '@ams/bus';
import { scheduleEvents, type ScheduleEventType } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import type { ScheduleSpan } from '../leaves/working-days.ts';

function isScheduleEvent(type: string): type is ScheduleEventType {
  return Object.hasOwn(scheduleEvents, type);
}

/** Keeps the latest state of each schedule (events of one employee arrive in order); others are ignored. */
export async function applyScheduleEvent(tx: Queryable, event: EventEnvelope): Promise<void> {
  if (!isScheduleEvent(event.type)) return;
  const schedule = scheduleEvents[event.type].parse(event.payload);
  await tx.query(
    `INSERT INTO leave_schedules (schedule_id, employee_id, company_id, rest_days, from_date, to_date, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (schedule_id) DO UPDATE SET employee_id = $2, company_id = $3, rest_days = $4, from_date = $5, to_date = $6, status = $7`,
    [schedule.scheduleId, schedule.employeeId, schedule.companyId, schedule.restDays, schedule.fromDate, schedule.toDate, schedule.status],
  );
}

/** The employee's schedules that cover any day of [from, to], ended ones included (a leave may lie in the past). */
export async function schedulesCovering(db: Queryable, employeeId: string, from: string, to: string): Promise<ScheduleSpan[]> {
  const { rows } = await db.query<ScheduleSpan>(
    `SELECT from_date AS "fromDate", to_date AS "toDate", rest_days AS "restDays"
     FROM leave_schedules
     WHERE employee_id = $1 AND from_date <= $3 AND (to_date IS NULL OR to_date >= $2)`,
    [employeeId, from, to],
  );
  return rows;
}
