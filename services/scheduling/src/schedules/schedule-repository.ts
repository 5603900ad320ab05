import type { EmploymentStatus, ScheduleListQuery, ScheduleStatus, Weekday } from '@ams/contracts';
import { listConditions, type Queryable } from '@ams/db';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';
import type { Ending, PlacedSchedule } from './schedule-rules.ts';

/** A schedule as stored, with its employee's company, department and name from the directory. */
export interface ScheduleRow {
  id: string;
  employeeId: string;
  employeeName: string;
  companyId: string;
  departmentId: string;
  startTime: string;
  offTime: string;
  totalHours: number;
  restDays: Weekday[];
  fromDate: string;
  toDate: string | null;
  status: ScheduleStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** What an admin sets on a schedule. */
export interface ScheduleValues {
  startTime: string;
  offTime: string;
  totalHours: number;
  restDays: Weekday[];
  fromDate: string;
  toDate: string | null;
}

export interface LockedEmployee {
  employeeId: string;
  companyId: string;
  employmentStatus: EmploymentStatus;
}

// Times are stored as time(3); the API's format carries the spec's trailing Z.
const select = `
  SELECT s.id, s.employee_id AS "employeeId", e.first_name || ' ' || e.last_name AS "employeeName",
         e.company_id AS "companyId", e.department_id AS "departmentId",
         to_char(s.start_time, 'HH24:MI:SS.MS') || 'Z' AS "startTime", to_char(s.off_time, 'HH24:MI:SS.MS') || 'Z' AS "offTime",
         s.total_hours AS "totalHours", s.rest_days AS "restDays", s.from_date AS "fromDate", s.to_date AS "toDate", s.status,
         s.created_at AS "createdAt", s.updated_at AS "updatedAt"
  FROM schedules s JOIN directory_employees e ON e.employee_id = s.employee_id`;

const sqlTime = (time: string) => time.replace(/Z$/, '');

export async function findSchedule(db: Queryable, id: string, scope: CompanyScope): Promise<ScheduleRow | null> {
  const params: unknown[] = [id];
  const { rows } = await db.query<ScheduleRow>(`${select} WHERE s.id = $1 AND ${scopeCondition(scope, 'e.company_id', params)}`, params);
  return rows[0] ?? null;
}

/** Newest first. */
export async function schedulesOfEmployee(db: Queryable, employeeId: string): Promise<ScheduleRow[]> {
  const { rows } = await db.query<ScheduleRow>(`${select} WHERE s.employee_id = $1 ORDER BY s.from_date DESC, s.id`, [employeeId]);
  return rows;
}

/**
 * The employee as the directory knows them, if the scope sees them, locked until the transaction
 * ends: every change to one employee's schedules takes this lock first, so they happen one at a time.
 */
export async function lockEmployee(db: Queryable, employeeId: string, scope: CompanyScope): Promise<LockedEmployee | null> {
  const params: unknown[] = [employeeId];
  const { rows } = await db.query<LockedEmployee>(
    `SELECT employee_id AS "employeeId", company_id AS "companyId", employment_status AS "employmentStatus"
     FROM directory_employees WHERE employee_id = $1 AND ${scopeCondition(scope, 'company_id', params)} FOR UPDATE`,
    params,
  );
  return rows[0] ?? null;
}

/** The periods of every schedule of the employee, oldest first. */
export async function placedSchedules(db: Queryable, employeeId: string): Promise<PlacedSchedule[]> {
  const { rows } = await db.query<PlacedSchedule>(
    `SELECT id, status, from_date AS "fromDate", to_date AS "toDate" FROM schedules WHERE employee_id = $1 ORDER BY from_date`,
    [employeeId],
  );
  return rows;
}

export async function listSchedules(db: Queryable, scope: CompanyScope, query: ScheduleListQuery): Promise<{ rows: ScheduleRow[]; total: number }> {
  const params: unknown[] = [];
  const conditions = [
    scopeCondition(scope, 'e.company_id', params),
    ...listConditions(params, {
      search: query.search,
      searchIn: `lower(e.first_name || ' ' || e.last_name)`,
      equal: { 's.employee_id': query.employeeId, 'e.company_id': query.companyId, 'e.department_id': query.departmentId, 's.status': query.status },
    }),
  ];
  const where = conditions.join(' AND ');
  const [count, page] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM schedules s JOIN directory_employees e ON e.employee_id = s.employee_id WHERE ${where}`, params),
    // By employee name, then each employee's newest schedule first; the ids make the order total.
    db.query<ScheduleRow>(
      `${select} WHERE ${where}
       ORDER BY lower(e.first_name), lower(e.last_name), s.employee_id, s.from_date DESC, s.id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    ),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

export async function insertSchedule(db: Queryable, id: string, employeeId: string, values: ScheduleValues, status: ScheduleStatus, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO schedules (id, employee_id, start_time, off_time, total_hours, rest_days, from_date, to_date, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [id, employeeId, sqlTime(values.startTime), sqlTime(values.offTime), values.totalHours, values.restDays, values.fromDate, values.toDate, status, now],
  );
}

export async function updateSchedule(db: Queryable, id: string, values: ScheduleValues, now: Date): Promise<void> {
  await db.query(
    `UPDATE schedules SET start_time = $2, off_time = $3, total_hours = $4, rest_days = $5, from_date = $6, to_date = $7, updated_at = $8
     WHERE id = $1`,
    [id, sqlTime(values.startTime), sqlTime(values.offTime), values.totalHours, values.restDays, values.fromDate, values.toDate, now],
  );
}

/** The schedule becomes previous, ending on the given day. */
export async function endSchedule(db: Queryable, ending: Ending, now: Date): Promise<void> {
  await db.query(`UPDATE schedules SET status = 'previous', to_date = $2, updated_at = $3 WHERE id = $1`, [ending.id, ending.toDate, now]);
}
