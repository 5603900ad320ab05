import { cursorBatches, type BatchSizes, type Pool, type Queryable } from '@ams/db';
import type { CompanyScope } from '@ams/service-kit';
import type { DayFigures } from '../figures/day-figures.ts';
import { noDays, type DaySums } from '../period/day-sums.ts';
import { employeeConditions, type EmployeeDay, type EmployeeFilter, type ReportEmployee } from '../period/period-repository.ts';
import { notInYet } from './absence-rule.ts';
import { workDayOf, type StoredAttendance } from './stored-attendance.ts';

/** The days a report shows of [$1, $2]: a working day without attendance or leave only once it is an absence ($3, the reader's now). */
const shownDays = (alias: string) => `${alias}.work_date BETWEEN $1 AND $2 AND NOT ${notInYet(alias, '$3')}`;

const sumsSelect = (
  f: string,
) => `count(*) FILTER (WHERE ${f}.kind = 'present')::int AS "daysWorked", count(*) FILTER (WHERE ${f}.kind = 'absent')::int AS absences,
  count(*) FILTER (WHERE ${f}.kind = 'leave')::int AS "leaveDays", count(*) FILTER (WHERE ${f}.late_minutes > 0)::int AS "lateArrivals",
  count(*) FILTER (WHERE ${f}.early_departure_minutes > 0)::int AS "earlyDepartures", count(*) FILTER (WHERE ${f}.scheduled_minutes > 0)::int AS "scheduledDays",
  COALESCE(sum(${f}.break_minutes), 0)::int AS "breakMinutes", COALESCE(sum(${f}.late_minutes), 0)::int AS "lateMinutes",
  COALESCE(sum(${f}.early_departure_minutes), 0)::int AS "earlyDepartureMinutes", COALESCE(sum(${f}.scheduled_minutes), 0)::int AS "scheduledMinutes",
  COALESCE(sum(${f}.worked_minutes), 0)::float8 AS "workedMinutes", COALESCE(sum(${f}.overtime_minutes), 0)::int AS "overtimeMinutes"`;

const employeeColumns = `e.employee_id AS "employeeId", e.first_name || ' ' || e.last_name AS "employeeName", e.company_id AS "companyId",
  e.department_id AS "departmentId", d.name AS "departmentName", e.employment_status AS "employmentStatus"`;
const nameOrder = `e.first_name || ' ' || e.last_name, e.employee_id`;

export interface Period {
  from: string;
  to: string;
  now: Date;
}

/** The filter's employees among the days ('f'): nothing to add when the caller sees everyone unfiltered. */
function ofEmployees(scope: CompanyScope, filter: EmployeeFilter, params: unknown[]): string {
  const conditions = employeeConditions(scope, filter, params);
  return conditions === 'TRUE' ? '' : ` AND f.employee_id IN (SELECT e.employee_id FROM employees e WHERE ${conditions})`;
}

/** The shown days of the filter's employees summed up, and how many they are. */
export async function periodSums(db: Queryable, scope: CompanyScope, filter: EmployeeFilter, period: Period): Promise<DaySums & { days: number }> {
  const params: unknown[] = [period.from, period.to, period.now];
  const { rows } = await db.query<DaySums & { days: number }>(
    `SELECT count(*)::int AS days, ${sumsSelect('f')} FROM day_figures f WHERE ${shownDays('f')}${ofEmployees(scope, filter, params)}`,
    params,
  );
  return rows[0] ?? { ...noDays, days: 0 };
}

