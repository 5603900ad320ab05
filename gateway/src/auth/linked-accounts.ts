import { permissionsSchema, type AccessSubject, type AccountType } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import type { UserPrincipal } from './auth-state.ts';

/**
 * The accounts linked to an employee that `caller` could reach, with their role's permissions now, from the
 * gateway's projection of identity's events. An Admin reaches only its own company's (another company's
 * employee is the service's 404, not a 403 here). A user whose role has not arrived holds no permissions.
 */
export async function linkedAccountsOf(db: Queryable, caller: UserPrincipal, employeeId: string): Promise<AccessSubject[]> {
  const { rows } = await db.query<{ accountType: AccountType; permissions: unknown }>(
    `SELECT u.account_type AS "accountType", r.permissions
       FROM auth_users u LEFT JOIN auth_roles r ON r.role_id = u.role_id
      WHERE u.employee_id = $1 AND ($2::text IS NULL OR u.company_id = $2)`,
    [employeeId, caller.accountType === 'SuperAdmin' ? null : caller.companyId],
  );
  return rows.map((row) => ({ accountType: row.accountType, permissions: permissionsSchema.safeParse(row.permissions ?? {}).data ?? {} }));
}
