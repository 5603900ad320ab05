import type { EmployeeSnapshot } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { accountScopeCondition, scopeCondition, type CompanyScope } from '@ams/service-kit';

export interface OrganisationFilter {
  companyId?: string | undefined;
  departmentId?: string | undefined;
  employeeId?: string | undefined;
  employmentStatus?: 'active' | 'archived' | undefined;
}

/** The scope and filter as SQL conditions on employees `e`, their parameters appended to `params`. */
export function employeeWhere(scope: CompanyScope, filter: OrganisationFilter, params: unknown[]): string {
  const conditions = [scopeCondition(scope, 'e.company_id', params)];
  if (filter.companyId) conditions.push(`e.company_id = $${params.push(filter.companyId)}`);
  if (filter.departmentId) conditions.push(`e.department_id = $${params.push(filter.departmentId)}`);
  if (filter.employeeId) conditions.push(`e.employee_id = $${params.push(filter.employeeId)}`);
  if (filter.employmentStatus) conditions.push(`e.employment_status = $${params.push(filter.employmentStatus)}`);
  return conditions.join(' AND ');
}

const refColumns = `e.employee_id AS "employeeId", e.first_name || ' ' || e.last_name AS "employeeName", e.company_id AS "companyId",
  e.department_id AS "departmentId", d.name AS "departmentName"`;
const withDepartment = 'employees e LEFT JOIN departments d ON d.department_id = e.department_id';

export interface EmployeeRef {
  employeeId: string;
  employeeName: string;
  companyId: string;
  departmentId: string;
  departmentName: string | null;
}

export async function birthdays(db: Queryable, scope: CompanyScope, filter: OrganisationFilter): Promise<Array<EmployeeRef & { birthday: string }>> {
  const params: unknown[] = [];
  const { rows } = await db.query<EmployeeRef & { birthday: string }>(
    `SELECT ${refColumns}, to_char(e.birthday, 'YYYY-MM-DD') AS birthday FROM ${withDepartment}
     WHERE ${employeeWhere(scope, { ...filter, employmentStatus: 'active' }, params)} AND e.birthday IS NOT NULL
     ORDER BY to_char(e.birthday, 'MM-DD'), "employeeName", e.employee_id`,
    params,
  );
  return rows;
}

export async function employeeListPage(db: Queryable, scope: CompanyScope, filter: OrganisationFilter, page: { limit: number; offset: number }) {
  const params: unknown[] = [];
  const where = employeeWhere(scope, filter, params);
  const { rows } = await db.query<{
    snapshot: EmployeeSnapshot;
    companyName: string | null;
    departmentName: string | null;
    jobTitleName: string | null;
    total: number;
  }>(
    `SELECT e.snapshot, c.name AS "companyName", d.name AS "departmentName", j.name AS "jobTitleName", count(*) OVER ()::int AS total
     FROM employees e LEFT JOIN companies c ON c.company_id = e.company_id LEFT JOIN departments d ON d.department_id = e.department_id
       LEFT JOIN job_titles j ON j.job_title_id = e.job_title_id
     WHERE ${where} ORDER BY e.last_name, e.first_name, e.employee_id LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
  if (rows.length > 0 || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const { rows: counted } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM employees e WHERE ${where}`, params);
  return { rows, total: counted[0]?.total ?? 0 };
}

export interface ScheduleInForce {
  scheduleId: string;
  startTime: string;
  offTime: string;
  totalHours: number;
  restDays: string[];
  fromDate: string;
  toDate: string | null;
}

