import type { ScheduleState } from '@ams/contracts';
import type { Queryable } from '@ams/db';

const scheduleColumns = `schedule_id AS "scheduleId", employee_id AS "employeeId", company_id AS "companyId", start_time AS "startTime",
  off_time AS "offTime", total_hours AS "totalHours", rest_days AS "restDays", from_date AS "fromDate", to_date AS "toDate", status`;

// The employee's schedules covering [$2, $3].
export const schedulesCoveringSql = (employee: string) => `SELECT ${scheduleColumns} FROM directory_schedules
  WHERE employee_id = ${employee} AND from_date <= $3 AND (to_date IS NULL OR to_date >= $2) ORDER BY from_date`;

/** The employee's schedules that cover any day of [from, to], ended ones included. */
export async function schedulesCovering(db: Queryable, employeeId: string, from: string, to: string): Promise<ScheduleState[]> {
  const { rows } = await db.query<ScheduleState>(schedulesCoveringSql('$1'), [employeeId, from, to]);
  return rows;
}

/** Every schedule of the employee the directory holds, oldest first. */
export async function schedulesOf(db: Queryable, employeeId: string): Promise<ScheduleState[]> {
  const { rows } = await db.query<ScheduleState>(`SELECT ${scheduleColumns} FROM directory_schedules WHERE employee_id = $1 ORDER BY from_date`, [employeeId]);
  return rows;
}
