import type { EmployeeDataExport } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';

type ExportedEmployee = EmployeeDataExport['employee'];

/** The employee's latest snapshot with its organisation's names, if the scope sees the employee. */
export async function exportedEmployee(db: Queryable, employeeId: string, scope: CompanyScope): Promise<ExportedEmployee | null> {
  const params: unknown[] = [employeeId];
  const { rows } = await db.query<ExportedEmployee>(
    `SELECT e.snapshot || jsonb_build_object('companyName', c.name, 'departmentName', d.name, 'jobTitleName', j.name) AS employee
     FROM employees e LEFT JOIN companies c ON c.company_id = e.company_id LEFT JOIN departments d ON d.department_id = e.department_id
       LEFT JOIN job_titles j ON j.job_title_id = e.job_title_id
     WHERE e.employee_id = $1 AND ${scopeCondition(scope, 'e.company_id', params)}`,
    params,
  );
  return (rows[0] as { employee?: ExportedEmployee } | undefined)?.employee ?? null;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

export async function exportedUserAccounts(db: Queryable, employeeId: string): Promise<EmployeeDataExport['userAccounts']> {
  const { rows } = await db.query<EmployeeDataExport['userAccounts'][number]>(
    `SELECT u.user_id AS "userId", u.name, u.email, u.account_type AS "accountType", u.status, ${iso('s.last_sign_in_at')} AS "lastSignInAt"
     FROM user_accounts u LEFT JOIN user_sign_ins s ON s.user_id = u.user_id::text WHERE u.employee_id = $1 ORDER BY u.user_id`,
    [employeeId],
  );
  return rows;
}

export async function exportedSchedules(db: Queryable, employeeId: string): Promise<EmployeeDataExport['schedules']> {
  const { rows } = await db.query<EmployeeDataExport['schedules'][number]>(
    `SELECT schedule_id AS "scheduleId", start_time AS "startTime", off_time AS "offTime", total_hours AS "totalHours", rest_days AS "restDays",
       ${day('from_date')} AS "fromDate", ${day('to_date')} AS "toDate", status, cancelled
     FROM schedules WHERE employee_id = $1 ORDER BY from_date, schedule_id`,
    [employeeId],
  );
  return rows;
}

export async function exportedLeaves(db: Queryable, employeeId: string): Promise<EmployeeDataExport['leaves']> {
  const { rows } = await db.query<EmployeeDataExport['leaves'][number]>(
    `SELECT l.leave_id AS "leaveId", t.name AS "leaveType", ${day('l.from_date')} AS "fromDate", ${day('l.to_date')} AS "toDate",
       ${day('l.return_date')} AS "returnDate", l.reason, l.working_days AS "workingDays", l.status, l.comment, ${iso('l.requested_at')} AS "requestedAt"
     FROM leaves l LEFT JOIN leave_types t ON t.leave_type_id = l.leave_type_id WHERE l.employee_id = $1 ORDER BY l.from_date, l.leave_id`,
    [employeeId],
  );
  return rows;
}

export async function exportedWorkDays(db: Queryable, employeeId: string): Promise<EmployeeDataExport['workDays']> {
  const { rows } = await db.query<EmployeeDataExport['workDays'][number]>(
    `SELECT work_day_id AS "workDayId", ${day('work_date')} AS "workDate", state, ${iso('time_in')} AS "timeIn", ${iso('break_in')} AS "breakIn",
       ${iso('break_out')} AS "breakOut", ${iso('time_out')} AS "timeOut", reason
     FROM work_days WHERE employee_id = $1 ORDER BY work_date, time_in`,
    [employeeId],
  );
  return rows;
}
