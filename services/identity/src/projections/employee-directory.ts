import { handleOnce, type EventEnvelope } from '@ams/bus';
import { isEmployeeSnapshotEvent, peopleEvents } from '@ams/contracts';
import type { Pool } from '@ams/db';
import { eraseLinkedAccounts } from './employee-erasure.ts';

export const IDENTITY_GROUP = 'identity';

/** Keeps the employees' emails, so sign-up can link an account to its employee record. */
export async function applyEmployeeEvent(pool: Pool, event: EventEnvelope): Promise<void> {
  await handleOnce(pool, IDENTITY_GROUP, event, async (tx) => {
    if (isEmployeeSnapshotEvent(event.type)) {
      const employee = peopleEvents[event.type].parse(event.payload);
      // First: it forgets the address the directory still holds.
      await eraseLinkedAccounts(tx, event);
      await tx.query(
        `INSERT INTO employee_directory (employee_id, company_id, email) VALUES ($1, $2, $3)
         ON CONFLICT (employee_id) DO UPDATE SET company_id = $2, email = $3`,
        [employee.employeeId, employee.companyId, employee.email],
      );
    } else if (event.type === 'employee.EmployeeDeleted') {
      await tx.query('DELETE FROM employee_directory WHERE employee_id = $1', [peopleEvents[event.type].parse(event.payload).employeeId]);
    }
  });
}