export async function schedulesInForce(db: Queryable, scope: CompanyScope, filter: OrganisationFilter, date: string, page: { limit: number; offset: number }) {
  const params: unknown[] = [];
  const where = employeeWhere(scope, { ...filter, employmentStatus: 'active' }, params);
  const dateParam = `$${params.push(date)}`;
  const { rows } = await db.query<EmployeeRef & { schedule: ScheduleInForce | null; total: number; withoutSchedule: number }>(
    `SELECT ${refColumns}, s.schedule, count(*) OVER ()::int AS total, (count(*) FILTER (WHERE s.schedule IS NULL) OVER ())::int AS "withoutSchedule"
     FROM ${withDepartment}
     LEFT JOIN LATERAL (
       SELECT json_build_object('scheduleId', schedule_id, 'startTime', start_time, 'offTime', off_time, 'totalHours', total_hours, 'restDays', rest_days,
         'fromDate', to_char(from_date, 'YYYY-MM-DD'), 'toDate', to_char(to_date, 'YYYY-MM-DD')) AS schedule
       FROM schedules WHERE employee_id = e.employee_id AND NOT cancelled AND from_date <= ${dateParam}::date AND (to_date IS NULL OR to_date >= ${dateParam}::date)
       ORDER BY from_date DESC LIMIT 1
     ) s ON true
     WHERE ${where} ORDER BY "employeeName", e.employee_id LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
  return rows;
}

/** The scope and an optional company as a condition on `column`, with its own parameters. */
function companyWhere(scope: CompanyScope, companyId: string | undefined, column: string): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions = [scopeCondition(scope, column, params)];
  if (companyId) conditions.push(`${column} = $${params.push(companyId)}`);
  return { where: conditions.join(' AND '), params };
}

export async function organisationCounts(db: Queryable, scope: CompanyScope, companyId: string | undefined) {
  const ofCompanies = companyWhere(scope, companyId, 'c.company_id');
  const ofDepartments = companyWhere(scope, companyId, 'd.company_id');
  const ofEmployees = companyWhere(scope, companyId, 'company_id');
  const [companies, departments, people] = await Promise.all([
    db.query<{ companyId: string; name: string; departments: number; jobTitles: number }>(
      `SELECT c.company_id AS "companyId", c.name, (SELECT count(*)::int FROM departments d WHERE d.company_id = c.company_id) AS departments,
         (SELECT count(*)::int FROM job_titles j WHERE j.company_id = c.company_id) AS "jobTitles"
       FROM companies c WHERE ${ofCompanies.where} ORDER BY c.name, c.company_id`,
      ofCompanies.params,
    ),
    db.query<{ departmentId: string; name: string; companyId: string; jobTitles: number }>(
      `SELECT d.department_id AS "departmentId", d.name, d.company_id AS "companyId", (SELECT count(*)::int FROM job_titles j WHERE j.department_id = d.department_id) AS "jobTitles"
       FROM departments d WHERE ${ofDepartments.where} ORDER BY d.name, d.department_id`,
      ofDepartments.params,
    ),
    db.query<{
      companyId: string;
      departmentId: string;
      employmentStatus: 'active' | 'archived';
      birthday: string | null;
      civilStatus: string | null;
      gender: string;
      employmentType: string;
    }>(
      `SELECT company_id AS "companyId", department_id AS "departmentId", employment_status AS "employmentStatus", to_char(birthday, 'YYYY-MM-DD') AS birthday,
         snapshot->>'civilStatus' AS "civilStatus", snapshot->>'gender' AS gender, snapshot->>'employmentType' AS "employmentType"
       FROM employees WHERE ${ofEmployees.where}`,
      ofEmployees.params,
    ),
  ]);
  return { companies: companies.rows, departments: departments.rows, employees: people.rows };
}

export async function userAccountsPage(
  db: Queryable,
  scope: CompanyScope,
  filter: { companyId?: string | undefined; accountType?: string | undefined; status?: string | undefined },
  page: { limit: number; offset: number },
) {
  const params: unknown[] = [];
  const conditions = [accountScopeCondition(scope, { companyId: 'u.company_id', accountType: 'u.account_type' }, params)];
  if (filter.companyId) conditions.push(`u.company_id = $${params.push(filter.companyId)}`);
  if (filter.accountType) conditions.push(`u.account_type = $${params.push(filter.accountType)}`);
  if (filter.status) conditions.push(`u.status = $${params.push(filter.status)}`);
  const where = conditions.join(' AND ');
  const [items, tallies] = await Promise.all([
    db.query<{
      userId: string;
      name: string;
      email: string;
      accountType: 'SuperAdmin' | 'Admin' | 'Employee';
      roleName: string | null;
      status: 'enabled' | 'disabled';
      companyId: string | null;
      companyName: string | null;
      lastSignInAt: Date | null;
    }>(
      `SELECT u.user_id AS "userId", u.name, u.email, u.account_type AS "accountType", r.name AS "roleName", u.status, u.company_id AS "companyId",
         c.name AS "companyName", s.last_sign_in_at AS "lastSignInAt"
       FROM user_accounts u LEFT JOIN roles r ON r.role_id = u.role_id LEFT JOIN companies c ON c.company_id = u.company_id
         LEFT JOIN user_sign_ins s ON s.user_id = u.user_id::text
       WHERE ${where} ORDER BY u.name, u.user_id LIMIT ${page.limit} OFFSET ${page.offset}`,
      params,
    ),
    db.query<{ accountType: string; status: string; count: number }>(
      `SELECT u.account_type AS "accountType", u.status, count(*)::int AS count FROM user_accounts u WHERE ${where} GROUP BY 1, 2`,
      params,
    ),
  ]);
  return { items: items.rows, tallies: tallies.rows };
}

export async function leaveTallies(db: Queryable, scope: CompanyScope, filter: OrganisationFilter & { status?: string | undefined }, from: string, to: string) {
  const params: unknown[] = [];
  const where = employeeWhere(scope, filter, params);
  const conditions = [`l.from_date <= $${params.push(to)}`, `l.to_date >= $${params.push(from)}`];
  if (filter.status) conditions.push(`l.status = $${params.push(filter.status)}`);
  const { rows } = await db.query<
    EmployeeRef & {
      leaveTypeId: string;
      leaveTypeName: string | null;
      status: 'pending' | 'approved' | 'declined' | 'withdrawn';
      requests: number;
      workingDays: number;
    }
  >(
    `SELECT ${refColumns}, l.leave_type_id AS "leaveTypeId", t.name AS "leaveTypeName", l.status, count(*)::int AS requests, sum(l.working_days)::int AS "workingDays"
     FROM leaves l JOIN ${withDepartment} ON e.employee_id = l.employee_id LEFT JOIN leave_types t ON t.leave_type_id = l.leave_type_id
     WHERE ${where} AND ${conditions.join(' AND ')}
     GROUP BY e.employee_id, e.first_name, e.last_name, e.company_id, e.department_id, d.name, l.leave_type_id, t.name, l.status
     ORDER BY "employeeName", e.employee_id, t.name, l.status`,
    params,
  );
  return rows;
}
