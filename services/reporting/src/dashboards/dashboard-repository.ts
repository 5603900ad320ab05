import { addDays } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';
import { notInYet } from '../day-figures/absence-rule.ts';

export interface HeadCount {
  companyId: string;
  companyName: string | null;
  departmentId: string;
  departmentName: string | null;
  employmentStatus: 'active' | 'archived';
  count: number;
}

function scoped(scope: CompanyScope, column: string, companyId: string | undefined, params: unknown[]): string {
  const conditions = [scopeCondition(scope, column, params)];
  if (companyId) conditions.push(`${column} = $${params.push(companyId)}`);
  return conditions.join(' AND ');
}

export async function allCompanyIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ companyId: string }>('SELECT company_id AS "companyId" FROM companies');
  return rows.map((row) => row.companyId);
}

/** Employees per company, department and status. */
export async function headCounts(db: Queryable, scope: CompanyScope, companyId: string | undefined): Promise<HeadCount[]> {
  const params: unknown[] = [];
  const { rows } = await db.query<HeadCount>(
    `SELECT e.company_id AS "companyId", c.name AS "companyName", e.department_id AS "departmentId", d.name AS "departmentName",
       e.employment_status AS "employmentStatus", count(*)::int AS count
     FROM employees e LEFT JOIN companies c ON c.company_id = e.company_id LEFT JOIN departments d ON d.department_id = e.department_id
     WHERE ${scoped(scope, 'e.company_id', companyId, params)}
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 2, 4`,
    params,
  );
  return rows;
}

export async function newestEmployees(db: Queryable, scope: CompanyScope, companyId: string | undefined, limit: number) {
  const params: unknown[] = [];
  const { rows } = await db.query<{
    employeeId: string;
    employeeName: string;
    companyId: string;
    departmentName: string | null;
    jobTitleName: string | null;
    employmentStatus: 'active' | 'archived';
    createdAt: Date;
  }>(
    `SELECT e.employee_id AS "employeeId", e.first_name || ' ' || e.last_name AS "employeeName", e.company_id AS "companyId", d.name AS "departmentName",
       j.name AS "jobTitleName", e.employment_status AS "employmentStatus", e.created_at AS "createdAt"
     FROM employees e LEFT JOIN departments d ON d.department_id = e.department_id LEFT JOIN job_titles j ON j.job_title_id = e.job_title_id
     WHERE ${scoped(scope, 'e.company_id', companyId, params)} ORDER BY e.created_at DESC, e.employee_id LIMIT ${limit}`,
    params,
  );
  return rows;
}

export async function recentWorkDays(db: Queryable, scope: CompanyScope, companyId: string | undefined, limit: number) {
  const params: unknown[] = [];
  const { rows } = await db.query<{
    workDayId: string;
    employeeId: string;
    employeeName: string;
    workDate: string;
    timeIn: Date;
    timeOut: Date | null;
    state: 'working' | 'on-break' | 'back-from-break' | 'left';
  }>(
    `SELECT w.work_day_id AS "workDayId", w.employee_id AS "employeeId", COALESCE(e.first_name || ' ' || e.last_name, '') AS "employeeName",
       to_char(w.work_date, 'YYYY-MM-DD') AS "workDate", w.time_in AS "timeIn", w.time_out AS "timeOut", w.state
     FROM work_days w LEFT JOIN employees e ON e.employee_id = w.employee_id
     WHERE ${scoped(scope, 'w.company_id', companyId, params)} ORDER BY w.work_date DESC, w.time_in DESC, w.work_day_id LIMIT ${limit}`,
    params,
  );
  return rows;
}

