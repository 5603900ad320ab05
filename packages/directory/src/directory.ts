import { fileURLToPath } from 'node:url';
import { handleOnce, topicForFamily, type Bus, type EventEnvelope, type Subscription } from '@ams/bus';
import { isEmployeeSnapshotEvent, peopleEvents, type EmploymentStatus } from '@ams/contracts';
import type { MigrationSource, Pool, PoolClient, Queryable } from '@ams/db';

/** The directory's tables; a service lists this among its migration sources. */
export const directoryMigrations: MigrationSource = { name: 'directory', dir: fileURLToPath(new URL('../migrations', import.meta.url)) };

/** Applies one of people's events to the directory, in the caller's transaction; other events are ignored. */
export async function applyDirectoryEvent(tx: PoolClient, event: EventEnvelope): Promise<void> {
  if (isEmployeeSnapshotEvent(event.type)) {
    const e = peopleEvents[event.type].parse(event.payload);
    await tx.query(
      `INSERT INTO directory_employees (employee_id, company_id, department_id, job_title_id, leave_group_id, first_name, last_name, email, employment_status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (employee_id) DO UPDATE SET company_id = $2, department_id = $3, job_title_id = $4, leave_group_id = $5,
         first_name = $6, last_name = $7, email = $8, employment_status = $9`,
      [e.employeeId, e.companyId, e.departmentId, e.jobTitleId, e.leaveGroupId, e.firstName, e.lastName, e.email, e.employmentStatus],
    );
    return;
  }
  switch (event.type) {
    case 'employee.EmployeeDeleted':
      await tx.query('DELETE FROM directory_employees WHERE employee_id = $1', [peopleEvents[event.type].parse(event.payload).employeeId]);
      return;
    case 'organisation.LeaveTypeSaved': {
      const type = peopleEvents[event.type].parse(event.payload);
      await tx.query(
        `INSERT INTO directory_leave_types (leave_type_id, company_id, name) VALUES ($1, $2, $3)
         ON CONFLICT (leave_type_id) DO UPDATE SET company_id = $2, name = $3`,
        [type.leaveTypeId, type.companyId, type.name],
      );
      return;
    }
    case 'organisation.LeaveTypeDeleted':
      await tx.query('DELETE FROM directory_leave_types WHERE leave_type_id = $1', [peopleEvents[event.type].parse(event.payload).leaveTypeId]);
      return;
    case 'organisation.LeaveGroupSaved': {
      const group = peopleEvents[event.type].parse(event.payload);
      await tx.query(
        `INSERT INTO directory_leave_groups (leave_group_id, company_id, name, status, leave_type_ids) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (leave_group_id) DO UPDATE SET company_id = $2, name = $3, status = $4, leave_type_ids = $5`,
        [group.leaveGroupId, group.companyId, group.name, group.status, group.leaveTypeIds],
      );
      return;
    }
    case 'organisation.LeaveGroupDeleted':
      await tx.query('DELETE FROM directory_leave_groups WHERE leave_group_id = $1', [peopleEvents[event.type].parse(event.payload).leaveGroupId]);
      return;
    default:
      return;
  }
}

/** Keeps the directory of `group` (a consumer group) up to date from the employee and organisation topics. */
export function subscribeDirectory(bus: Bus, pool: Pool, group: string): Promise<Subscription> {
  return bus.subscribe(group, [topicForFamily('employee'), topicForFamily('organisation')], async (event) => {
    await handleOnce(pool, group, event, (tx) => applyDirectoryEvent(tx, event));
  });
}

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

export async function findDirectoryEmployee(db: Queryable, employeeId: string): Promise<DirectoryEmployee | null> {
  const { rows } = await db.query<DirectoryEmployee>(
    `SELECT employee_id AS "employeeId", company_id AS "companyId", department_id AS "departmentId", job_title_id AS "jobTitleId",
            leave_group_id AS "leaveGroupId", first_name AS "firstName", last_name AS "lastName", email, employment_status AS "employmentStatus"
     FROM directory_employees WHERE employee_id = $1`,
    [employeeId],
  );
  return rows[0] ?? null;
}

/** Whether the employee's leave group lets them take the leave type (an active group listing it). */
export async function leaveTypeAllowed(db: Queryable, employeeId: string, leaveTypeId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM directory_employees e JOIN directory_leave_groups g ON g.leave_group_id = e.leave_group_id
     WHERE e.employee_id = $1 AND g.status = 'active' AND $2 = ANY (g.leave_type_ids)`,
    [employeeId, leaveTypeId],
  );
  return (rowCount ?? 0) > 0;
}
