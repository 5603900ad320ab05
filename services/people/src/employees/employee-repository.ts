import type { CivilStatus, EmploymentStatus, EmploymentType, EmployeeListQuery, Gender } from '@ams/contracts';
import { listConditions, type Queryable } from '@ams/db';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';

/** An employee as stored, with the names of what it refers to; never the PIN hash or face template. */
export interface EmployeeRow {
  id: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  civilStatus: CivilStatus | null;
  height: number | null;
  weight: number | null;
  email: string;
  phoneNumber: string | null;
  birthday: string | null;
  nationalId: string;
  placeOfBirth: string | null;
  address: string | null;
  companyId: string;
  companyName: string;
  departmentId: string;
  departmentName: string;
  jobTitleId: string;
  jobTitleName: string;
  leaveGroupId: string;
  leaveGroupName: string;
  companyEmail: string | null;
  employmentType: EmploymentType;
  employmentStatus: EmploymentStatus;
  officialStartDate: string | null;
  dateRegularized: string | null;
  photoVersion: number | null;
  faceEnrolled: boolean;
  hasPin: boolean;
  rfidCard: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The writable columns, by the API's field names. */
export const employeeColumns = {
  firstName: 'first_name',
  lastName: 'last_name',
  gender: 'gender',
  civilStatus: 'civil_status',
  height: 'height',
  weight: 'weight',
  email: 'email',
  phoneNumber: 'phone_number',
  birthday: 'birthday',
  nationalId: 'national_id',
  placeOfBirth: 'place_of_birth',
  address: 'address',
  companyId: 'company_id',
  departmentId: 'department_id',
  jobTitleId: 'job_title_id',
  leaveGroupId: 'leave_group_id',
  companyEmail: 'company_email',
  employmentType: 'employment_type',
  officialStartDate: 'official_start_date',
  dateRegularized: 'date_regularized',
  rfidCard: 'rfid_card',
} as const;
export type EmployeeField = keyof typeof employeeColumns;
export type EmployeeValues = { [K in EmployeeField]: EmployeeRow[K] };

// Names and flags come from scalar subqueries rather than joins: the page is cut from employees alone,
// and the planner has no seven-table join order to search (that planning alone cost 14 ms a query).
const select = `
  SELECT e.id, e.first_name AS "firstName", e.last_name AS "lastName", e.gender, e.civil_status AS "civilStatus",
         e.height::float8 AS height, e.weight::float8 AS weight, e.email, e.phone_number AS "phoneNumber", e.birthday,
         e.national_id AS "nationalId", e.place_of_birth AS "placeOfBirth", e.address,
         e.company_id AS "companyId", (SELECT name FROM companies WHERE id = e.company_id) AS "companyName",
         e.department_id AS "departmentId", (SELECT name FROM departments WHERE id = e.department_id) AS "departmentName",
         e.job_title_id AS "jobTitleId", (SELECT name FROM job_titles WHERE id = e.job_title_id) AS "jobTitleName",
         e.leave_group_id AS "leaveGroupId", (SELECT name FROM leave_groups WHERE id = e.leave_group_id) AS "leaveGroupName",
         e.company_email AS "companyEmail", e.employment_type AS "employmentType", e.employment_status AS "employmentStatus",
         e.official_start_date AS "officialStartDate", e.date_regularized AS "dateRegularized",
         (SELECT version FROM employee_photos WHERE employee_id = e.id) AS "photoVersion",
         EXISTS (SELECT 1 FROM face_templates WHERE employee_id = e.id) AS "faceEnrolled", (e.pin_hash IS NOT NULL) AS "hasPin",
         e.rfid_card AS "rfidCard",
         e.created_at AS "createdAt", e.updated_at AS "updatedAt"`;

const sortOrders: Record<EmployeeListQuery['sort'], readonly string[]> = {
  lastName: ['e.last_name', 'e.first_name'],
  firstName: ['e.first_name', 'e.last_name'],
  email: ['e.email'],
  nationalId: ['e.national_id'],
  officialStartDate: ['e.official_start_date NULLS LAST'],
  createdAt: ['e.created_at'],
  birthday: ['e.birthday NULLS LAST'],
};

/** Empty dates come last either way; the id makes the order total, so pages never repeat or skip anyone. */
function orderByOf(query: EmployeeListQuery): string {
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  return [...sortOrders[query.sort], 'e.id']
    .map((term) => {
      const [column, ...nulls] = term.split(' ');
      return [column, direction, ...nulls].join(' ');
    })
    .join(', ');
}

export async function findEmployee(db: Queryable, id: string, scope: CompanyScope): Promise<EmployeeRow | null> {
  const params: unknown[] = [id];
  const { rows } = await db.query<EmployeeRow>(`${select} FROM employees e WHERE e.id = $1 AND ${scopeCondition(scope, 'e.company_id', params)}`, params);
  return rows[0] ?? null;
}

/** Every employee, for a history answer. */
export async function allEmployees(db: Queryable): Promise<EmployeeRow[]> {
  const { rows } = await db.query<EmployeeRow>(`${select} FROM employees e ORDER BY e.created_at, e.id`);
  return rows;
}

export async function lockEmployee(db: Queryable, id: string): Promise<void> {
  await db.query('SELECT 1 FROM employees WHERE id = $1 FOR UPDATE', [id]);
}

export async function listEmployees(db: Queryable, scope: CompanyScope, query: EmployeeListQuery): Promise<{ rows: EmployeeRow[]; total: number }> {
  const params: unknown[] = [query.status];
  const conditions = [
    'e.employment_status = $1',
    scopeCondition(scope, 'e.company_id', params),
    ...listConditions(params, {
      search: query.search,
      searchIn: 'e.search_text',
      equal: { 'e.company_id': query.companyId, 'e.department_id': query.departmentId, 'e.job_title_id': query.jobTitleId },
    }),
  ];
  const where = conditions.join(' AND ');
  const orderBy = orderByOf(query);
  const [count, page] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM employees e WHERE ${where}`, params),
    // The page is cut on narrow rows (ids and sort keys) first; only its rows get their names looked up.
    db.query<EmployeeRow>(
      `${select} FROM (SELECT e.id FROM employees e WHERE ${where} ORDER BY ${orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}) AS page
       JOIN employees e ON e.id = page.id ORDER BY ${orderBy}`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    ),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

export async function insertEmployee(db: Queryable, id: string, values: EmployeeValues, now: Date): Promise<void> {
  const fields = Object.keys(employeeColumns) as EmployeeField[];
  await db.query(
    `INSERT INTO employees (id, created_at, updated_at, ${fields.map((field) => employeeColumns[field]).join(', ')})
     VALUES ($1, $2, $2, ${fields.map((_, index) => `$${index + 3}`).join(', ')})`,
    [id, now, ...fields.map((field) => values[field])],
  );
}

/**
 * Claims a creation's command id for `employeeId`; when an earlier attempt of the command (committed, or
 * committing now: the claim waits for it) took it, answers that attempt's employee id instead.
 */
export async function claimCreateCommand(
  db: Queryable,
  commandId: string,
  employeeId: string,
  now: Date,
): Promise<{ claimed: true } | { claimed: false; employeeId: string }> {
  const { rowCount } = await db.query(
    'INSERT INTO employee_create_commands (command_id, employee_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (command_id) DO NOTHING',
    [commandId, employeeId, now],
  );
  if (rowCount === 1) return { claimed: true };
  const { rows } = await db.query<{ employeeId: string }>('SELECT employee_id AS "employeeId" FROM employee_create_commands WHERE command_id = $1', [
    commandId,
  ]);
  const earlier = rows[0];
  if (!earlier) throw new Error(`The creation ${commandId} was claimed and is gone`);
  return { claimed: false, employeeId: earlier.employeeId };
}

export async function updateEmployee(db: Queryable, id: string, values: Partial<EmployeeValues>, now: Date): Promise<void> {
  const fields = (Object.keys(values) as EmployeeField[]).filter((field) => field in employeeColumns);
  await db.query(`UPDATE employees SET updated_at = $2${fields.map((field, index) => `, ${employeeColumns[field]} = $${index + 3}`).join('')} WHERE id = $1`, [
    id,
    now,
    ...fields.map((field) => values[field]),
  ]);
}

export async function setEmploymentStatus(db: Queryable, id: string, status: EmploymentStatus, now: Date): Promise<void> {
  // archived_at starts the retention of the photo and face template (safeguarding); a restore ends it.
  await db.query(
    "UPDATE employees SET employment_status = $2::text, updated_at = $3::timestamptz, archived_at = CASE WHEN $2::text = 'archived' THEN $3::timestamptz END WHERE id = $1",
    [id, status, now],
  );
}

export async function setPinHash(db: Queryable, id: string, pinHash: string | null, now: Date): Promise<void> {
  await db.query('UPDATE employees SET pin_hash = $2, updated_at = $3 WHERE id = $1', [id, pinHash, now]);
}

/** The ids of those employees the scope sees, locked for deletion. */
export async function lockVisibleEmployees(db: Queryable, ids: readonly string[], scope: CompanyScope): Promise<string[]> {
  const params: unknown[] = [ids];
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM employees WHERE id = ANY($1::uuid[]) AND ${scopeCondition(scope, 'company_id', params)} ORDER BY id FOR UPDATE`,
    params,
  );
  return rows.map((row) => row.id);
}

export async function deleteEmployees(db: Queryable, ids: readonly string[]): Promise<void> {
  await db.query('DELETE FROM employees WHERE id = ANY($1::uuid[])', [ids]);
}

/** Wrong own-PIN attempts are about the person: erasure forgets them. */
export async function deleteOwnPinAttempts(db: Queryable, employeeId: string): Promise<void> {
  await db.query('DELETE FROM own_pin_attempts WHERE employee_id = $1', [employeeId]);
}

/**
 * Removes the photo and the face template; false when there was no photo. It sits with the employee, below the rooms
 * that delete them: a photo's removal, erasure and the safeguarding purge.
 */
export async function deletePhotoAndFace(db: Queryable, employeeId: string): Promise<boolean> {
  await db.query('DELETE FROM face_templates WHERE employee_id = $1', [employeeId]);
  const { rowCount } = await db.query('DELETE FROM employee_photos WHERE employee_id = $1', [employeeId]);
  return (rowCount ?? 0) > 0;
}
