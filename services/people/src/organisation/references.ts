import type { Queryable } from '@ams/db';
import { invalidField, scopeCondition, type CompanyScope } from '@ams/service-kit';

async function exists(db: Queryable, sql: string, params: unknown[]): Promise<boolean> {
  const { rowCount } = await db.query(sql, params);
  return (rowCount ?? 0) > 0;
}

/** The company must exist and be one the caller works in. */
export async function assertCompanyInScope(db: Queryable, scope: CompanyScope, companyId: string): Promise<void> {
  const params: unknown[] = [companyId];
  const found = await exists(db, `SELECT 1 FROM companies WHERE id = $1 AND ${scopeCondition(scope, 'id', params)}`, params);
  if (!found) throw invalidField('companyId', 'companyNotFound');
}

export async function assertDepartmentInCompany(db: Queryable, departmentId: string, companyId: string): Promise<void> {
  if (!(await exists(db, 'SELECT 1 FROM departments WHERE id = $1 AND company_id = $2', [departmentId, companyId]))) {
    throw invalidField('departmentId', 'departmentNotFoundInThisCompany');
  }
}

export async function assertJobTitleInDepartment(db: Queryable, jobTitleId: string, departmentId: string): Promise<void> {
  if (!(await exists(db, 'SELECT 1 FROM job_titles WHERE id = $1 AND department_id = $2', [jobTitleId, departmentId]))) {
    throw invalidField('jobTitleId', 'jobTitleNotFoundInThisDepartment');
  }
}

export async function assertLeaveGroupInCompany(db: Queryable, leaveGroupId: string, companyId: string): Promise<void> {
  if (!(await exists(db, 'SELECT 1 FROM leave_groups WHERE id = $1 AND company_id = $2', [leaveGroupId, companyId]))) {
    throw invalidField('leaveGroupId', 'leaveGroupNotFoundInThisCompany');
  }
}

export async function assertLeaveTypesInCompany(db: Queryable, leaveTypeIds: readonly string[], companyId: string): Promise<void> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM leave_types WHERE id = ANY($1::uuid[]) AND company_id = $2', [
    leaveTypeIds,
    companyId,
  ]);
  if ((rows[0]?.count ?? 0) !== leaveTypeIds.length) throw invalidField('privileges', 'leaveTypeNotFoundInThisCompany');
}
