import type { Permissions, Role, UserType } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';

/** A role as stored: named as Role's fields, its times still dates. */
type RoleRow = Omit<Role, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const columns = 'id, name, company_id AS "companyId", user_type AS "userType", permissions, system, created_at AS "createdAt", updated_at AS "updatedAt"';

function toRole({ createdAt, updatedAt, ...role }: RoleRow): Role {
  return { ...role, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** A role the scope may see: its company's roles and the shared default roles. */
export async function findRole(db: Queryable, id: string, scope: CompanyScope): Promise<Role | null> {
  const params: unknown[] = [id];
  const { rows } = await db.query<RoleRow>(
    `SELECT ${columns} FROM roles WHERE id = $1 AND ${scopeCondition(scope, 'company_id', params, { includeShared: true })}`,
    params,
  );
  return rows[0] ? toRole(rows[0]) : null;
}

/** Every role, shared and per company, for a history answer. */
export async function allRoles(db: Queryable): Promise<Role[]> {
  const { rows } = await db.query<RoleRow>(`SELECT ${columns} FROM roles ORDER BY created_at, id`);
  return rows.map(toRole);
}

export async function findSystemRole(db: Queryable, name: string): Promise<Role | null> {
  const { rows } = await db.query<RoleRow>(`SELECT ${columns} FROM roles WHERE system AND name = $1`, [name]);
  return rows[0] ? toRole(rows[0]) : null;
}

export async function listRoles(
  db: Queryable,
  scope: CompanyScope,
  query: { search?: string | undefined; page: number; pageSize: number },
): Promise<{ items: Role[]; total: number }> {
  const params: unknown[] = [];
  const conditions = [scopeCondition(scope, 'company_id', params, { includeShared: true })];
  if (query.search) {
    params.push(`%${query.search}%`);
    conditions.push(`name ILIKE $${params.length}`);
  }
  const where = conditions.join(' AND ');
  params.push(query.pageSize, (query.page - 1) * query.pageSize);
  const { rows } = await db.query<RoleRow & { total: number }>(
    `SELECT ${columns}, count(*) OVER ()::int AS total FROM roles WHERE ${where}
      ORDER BY system DESC, lower(name) LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { items: rows.map(({ total: _total, ...row }) => toRole(row)), total: rows[0]?.total ?? 0 };
}

export async function insertRole(
  db: Queryable,
  role: { id: string; name: string; companyId: string | null; userType: UserType; permissions: Permissions; system: boolean },
  now: Date,
): Promise<Role> {
  const { rows } = await db.query<RoleRow>(
    `INSERT INTO roles (id, name, company_id, user_type, permissions, system, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     RETURNING ${columns}`,
    [role.id, role.name, role.companyId, role.userType, JSON.stringify(role.permissions), role.system, now],
  );
  return toRole(rows[0] as RoleRow);
}

export async function updateRole(db: Queryable, id: string, changes: { name: string; userType: UserType; permissions: Permissions }, now: Date): Promise<Role> {
  const { rows } = await db.query<RoleRow>(`UPDATE roles SET name = $2, user_type = $3, permissions = $4, updated_at = $5 WHERE id = $1 RETURNING ${columns}`, [
    id,
    changes.name,
    changes.userType,
    JSON.stringify(changes.permissions),
    now,
  ]);
  return toRole(rows[0] as RoleRow);
}

export async function deleteRole(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM roles WHERE id = $1', [id]);
}

export async function roleNameTaken(db: Queryable, name: string, companyId: string | null, exceptId: string | null): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM roles WHERE COALESCE(company_id, '') = COALESCE($2, '') AND lower(name) = lower($1) AND id IS DISTINCT FROM $3`,
    [name, companyId, exceptId],
  );
  return rows.length > 0;
}

export async function usersWithRole(db: Queryable, roleId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users WHERE role_id = $1', [roleId]);
  return rows[0]?.count ?? 0;
}
