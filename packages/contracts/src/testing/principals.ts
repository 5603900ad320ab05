import { randomUUID } from 'node:crypto';
import { everyPermission, type Action, type Permissions, type Resource } from '../access.ts';
import { anonymousPrincipal, type Principal } from '../principal.ts';
import type { PermissionKey } from '../routes/access-rules.ts';
import { apiRoutes, type ApiRoute } from '../routes/api-routes.ts';

/** A signed-in caller, as the gateway verified it. */
export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

export const anonymous: Principal = anonymousPrincipal;

/** Passes every check whatever it holds (spec §5), so it holds nothing. */
export const superAdmin: UserPrincipal = { kind: 'user', userId: randomUUID(), accountType: 'SuperAdmin', companyId: null, employeeId: null, permissions: {} };

/** An Admin of the company holding every permission; with `employeeId` when the Admin is an employee too. */
export function adminOf(companyId: string, employeeId: string | null = null): UserPrincipal {
  return { kind: 'user', userId: randomUUID(), accountType: 'Admin', companyId, employeeId, permissions: everyPermission };
}

/** The permissions that grant exactly these keys. */
export function permissionsOf(keys: readonly PermissionKey[]): Permissions {
  const permissions: Permissions = {};
  for (const key of keys) {
    const [resource, action] = key.split('.') as [Resource, Action];
    const held = (permissions[resource] ??= []);
    if (!held.includes(action)) held.push(action);
  }
  return permissions;
}

// What the routes open to Employees ask for, as the default Employee role grants it: read from the route
// table, so a test's employee holds what a real one does and no more.
const employeeAreaPermissions = permissionsOf(
  (apiRoutes as readonly ApiRoute[]).flatMap(({ access }) =>
    access.kind === 'signed-in' && access.accountTypes.includes('Employee') ? access.permissions : [],
  ),
);

/** An Employee of the company; `employeeId` null for an account linked to no employee record. */
export function employeePrincipal(companyId: string, employeeId: string | null = randomUUID()): UserPrincipal {
  return { kind: 'user', userId: randomUUID(), accountType: 'Employee', companyId, employeeId, permissions: employeeAreaPermissions };
}
