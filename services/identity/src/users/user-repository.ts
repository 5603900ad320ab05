import type { AccountType, Permissions, SessionEndReason, TimeFormatPreference, User, UserStatus } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { accountScopeCondition, type CompanyScope } from '@ams/service-kit';

/** A user as stored, with its role's name and permissions (never leaves the service as is). */
export interface UserRecord {
  id: string;
  name: string;
  email: string;
  image: string | null;
  timeFormat: TimeFormatPreference | null;
  accountType: AccountType;
  roleId: string;
  roleName: string;
  permissions: Permissions;
  status: UserStatus;
  companyId: string | null;
  employeeId: string | null;
  passwordHash: string;
  tokenVersion: number;
  sessionEndReason: SessionEndReason | null;
  createdAt: Date;
  updatedAt: Date;
}

// Named as UserRecord's fields, so a row is a record.
const select = `SELECT u.id, u.name, u.email, u.image, u.time_format AS "timeFormat", u.account_type AS "accountType", u.role_id AS "roleId",
       r.name AS "roleName", r.permissions, u.status, u.company_id AS "companyId", u.employee_id AS "employeeId", u.password_hash AS "passwordHash",
       u.token_version AS "tokenVersion", u.session_end_reason AS "sessionEndReason", u.created_at AS "createdAt", u.updated_at AS "updatedAt"
  FROM users u JOIN roles r ON r.id = u.role_id`;

/** A company's view of the users: its own, never a SuperAdmin (managed only by SuperAdmins). */
function visibleTo(scope: CompanyScope, params: unknown[]): string {
  return accountScopeCondition(scope, { companyId: 'u.company_id', accountType: 'u.account_type' }, params);
}

export function toUserView(user: UserRecord): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    accountType: user.accountType,
    type: user.accountType === 'Employee' ? 'employee' : 'admin',
    roleId: user.roleId,
    roleName: user.roleName,
    status: user.status,
    companyId: user.companyId,
    employeeId: user.employeeId,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Every user, for a history answer. */
export async function allUsers(db: Queryable): Promise<UserRecord[]> {
  const { rows } = await db.query<UserRecord>(`${select} ORDER BY u.created_at, u.id`);
  return rows;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRecord>(`${select} WHERE lower(u.email) = lower($1)`, [email]);
  return rows[0] ?? null;
}

/** `forUpdate` locks the row, so concurrent changes of one user apply one after the other. */
export async function findUser(db: Queryable, id: string, scope: CompanyScope, options: { forUpdate?: boolean } = {}): Promise<UserRecord | null> {
  const params: unknown[] = [id];
  const { rows } = await db.query<UserRecord>(
    `${select} WHERE u.id = $1 AND ${visibleTo(scope, params)}${options.forUpdate ? ' FOR UPDATE OF u' : ''}`,
    params,
  );
  return rows[0] ?? null;
}

export async function listUsers(
  db: Queryable,
  scope: CompanyScope,
  query: { search?: string | undefined; page: number; pageSize: number },
): Promise<{ items: UserRecord[]; total: number }> {
  const params: unknown[] = [];
  const conditions = [visibleTo(scope, params)];
  if (query.search) {
    params.push(`%${query.search}%`);
    conditions.push(`(u.name ILIKE $${params.length} OR u.email ILIKE $${params.length})`);
  }
  params.push(query.pageSize, (query.page - 1) * query.pageSize);
  const { rows } = await db.query<UserRecord & { total: number }>(
    `${select.replace('SELECT ', 'SELECT count(*) OVER ()::int AS total, ')} WHERE ${conditions.join(' AND ')}
      ORDER BY lower(u.name), u.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { items: rows.map(({ total: _total, ...user }) => user), total: rows[0]?.total ?? 0 };
}

export interface NewUser {
  id: string;
  name: string;
  email: string;
  accountType: AccountType;
  roleId: string;
  status: UserStatus;
  companyId: string | null;
  employeeId: string | null;
  passwordHash: string;
}

export async function insertUser(db: Queryable, user: NewUser, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO users (id, name, email, account_type, role_id, status, company_id, employee_id, password_hash, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [user.id, user.name, user.email, user.accountType, user.roleId, user.status, user.companyId, user.employeeId, user.passwordHash, now],
  );
}

export type UserChanges = Partial<Pick<NewUser, 'name' | 'email' | 'accountType' | 'roleId' | 'status' | 'companyId' | 'employeeId' | 'passwordHash'>> & {
  image?: string | null;
  timeFormat?: TimeFormatPreference | null;
  /** Ends the user's live tokens (bumps their version), for this reason. */
  endSessions?: SessionEndReason | undefined;
};

const changeColumns = {
  name: 'name',
  email: 'email',
  accountType: 'account_type',
  roleId: 'role_id',
  status: 'status',
  companyId: 'company_id',
  employeeId: 'employee_id',
  passwordHash: 'password_hash',
  image: 'image',
  timeFormat: 'time_format',
} as const;

export async function updateUser(db: Queryable, id: string, changes: UserChanges, now: Date): Promise<void> {
  const params: unknown[] = [id, now];
  const sets = ['updated_at = $2'];
  for (const [field, column] of Object.entries(changeColumns)) {
    const value = changes[field as keyof typeof changeColumns];
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  if (changes.endSessions) {
    params.push(changes.endSessions);
    sets.push('token_version = token_version + 1', `session_end_reason = $${params.length}`);
  }
  await db.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $1`, params);
}

export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1', [id]);
}

export async function emailTaken(db: Queryable, email: string, exceptId: string | null = null): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $2', [email, exceptId]);
  return rows.length > 0;
}

/** The user (other than `exceptId`) an employee record is linked to, if any. */
export async function userLinkedTo(db: Queryable, employeeId: string, exceptId: string | null): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE employee_id = $1 AND id IS DISTINCT FROM $2 LIMIT 1', [employeeId, exceptId]);
  return rows[0]?.id ?? null;
}

export async function countUsers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  return rows[0]?.count ?? 0;
}

/** Enabled SuperAdmins other than `exceptId`: the last one may not be disabled, demoted or deleted. */
export async function otherEnabledSuperAdmins(db: Queryable, exceptId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM users WHERE account_type = 'SuperAdmin' AND status = 'enabled' AND id <> $1`,
    [exceptId],
  );
  return rows[0]?.count ?? 0;
}