export async function pendingLeaves(db: Queryable, scope: CompanyScope, companyId: string | undefined, limit: number) {
  const params: unknown[] = [];
  const { rows } = await db.query<{
    leaveId: string;
    employeeId: string;
    employeeName: string;
    leaveTypeName: string | null;
    from: string;
    to: string;
    workingDays: number;
    requestedAt: Date;
  }>(
    `SELECT l.leave_id AS "leaveId", l.employee_id AS "employeeId", COALESCE(e.first_name || ' ' || e.last_name, '') AS "employeeName", t.name AS "leaveTypeName",
       to_char(l.from_date, 'YYYY-MM-DD') AS "from", to_char(l.to_date, 'YYYY-MM-DD') AS "to", l.working_days AS "workingDays", l.requested_at AS "requestedAt"
     FROM leaves l LEFT JOIN employees e ON e.employee_id = l.employee_id LEFT JOIN leave_types t ON t.leave_type_id = l.leave_type_id
     WHERE l.status = 'pending' AND ${scoped(scope, 'l.company_id', companyId, params)} ORDER BY l.requested_at, l.leave_id LIMIT ${limit}`,
    params,
  );
  return rows;
}

export async function leavesOf(db: Queryable, employeeId: string, limit: number) {
  const { rows } = await db.query<{
    leaveId: string;
    leaveTypeName: string | null;
    from: string;
    to: string;
    workingDays: number;
    status: 'pending' | 'approved' | 'declined' | 'withdrawn';
  }>(
    `SELECT l.leave_id AS "leaveId", t.name AS "leaveTypeName", to_char(l.from_date, 'YYYY-MM-DD') AS "from", to_char(l.to_date, 'YYYY-MM-DD') AS "to",
       l.working_days AS "workingDays", l.status
     FROM leaves l LEFT JOIN leave_types t ON t.leave_type_id = l.leave_type_id
     WHERE l.employee_id = $1 ORDER BY l.from_date DESC, l.leave_id LIMIT ${limit}`,
    [employeeId],
  );
  return rows;
}

/** $5 and $6: from every employee's yesterday to their today, the dates the index narrows the days to. */
function datesAround(today: TodayByCompany): [string, string] {
  const dates = [...today.todays, today.organisationToday].sort();
  return [addDays(dates[0] ?? today.organisationToday, -1), dates.at(-1) ?? today.organisationToday];
}

/** Each company's today (its zone's date), and the organisation's for employees of a company not known yet. */
export interface TodayByCompany {
  companyIds: string[];
  todays: string[];
  organisationToday: string;
}

/** The employees' day of today in their company's zone ($1 ids, $2 dates, $3 the organisation's date): a CTE. */
const todayOf = `todays AS (SELECT * FROM unnest($1::uuid[], $2::date[]) AS t(company_id, today))`;
const employeeToday = `COALESCE(todays.today, $3::date)`;

export interface PresenceRow {
  status: 'working' | 'onBreak' | 'gone' | 'notIn' | 'absent';
  count: number;
  employeeId: string;
  employeeName: string;
  companyId: string;
  workDate: string;
  since: Date;
}

/**
 * Who is in (working, or back from a break), on a break, gone for the day, not in yet (today's shift has started
 * with no punch and no leave) or absent (it has ended so: `absenceOf`'s rule), among the active employees: a count
 * per status and its `limit` latest.
 * Yesterday's day counts while it is still open (an overnight shift after midnight).
 */
export async function presenceNow(
  db: Queryable,
  scope: CompanyScope,
  companyId: string | undefined,
  today: TodayByCompany,
  now: Date,
  limit: number,
): Promise<PresenceRow[]> {
  const params: unknown[] = [today.companyIds, today.todays, today.organisationToday, now, ...datesAround(today)];
  const { rows } = await db.query<PresenceRow>(
    `WITH ${todayOf},
     presence AS (
       SELECT DISTINCT ON (f.employee_id) f.employee_id, e.first_name || ' ' || e.last_name AS name, e.company_id, f.work_date,
         CASE WHEN ${notInYet('f', '$4')} THEN 'notIn' WHEN f.kind = 'absent' THEN 'absent'
           WHEN f.state = 'on-break' THEN 'onBreak' WHEN f.state = 'left' THEN 'gone' ELSE 'working' END AS status,
         CASE WHEN f.kind = 'absent' THEN f.shift_start WHEN f.state = 'on-break' THEN COALESCE(f.break_in, f.time_in)
           WHEN f.state = 'left' THEN COALESCE(f.time_out, f.time_in) WHEN f.state = 'back-from-break' THEN COALESCE(f.break_out, f.time_in) ELSE f.time_in END AS since
       FROM day_figures f JOIN employees e ON e.employee_id = f.employee_id LEFT JOIN todays ON todays.company_id = e.company_id
       WHERE f.work_date BETWEEN $5 AND $6 AND e.employment_status = 'active' AND ${scoped(scope, 'e.company_id', companyId, params)} AND (
         (f.work_date = ${employeeToday} AND (f.kind = 'present' OR (f.kind = 'absent' AND f.shift_start <= $4)))
         OR (f.work_date = ${employeeToday} - 1 AND f.kind = 'present' AND f.state <> 'left'))
       -- Today's day first, else yesterday's still open, else today's started shift without anyone.
       ORDER BY f.employee_id, f.kind = 'present' DESC, f.work_date DESC
     )
     SELECT status, count::int, employee_id AS "employeeId", name AS "employeeName", company_id AS "companyId", to_char(work_date, 'YYYY-MM-DD') AS "workDate", since
     FROM (SELECT *, count(*) OVER (PARTITION BY status) AS count, row_number() OVER (PARTITION BY status ORDER BY since DESC, employee_id) AS n FROM presence) ranked
     WHERE n <= ${Math.trunc(limit)} ORDER BY status, n`,
    params,
  );
  return rows;
}

