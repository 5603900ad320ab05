import { defaultSettings, defaultWorkTimeRules, type DayMark, type ScheduleState, type WorkTimeRules } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { effectiveSettingsLookup } from '@ams/directory';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';
import type { DayFigures } from '../figures/day-figures.ts';
import type { ClockedShift } from '../figures/day-planner.ts';

/** Who a report is about: the caller's scope narrowed by the filters. */
export interface EmployeeFilter {
  companyId?: string | undefined;
  departmentId?: string | undefined;
  employeeId?: string | undefined;
  /** Only these employees (the projections recompute their days). */
  employeeIds?: readonly string[] | undefined;
}

export interface ReportEmployee {
  employeeId: string;
  employeeName: string;
  companyId: string;
  departmentId: string;
  departmentName: string | null;
  employmentStatus: 'active' | 'archived';
}

/** A work day with its punches as instants (ms since the epoch): a period holds hundreds of thousands. */
export interface StoredWorkDay {
  employeeId: string;
  workDate: string;
  state: 'working' | 'on-break' | 'back-from-break' | 'left';
  timeIn: number;
  breakIn: number | null;
  breakOut: number | null;
  timeOut: number | null;
  reason: string | null;
  /** A time the day holds was recorded offline by a kiosk (attendance says so). */
  recordedOffline: boolean;
  /** The shift attendance counted the day against; unknown (or left out where the figures are already computed) for days whose event predates it. */
  shift?: ClockedShift | 'unknown';
}

/** One employee's day that the reports show: present, absent or on leave (the stored days' rows and the computed ones alike). */
export interface EmployeeDay {
  employee: ReportEmployee;
  workDate: string;
  mark: DayMark;
  figures: DayFigures;
  workDay: StoredWorkDay | null;
}

export interface ApprovedLeave {
  employeeId: string;
  from: string;
  to: string;
}

export interface CompanyRules extends WorkTimeRules {
  timezone: string;
}

/** Everything a period's figures are computed from, for the employees of the filter. */
export interface PeriodData {
  employees: ReportEmployee[];
  schedules: Map<string, ScheduleState[]>;
  leaves: Map<string, ApprovedLeave[]>;
  workDays: Map<string, Map<string, StoredWorkDay>>;
  rulesOf(companyId: string): CompanyRules;
}

/** The clocked shift of the work_days row `w` as `StoredWorkDay['shift']` (json). */
export const clockedShiftOf = (w: string) =>
  `CASE WHEN NOT ${w}.shift_recorded THEN to_json('unknown'::text) WHEN ${w}.shift_start IS NULL THEN 'null'::json
   ELSE json_build_object('start', (extract(epoch FROM ${w}.shift_start) * 1000)::float8, 'end', (extract(epoch FROM ${w}.shift_end) * 1000)::float8, 'hours', ${w}.shift_hours) END`;

