import { handleOnce, type EventEnvelope } from '@ams/bus';
import { peopleEvents } from '@ams/contracts';
import type { Pool, Queryable } from '@ams/db';
import { invalidField } from '@ams/service-kit';
import { IDENTITY_GROUP } from './employee-directory.ts';

/** Keeps the companies' ids, so users and roles can only be placed in a company that exists. */
export async function applyOrganisationEvent(pool: Pool, event: EventEnvelope): Promise<void> {
  await handleOnce(pool, IDENTITY_GROUP, event, async (tx) => {
    if (event.type === 'organisation.CompanySaved') {
      const company = peopleEvents[event.type].parse(event.payload);
      await tx.query('INSERT INTO company_directory (company_id, name) VALUES ($1, $2) ON CONFLICT (company_id) DO UPDATE SET name = $2', [
        company.companyId,
        company.name,
      ]);
    } else if (event.type === 'organisation.CompanyDeleted') {
      await tx.query('DELETE FROM company_directory WHERE company_id = $1', [peopleEvents[event.type].parse(event.payload).companyId]);
    }
  });
}

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
