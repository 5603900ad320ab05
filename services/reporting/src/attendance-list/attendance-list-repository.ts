import type { ArrivalStatus, Attendance, DepartureStatus, PresenceState } from '@ams/contracts';
import { listConditions, type Queryable } from '@ams/db';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';
import { hoursOf } from '../period/day-sums.ts';

/*
 * The attendance list reads the counted days (day_figures' present days) with the work day's id and last
 * change (work_days) and the employee's current name and department: a day is counted once, by the store
 * every report reads, so the list and the reports cannot disagree.
 */

const NO_DEPARTMENT = '00000000-0000-0000-0000-000000000000';

const employeeName = `e.first_name || ' ' || e.last_name`;
// The statuses follow from the counted minutes: a day without a shift has none, an open day no departure yet.
const arrivalStatus = `CASE WHEN f.shift_start IS NULL THEN NULL WHEN f.late_minutes > 0 THEN 'late arrival' ELSE 'on time' END`;
const departureStatus = `CASE WHEN f.shift_start IS NULL OR f.time_out IS NULL THEN NULL WHEN f.early_departure_minutes > 0 THEN 'early departure' ELSE 'on time' END`;
const fromDays = `FROM day_figures f JOIN work_days w ON w.employee_id = f.employee_id AND w.work_date = f.work_date
  JOIN employees e ON e.employee_id = f.employee_id`;

const selectDay = `
  SELECT w.work_day_id AS id, f.employee_id AS "employeeId", ${employeeName} AS "employeeName", f.company_id AS "companyId",
         COALESCE(e.department_id, '${NO_DEPARTMENT}') AS "departmentId", to_char(f.work_date, 'YYYY-MM-DD') AS "workDate",
         f.time_in AS "timeIn", f.break_in AS "breakIn", f.break_out AS "breakOut", f.time_out AS "timeOut",
         f.worked_minutes AS "workedMinutes", f.overtime_minutes AS "overtimeMinutes", f.late_minutes AS "lateMinutes",
         ${arrivalStatus} AS "arrivalStatus", ${departureStatus} AS "departureStatus", f.state, f.reason,
         f.recorded_offline AS "recordedOffline", w.changed_at AS "updatedAt"`;

/** Newest work date first; the id makes the order total, so pages never repeat or skip a day. */
const newestFirst = 'ORDER BY f.work_date DESC, f.time_in DESC, w.work_day_id';

interface DayRow {
  id: string;
  employeeId: string;
  employeeName: string;
  companyId: string;
  departmentId: string;
  workDate: string;
  timeIn: Date;
  breakIn: Date | null;
  breakOut: Date | null;
  timeOut: Date | null;
  workedMinutes: number;
  overtimeMinutes: number;
  lateMinutes: number;
  arrivalStatus: ArrivalStatus | null;
  departureStatus: DepartureStatus | null;
  state: PresenceState;
  reason: string | null;
  recordedOffline: boolean;
  updatedAt: Date;
}

const iso = (instant: Date | null) => (instant === null ? null : instant.toISOString());

function attendanceOf(row: DayRow): Attendance {
  const { workedMinutes, overtimeMinutes, ...day } = row;
  return {
    ...day,
    timeIn: row.timeIn.toISOString(),
    breakIn: iso(row.breakIn),
    breakOut: iso(row.breakOut),
    timeOut: iso(row.timeOut),
    // Hours as the reports round them; an open day has worked no hours yet.
    totalHours: row.timeOut === null ? null : hoursOf(workedMinutes),
    overtimeHours: hoursOf(overtimeMinutes),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface DayFilter {
  scope: CompanyScope;
  employeeId?: string | undefined;
  companyId?: string | undefined;
  departmentId?: string | undefined;
  arrivalStatus?: ArrivalStatus | undefined;
  departureStatus?: DepartureStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

function whereOf(filter: DayFilter, params: unknown[]): string {
  const conditions = [
    "f.kind = 'present'",
    scopeCondition(filter.scope, 'f.company_id', params),
    ...listConditions(params, {
      search: filter.search,
      searchIn: `lower(${employeeName})`,
      equal: {
        'f.employee_id': filter.employeeId,
        'f.company_id': filter.companyId,
        'e.department_id': filter.departmentId,
        [arrivalStatus]: filter.arrivalStatus,
        [departureStatus]: filter.departureStatus,
      },
    }),
  ];
  if (filter.from !== undefined) conditions.push(`f.work_date >= $${params.push(filter.from)}`);
  if (filter.to !== undefined) conditions.push(`f.work_date <= $${params.push(filter.to)}`);
  return conditions.join(' AND ');
}

export async function listAttendanceDays(
  db: Queryable,
  filter: DayFilter,
  page: { page: number; pageSize: number },
): Promise<{ items: Attendance[]; total: number }> {
  const params: unknown[] = [];
  const where = whereOf(filter, params);
  const [count, rows] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${fromDays} WHERE ${where}`, params),
    db.query<DayRow>(`${selectDay} ${fromDays} WHERE ${where} ${newestFirst} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      page.pageSize,
      (page.page - 1) * page.pageSize,
    ]),
  ]);
  return { items: rows.rows.map(attendanceOf), total: count.rows[0]?.total ?? 0 };
}