export function employeeConditions(scope: CompanyScope, filter: EmployeeFilter, params: unknown[]): string {
  const conditions = [scopeCondition(scope, 'e.company_id', params)];
  if (filter.companyId) conditions.push(`e.company_id = $${params.push(filter.companyId)}`);
  if (filter.departmentId) conditions.push(`e.department_id = $${params.push(filter.departmentId)}`);
  if (filter.employeeId) conditions.push(`e.employee_id = $${params.push(filter.employeeId)}`);
  if (filter.employeeIds) conditions.push(`e.employee_id = ANY($${params.push(filter.employeeIds)}::uuid[])`);
  return conditions.join(' AND ');
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** Every company's rules and zone at once: its own settings, else the organisation's, else the defaults. */
export async function loadCompanyRules(db: Queryable): Promise<(companyId: string) => CompanyRules> {
  const { rows } = await db.query<CompanyRules & { companyId: string | null }>(
    `SELECT company_id AS "companyId", timezone, late_grace_minutes AS "lateGraceMinutes", overtime_before_shift AS "overtimeBeforeShift",
       overtime_minimum_minutes AS "overtimeMinimumMinutes" FROM settings`,
  );
  return effectiveSettingsLookup(rows, { timezone: defaultSettings.timezone, ...defaultWorkTimeRules });
}

const employeeSelect = `SELECT e.employee_id AS "employeeId", e.first_name || ' ' || e.last_name AS "employeeName", e.company_id AS "companyId",
    e.department_id AS "departmentId", d.name AS "departmentName", e.employment_status AS "employmentStatus"
  FROM employees e LEFT JOIN departments d ON d.department_id = e.department_id`;

/** The scope's employees matching the filter, by name. */
export async function findReportEmployees(db: Queryable, scope: CompanyScope, filter: EmployeeFilter): Promise<ReportEmployee[]> {
  const params: unknown[] = [];
  const { rows } = await db.query<ReportEmployee>(
    `${employeeSelect} WHERE ${employeeConditions(scope, filter, params)} ORDER BY "employeeName", e.employee_id`,
    params,
  );
  return rows;
}

/**
 * The employees' schedules (cancelled ones left out), approved leave and work days of [from, to], with every
 * company's rules, for all the filter's employees.
 */
export async function loadPeriod(db: Queryable, scope: CompanyScope, filter: EmployeeFilter, from: string, to: string): Promise<PeriodData> {
  // The employees of the filter as a subquery, rather than their ids sent back: the four reads run side by side.
  const params: unknown[] = [from, to];
  const ofEmployees = `employee_id IN (SELECT e.employee_id FROM employees e WHERE ${employeeConditions(scope, filter, params)})`;
  const [employees, schedules, leaves, workDays, rulesOf] = await Promise.all([
    findReportEmployees(db, scope, filter),
    db.query<ScheduleState>(
      `SELECT schedule_id AS "scheduleId", employee_id AS "employeeId", company_id AS "companyId", start_time AS "startTime", off_time AS "offTime",
         total_hours AS "totalHours", rest_days AS "restDays", to_char(from_date, 'YYYY-MM-DD') AS "fromDate", to_char(to_date, 'YYYY-MM-DD') AS "toDate", status
       FROM schedules WHERE ${ofEmployees} AND NOT cancelled AND from_date <= $2 AND (to_date IS NULL OR to_date >= $1)`,
      params,
    ),
    db.query<ApprovedLeave>(
      `SELECT employee_id AS "employeeId", to_char(from_date, 'YYYY-MM-DD') AS "from", to_char(to_date, 'YYYY-MM-DD') AS "to"
       FROM leaves WHERE ${ofEmployees} AND status = 'approved' AND from_date <= $2 AND to_date >= $1`,
      params,
    ),
    db.query<StoredWorkDay>(
      `SELECT employee_id AS "employeeId", to_char(work_date, 'YYYY-MM-DD') AS "workDate", state, (extract(epoch FROM time_in) * 1000)::float8 AS "timeIn",
         (extract(epoch FROM break_in) * 1000)::float8 AS "breakIn", (extract(epoch FROM break_out) * 1000)::float8 AS "breakOut",
         (extract(epoch FROM time_out) * 1000)::float8 AS "timeOut", reason, recorded_offline AS "recordedOffline", ${clockedShiftOf('work_days')} AS shift
       FROM work_days WHERE ${ofEmployees} AND work_date BETWEEN $1 AND $2`,
      params,
    ),
    loadCompanyRules(db),
  ]);
  const daysByEmployee = new Map<string, Map<string, StoredWorkDay>>();
  for (const day of workDays.rows) {
    let days = daysByEmployee.get(day.employeeId);
    if (!days) daysByEmployee.set(day.employeeId, (days = new Map()));
    days.set(day.workDate, day);
  }
  return {
    employees,
    schedules: groupBy(schedules.rows, (row) => row.employeeId),
    leaves: groupBy(leaves.rows, (row) => row.employeeId),
    workDays: daysByEmployee,
    rulesOf,
  };
}