/** Each of the filter's employees with their shown days summed up, by name: active ones, and archived ones with days in the period. */
export async function employeeSums(db: Queryable, scope: CompanyScope, filter: EmployeeFilter, period: Period): Promise<Array<ReportEmployee & DaySums>> {
  const params: unknown[] = [period.from, period.to, period.now];
  const days = ofEmployees(scope, filter, params);
  const summed = Object.keys(noDays)
    .map((key) => `COALESCE(s."${key}", 0) AS "${key}"`)
    .join(', ');
  const { rows } = await db.query<ReportEmployee & DaySums>(
    `WITH sums AS (SELECT f.employee_id, ${sumsSelect('f')} FROM day_figures f WHERE ${shownDays('f')}${days} GROUP BY f.employee_id)
     SELECT ${employeeColumns}, ${summed}
     FROM employees e LEFT JOIN departments d ON d.department_id = e.department_id LEFT JOIN sums s ON s.employee_id = e.employee_id
     WHERE ${employeeConditions(scope, filter, params)} AND (e.employment_status = 'active' OR s.employee_id IS NOT NULL)
     ORDER BY ${nameOrder}`,
    params,
  );
  return rows;
}

interface DayRow extends ReportEmployee, Omit<DayFigures, 'kind'>, StoredAttendance {
  workDate: string;
  mark: 'present' | 'absent' | 'leave';
}

const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/** The query of the filter's shown days by employee name then date, with its parameters. */
function shownDaysQuery(scope: CompanyScope, filter: EmployeeFilter, period: Period): { sql: string; params: unknown[] } {
  const params: unknown[] = [period.from, period.to, period.now];
  const sql = `SELECT ${employeeColumns}, to_char(f.work_date, 'YYYY-MM-DD') AS "workDate", f.kind AS mark, f.scheduled_minutes AS "scheduledMinutes",
       f.worked_minutes AS "workedMinutes", f.break_minutes AS "breakMinutes", f.late_minutes AS "lateMinutes",
       f.early_departure_minutes AS "earlyDepartureMinutes", f.overtime_minutes AS "overtimeMinutes", f.state, ${epochMs('f.time_in')} AS "timeIn",
       ${epochMs('f.break_in')} AS "breakIn", ${epochMs('f.break_out')} AS "breakOut", ${epochMs('f.time_out')} AS "timeOut", f.reason,
       f.recorded_offline AS "recordedOffline"
     FROM employees e JOIN day_figures f ON f.employee_id = e.employee_id LEFT JOIN departments d ON d.department_id = e.department_id
     WHERE ${shownDays('f')} AND ${employeeConditions(scope, filter, params)}
     ORDER BY ${nameOrder}, f.work_date`;
  return { sql, params };
}

function employeeDayOf(row: DayRow): EmployeeDay {
  return {
    employee: {
      employeeId: row.employeeId,
      employeeName: row.employeeName,
      companyId: row.companyId,
      departmentId: row.departmentId,
      departmentName: row.departmentName,
      employmentStatus: row.employmentStatus,
    },
    workDate: row.workDate,
    mark: row.mark,
    figures: {
      kind: row.mark,
      scheduledMinutes: row.scheduledMinutes,
      workedMinutes: row.workedMinutes,
      breakMinutes: row.breakMinutes,
      lateMinutes: row.lateMinutes,
      earlyDepartureMinutes: row.earlyDepartureMinutes,
      overtimeMinutes: row.overtimeMinutes,
    } satisfies DayFigures,
    workDay: workDayOf(row.employeeId, row.workDate, row),
  };
}

/** The filter's shown days by employee name then date: a page of them (`limit` and `offset`), or all. */
export async function shownDaysOf(
  db: Queryable,
  scope: CompanyScope,
  filter: EmployeeFilter,
  period: Period,
  page?: { limit: number; offset: number },
): Promise<EmployeeDay[]> {
  const { sql, params } = shownDaysQuery(scope, filter, period);
  const slice = page ? ` LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}` : '';
  const { rows } = await db.query<DayRow>(`${sql}${slice}`, params);
  return rows.map(employeeDayOf);
}

/** All the filter's shown days in the same order, batch by batch, read by one query (an export's hundreds of thousands). */
export async function* shownDayBatches(
  pool: Pool,
  scope: CompanyScope,
  filter: EmployeeFilter,
  period: Period,
  sizes: BatchSizes,
): AsyncGenerator<EmployeeDay[]> {
  const { sql, params } = shownDaysQuery(scope, filter, period);
  for await (const rows of cursorBatches<DayRow>(pool, sql, params, sizes)) yield rows.map(employeeDayOf);
}