/**
 * Every day the filter matches, newest first, a batch at a time: each batch is one short query that starts after
 * the last day of the one before (no transaction stays open, so an export never holds up the projections).
 */
export async function* attendanceDayBatches(db: Queryable, filter: DayFilter, batchSize: number): AsyncGenerator<Attendance[]> {
  let after: DayRow | undefined;
  for (;;) {
    const params: unknown[] = [];
    const where = whereOf(filter, params);
    let resume = '';
    if (after) {
      const at = params.push(after.workDate, after.timeIn, after.id);
      resume = ` AND (f.work_date, f.time_in, w.work_day_id) < ($${at - 2}::date, $${at - 1}::timestamptz, $${at}::uuid)`;
    }
    const { rows } = await db.query<DayRow>(
      `${selectDay} ${fromDays} WHERE ${where}${resume} ORDER BY f.work_date DESC, f.time_in DESC, w.work_day_id DESC LIMIT $${params.length + 1}`,
      [...params, batchSize],
    );
    if (rows.length > 0) yield rows.map(attendanceOf);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1];
  }
}

export async function findAttendanceDay(db: Queryable, id: string, scope: CompanyScope): Promise<Attendance | null> {
  const params: unknown[] = [id];
  const { rows } = await db.query<DayRow>(
    `${selectDay} ${fromDays} WHERE w.work_day_id = $1 AND f.kind = 'present' AND ${scopeCondition(scope, 'f.company_id', params)}`,
    params,
  );
  const row = rows[0];
  return row ? attendanceOf(row) : null;
}

export interface PresenceRow {
  employeeId: string;
  employeeName: string;
  companyId: string;
  workDate: string;
  state: PresenceState;
  since: string;
}

/**
 * Each employee's latest day of today or yesterday (in the company's time zone): still open (a night
 * shift runs past midnight), or closed today. `defaultZone` applies when no settings were announced.
 */
export async function listPresence(db: Queryable, scope: CompanyScope, now: Date, defaultZone: string): Promise<PresenceRow[]> {
  // The UTC date bounds the candidates (every zone's today is within a day of it), so the index serves.
  const params: unknown[] = [now.toISOString(), defaultZone, now.toISOString().slice(0, 10)];
  const inScope = scopeCondition(scope, 'f.company_id', params);
  const { rows } = await db.query<Omit<PresenceRow, 'since'> & { since: Date }>(
    `SELECT l.employee_id AS "employeeId", e.first_name || ' ' || e.last_name AS "employeeName",
            l.company_id AS "companyId", to_char(l.work_date, 'YYYY-MM-DD') AS "workDate", l.state, l.since
       FROM (
         SELECT DISTINCT ON (f.employee_id) f.employee_id, f.company_id, f.work_date, f.state,
                COALESCE(f.time_out, f.break_out, f.break_in, f.time_in) AS since, z.zone, z.today
           FROM day_figures f
           CROSS JOIN LATERAL (
             SELECT zone, ($1::timestamptz AT TIME ZONE zone)::date AS today
               FROM (SELECT COALESCE((SELECT s.timezone FROM effective_settings(f.company_id) s), $2) AS zone) AS settings
           ) z
          WHERE f.kind = 'present' AND f.work_date BETWEEN $3::date - 2 AND $3::date + 1
            AND f.work_date BETWEEN z.today - 1 AND z.today AND ${inScope}
          ORDER BY f.employee_id, f.work_date DESC
       ) l
       JOIN employees e ON e.employee_id = l.employee_id
      WHERE l.state <> 'left' OR (l.since AT TIME ZONE l.zone)::date = l.today
      ORDER BY "employeeName", l.employee_id`,
    params,
  );
  return rows.map((row) => ({ ...row, since: row.since.toISOString() }));
}
