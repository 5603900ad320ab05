import type { Queryable } from '@ams/db';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';

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
  const { rows } = await db.query<{ leaveId: string; leaveTypeName: string | null; from: string; to: string; workingDays: number; status: 'pending' | 'approved' | 'declined' | 'withdrawn' }>(
    `SELECT l.leave_id AS "leaveId", t.name AS "leaveTypeName", to_char(l.from_date, 'YYYY-MM-DD') AS "from", to_char(l.to_date, 'YYYY-MM-DD') AS "to",
       l.working_days AS "workingDays", l.status
     FROM leaves l LEFT JOIN leave_types t ON t.leave_type_id = l.leave_type_id
     WHERE l.employee_id = $1 ORDER BY l.from_date DESC, l.leave_id LIMIT ${limit}`,
    [employeeId],
  );
  return rows;
}