export interface LateRow {
  count: number;
  employeeId: string;
  employeeName: string;
  companyId: string;
  workDate: string;
  timeIn: Date;
  lateMinutes: number;
}

/** Today's late arrivals (each in their company's today), the latest `limit` of them with how many in all. */
export async function lateToday(db: Queryable, scope: CompanyScope, companyId: string | undefined, today: TodayByCompany, limit: number): Promise<LateRow[]> {
  const params: unknown[] = [today.companyIds, today.todays, today.organisationToday, ...datesAround(today)];
  const { rows } = await db.query<LateRow>(
    `WITH ${todayOf}
     SELECT count(*) OVER ()::int AS count, e.employee_id AS "employeeId", e.first_name || ' ' || e.last_name AS "employeeName", e.company_id AS "companyId",
       to_char(f.work_date, 'YYYY-MM-DD') AS "workDate", f.time_in AS "timeIn", f.late_minutes AS "lateMinutes"
     FROM employees e LEFT JOIN todays ON todays.company_id = e.company_id
       JOIN day_figures f ON f.employee_id = e.employee_id AND f.work_date = ${employeeToday}
     WHERE f.work_date BETWEEN $4 AND $5 AND f.kind = 'present' AND f.late_minutes > 0 AND ${scoped(scope, 'e.company_id', companyId, params)}
     ORDER BY f.time_in DESC, e.employee_id LIMIT ${Math.trunc(limit)}`,
    params,
  );
  return rows;
}

/**
 * Present, absent, leave and late days per date of [from, to] ($1, $2), absences counted once their shift has
 * ended ($3): the kept totals of each company and date, less the absences whose shift ends after $3.
 */
export async function dailyCounts(db: Queryable, scope: CompanyScope, companyId: string | undefined, from: string, to: string, now: Date) {
  const params: unknown[] = [from, to, now];
  const { rows } = await db.query<{ date: string; present: number; absent: number; leave: number; late: number }>(
    `WITH totals AS (
       SELECT t.work_date, sum(t.present) AS present, sum(t.absent) AS absent, sum(t.leave) AS leave, sum(t.late) AS late FROM day_totals t
       WHERE t.work_date BETWEEN $1 AND $2 AND ${scoped(scope, 't.company_id', companyId, params)} GROUP BY t.work_date
     ), not_yet AS (
       SELECT f.work_date, count(*) AS absent, count(*) FILTER (WHERE f.late_minutes > 0) AS late FROM day_figures f
       WHERE ${notInYet('f', '$3')} AND f.work_date BETWEEN $1 AND $2 AND ${scoped(scope, 'f.company_id', companyId, params)} GROUP BY f.work_date
     )
     SELECT to_char(t.work_date, 'YYYY-MM-DD') AS date, t.present::int AS present, (t.absent - COALESCE(n.absent, 0))::int AS absent, t.leave::int AS leave,
       (t.late - COALESCE(n.late, 0))::int AS late
     FROM totals t LEFT JOIN not_yet n ON n.work_date = t.work_date`,
    params,
  );
  return rows;
}
