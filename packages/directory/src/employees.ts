import type { EmploymentStatus } from '@ams/contracts';
import type { Queryable } from '@ams/db';

export interface DirectoryEmployee {
  employeeId: string;
  companyId: string;
  departmentId: string;
  jobTitleId: string;
  leaveGroupId: string;
  firstName: string;
  lastName: string;
  email: string;
  employmentStatus: EmploymentStatus;
}

/** The columns of a DirectoryEmployee, for the package's own statements. */
export const employeeColumns = `employee_id AS "employeeId", company_id AS "companyId", department_id AS "departmentId", job_title_id AS "jobTitleId",
  leave_group_id AS "leaveGroupId", first_name AS "firstName", last_name AS "lastName", email, employment_status AS "employmentStatus"`;

export async function findDirectoryEmployee(db: Queryable, employeeId: string): Promise<DirectoryEmployee | null> {
  const { rows } = await db.query<DirectoryEmployee>(`SELECT ${employeeColumns} FROM directory_employees WHERE employee_id = $1`, [employeeId]);
  return rows[0] ?? null;
}

/** Several employees by id in one statement; unknown ids are left out. */
export async function findDirectoryEmployees(db: Queryable, employeeIds: readonly string[]): Promise<Map<string, DirectoryEmployee>> {
  if (employeeIds.length === 0) return new Map();
  const { rows } = await db.query<DirectoryEmployee>(`SELECT ${employeeColumns} FROM directory_employees WHERE employee_id = ANY($1::uuid[])`, [employeeIds]);
  return new Map(rows.map((employee) => [employee.employeeId, employee]));
}
