import type { Queryable } from '@ams/db';
import { invalidField } from '@ams/service-kit';

// Users and roles are placed against the directories the projections keep: the check sits at the root, below all three rooms.

/** A user's company must exist, and its employee record must be one of that company's. */
export async function assertPlacement(db: Queryable, companyId: string | null, employeeId: string | null): Promise<void> {
  if (companyId !== null) {
    const { rowCount } = await db.query('SELECT 1 FROM company_directory WHERE company_id = $1', [companyId]);
    if (!rowCount) throw invalidField('companyId', 'companyNotFound');
  }
  if (employeeId !== null) {
    const { rows } = await db.query<{ company_id: string | null }>('SELECT company_id FROM employee_directory WHERE employee_id = $1', [employeeId]);
    if (!rows[0]) throw invalidField('employeeId', 'linkedEmployeeNotFound');
    if (rows[0].company_id !== companyId) throw invalidField('employeeId', 'employeeNotFoundInCompany');
  }
}
