import type { LeaveListQuery, LeaveStatus } from '@ams/contracts';
import { listConditions, type Queryable } from '@ams/db';
import { directoryEmployeeSql, directoryLeaveTypeSql } from '@ams/directory';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';

/** What an employee's request sets (on creation and on each edit while pending). */
export interface LeaveRequestValues {
  leaveTypeId: string;
  employeeName: string;
  leaveTypeName: string;
  from: string;
  to: string;
  returnDate: string;
  reason: string;
  workingDays: number;
}

/** A leave request as stored, with the names of its employee and type. */
export interface LeaveRow extends LeaveRequestValues {
  id: string;
  employeeId: string;
  companyId: string;
  departmentId: string | null;
  status: LeaveStatus;
  comment: string | null;
  decidedAt: Date | null;
  decidedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const e = directoryEmployeeSql('e');
const t = directoryLeaveTypeSql('t');
// Live names from the directory; the copies taken at the last write when it no longer has them.
const employeeName = `coalesce(${e.fullName}, l.employee_name)`;
const withEmployee = `LEFT JOIN ${e.table} ON ${e.employeeId} = l.employee_id`;
const select = `
  SELECT l.id, l.employee_id AS "employeeId", ${employeeName} AS "employeeName", l.company_id AS "companyId",
         ${e.departmentId} AS "departmentId", l.leave_type_id AS "leaveTypeId", coalesce(${t.name}, l.leave_type_name) AS "leaveTypeName",
         l.from_date AS "from", l.to_date AS "to", l.return_date AS "returnDate", l.reason, l.working_days AS "workingDays",
         l.status, l.comment, l.decided_at AS "decidedAt", l.decided_by AS "decidedBy", l.created_at AS "createdAt", l.updated_at AS "updatedAt"
  FROM leaves l
  ${withEmployee}
  LEFT JOIN ${t.table} ON ${t.leaveTypeId} = l.leave_type_id`;
const newestFirst = 'ORDER BY l.created_at DESC, l.id DESC';
// What an admin acts on first: the requests awaiting a decision, then by start date (latest first).
const pendingFirst = "ORDER BY (l.status = 'pending') DESC, l.from_date DESC, l.created_at DESC, l.id DESC";
// Who is off, in date order.
const byStartDate = 'ORDER BY l.from_date, l.to_date, l.id';

const lockClause = (options: { forUpdate?: boolean }) => (options.forUpdate ? 'FOR UPDATE OF l' : '');

/** Every leave request, for a history answer. */
export async function allLeaves(db: Queryable): Promise<LeaveRow[]> {
  const { rows } = await db.query<LeaveRow>(`${select} ORDER BY l.created_at, l.id`);
  return rows;
}

/** A leave the scope sees (admin routes). */
export async function findLeave(db: Queryable, id: string, scope: CompanyScope, options: { forUpdate?: boolean } = {}): Promise<LeaveRow | null> {
  const params: unknown[] = [id];
  const { rows } = await db.query<LeaveRow>(`${select} WHERE l.id = $1 AND ${scopeCondition(scope, 'l.company_id', params)} ${lockClause(options)}`, params);
  return rows[0] ?? null;
}

/** A leave of that employee only (personal routes). */
export async function findOwnLeave(db: Queryable, id: string, employeeId: string, options: { forUpdate?: boolean } = {}): Promise<LeaveRow | null> {
  const { rows } = await db.query<LeaveRow>(`${select} WHERE l.id = $1 AND l.employee_id = $2 ${lockClause(options)}`, [id, employeeId]);
  return rows[0] ?? null;
}

async function page(
  db: Queryable,
  where: string,
  params: unknown[],
  limit: { page: number; pageSize: number },
  order: string = newestFirst,
): Promise<{ rows: LeaveRow[]; total: number }> {
  const [count, items] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM leaves l ${withEmployee} WHERE ${where}`, params),
    db.query<LeaveRow>(`${select} WHERE ${where} ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      limit.pageSize,
      (limit.page - 1) * limit.pageSize,
    ]),
  ]);
  return { rows: items.rows, total: count.rows[0]?.total ?? 0 };
}

/** Leaves that overlap [from, to] (either end may be open): they end on or after its start and start on or before its end. */
function overlapConditions(params: unknown[], range: { from?: string | undefined; to?: string | undefined }): string[] {
  const conditions: string[] = [];
  if (range.from) {
    params.push(range.from);
    conditions.push(`l.to_date >= $${params.length}`);
  }
  if (range.to) {
    params.push(range.to);
    conditions.push(`l.from_date <= $${params.length}`);
  }
  return conditions;
}

