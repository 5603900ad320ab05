import type { Queryable } from '@ams/db';

/** Whether the employee's leave group lets them take the leave type (an active group listing it). */
export async function leaveTypeAllowed(db: Queryable, employeeId: string, leaveTypeId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM directory_employees e JOIN directory_leave_groups g ON g.leave_group_id = e.leave_group_id
     WHERE e.employee_id = $1 AND g.status = 'active' AND $2 = ANY (g.leave_type_ids)`,
    [employeeId, leaveTypeId],
  );
  return (rowCount ?? 0) > 0;
}

/** The leave types the employee's leave group lists while it is active, by name. */
export async function allowedLeaveTypes(db: Queryable, employeeId: string): Promise<Array<{ id: string; name: string }>> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT t.leave_type_id AS id, t.name
     FROM directory_employees e
     JOIN directory_leave_groups g ON g.leave_group_id = e.leave_group_id AND g.status = 'active'
     JOIN directory_leave_types t ON t.leave_type_id = ANY (g.leave_type_ids)
     WHERE e.employee_id = $1
     ORDER BY lower(t.name), t.leave_type_id`,
    [employeeId],
  );
  return rows;
}

/** The leave type's name; null when people deleted it (or never announced it). */
export async function leaveTypeNameOf(db: Queryable, leaveTypeId: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM directory_leave_types WHERE leave_type_id = $1', [leaveTypeId]);
  return rows[0]?.name ?? null;
}