export async function listLeaves(db: Queryable, scope: CompanyScope, query: LeaveListQuery): Promise<{ rows: LeaveRow[]; total: number }> {
  const params: unknown[] = [];
  const conditions = [
    scopeCondition(scope, 'l.company_id', params),
    ...listConditions(params, {
      search: query.search,
      searchIn: `lower(${employeeName})`,
      equal: {
        'l.status': query.status,
        'l.employee_id': query.employeeId,
        'l.leave_type_id': query.leaveTypeId,
        'l.company_id': query.companyId,
        [e.departmentId]: query.departmentId,
      },
    }),
    ...overlapConditions(params, query),
  ];
  return page(db, conditions.join(' AND '), params, query, pendingFirst);
}

/** The pending and approved leaves sharing a day with [from, to], of a company and department if given. */
export async function listLeavesOff(
  db: Queryable,
  scope: CompanyScope,
  query: { from: string; to: string; companyId?: string | undefined; departmentId?: string | undefined },
): Promise<LeaveRow[]> {
  const params: unknown[] = [];
  const conditions = [
    scopeCondition(scope, 'l.company_id', params),
    "l.status IN ('pending', 'approved')",
    ...listConditions(params, { equal: { 'l.company_id': query.companyId, [e.departmentId]: query.departmentId } }),
    ...overlapConditions(params, query),
  ];
  const { rows } = await db.query<LeaveRow>(`${select} WHERE ${conditions.join(' AND ')} ${byStartDate}`, params);
  return rows;
}

export async function listOwnLeaves(
  db: Queryable,
  employeeId: string,
  query: { status?: LeaveStatus | undefined; page: number; pageSize: number },
): Promise<{ rows: LeaveRow[]; total: number }> {
  const params: unknown[] = [employeeId];
  const conditions = ['l.employee_id = $1'];
  if (query.status) {
    params.push(query.status);
    conditions.push(`l.status = $${params.length}`);
  }
  return page(db, conditions.join(' AND '), params, query);
}

/**
 * Serialises the writes to one employee's requests until the transaction ends, so two concurrent
 * requests cannot both pass the overlap check (a row lock cannot guard a row that does not exist yet).
 */
export async function lockEmployeeLeaves(db: Queryable, employeeId: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('leave:' || $1, 0))`, [employeeId]);
}

/** Whether another pending or approved request of the employee shares a day with [from, to]. */
export async function overlapsAnotherLeave(db: Queryable, employeeId: string, from: string, to: string, exceptId: string | null): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM leaves
     WHERE employee_id = $1 AND status IN ('pending', 'approved') AND from_date <= $3 AND to_date >= $2
       AND id IS DISTINCT FROM $4
     LIMIT 1`,
    [employeeId, from, to, exceptId],
  );
  return (rowCount ?? 0) > 0;
}

export async function insertLeave(
  db: Queryable,
  id: string,
  employee: { employeeId: string; companyId: string },
  values: LeaveRequestValues,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO leaves (id, employee_id, company_id, leave_type_id, employee_name, leave_type_name, from_date, to_date, return_date,
                         reason, working_days, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, $12)`,
    [
      id,
      employee.employeeId,
      employee.companyId,
      values.leaveTypeId,
      values.employeeName,
      values.leaveTypeName,
      values.from,
      values.to,
      values.returnDate,
      values.reason,
      values.workingDays,
      now,
    ],
  );
}

export async function updateLeaveRequest(db: Queryable, id: string, values: LeaveRequestValues, now: Date): Promise<void> {
  await db.query(
    `UPDATE leaves SET leave_type_id = $2, employee_name = $3, leave_type_name = $4, from_date = $5, to_date = $6, return_date = $7,
                       reason = $8, working_days = $9, updated_at = $10
     WHERE id = $1`,
    [id, values.leaveTypeId, values.employeeName, values.leaveTypeName, values.from, values.to, values.returnDate, values.reason, values.workingDays, now],
  );
}

export async function setDecision(
  db: Queryable,
  id: string,
  decision: { status: Exclude<LeaveStatus, 'pending'>; comment: string | null; decidedBy: string },
  now: Date,
): Promise<void> {
  await db.query('UPDATE leaves SET status = $2, comment = $3, decided_by = $4, decided_at = $5, updated_at = $5 WHERE id = $1', [
    id,
    decision.status,
    decision.comment,
    decision.decidedBy,
    now,
  ]);
}

export async function deleteLeave(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM leaves WHERE id = $1', [id]);
}
