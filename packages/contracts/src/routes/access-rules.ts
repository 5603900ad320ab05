import type { AccountType, Action, Permissions, Resource } from '../access.ts';

export type PermissionKey = `${Resource}.${Action}`;

/** Who may use a route: anyone, or signed-in users of some account types holding every listed permission. */
export type RouteAccess = { kind: 'public' } | { kind: 'signed-in'; accountTypes: readonly AccountType[]; permissions: readonly PermissionKey[] };

/** Spec §2/§6 areas. */
export const ADMIN_AREA: readonly AccountType[] = ['SuperAdmin', 'Admin'];
export const PERSONAL_AREA: readonly AccountType[] = ['Admin', 'Employee'];
export const EVERY_ACCOUNT: readonly AccountType[] = ['SuperAdmin', 'Admin', 'Employee'];

// Typed by kind, so a route's row in the table says whether its handler has a signed-in caller.
export const publicAccess = { kind: 'public' } as const satisfies RouteAccess;
export function signedIn(accountTypes: readonly AccountType[], ...permissions: PermissionKey[]): Extract<RouteAccess, { kind: 'signed-in' }> {
  return { kind: 'signed-in', accountTypes, permissions };
}

export interface AccessSubject {
  accountType: string;
  permissions: Permissions;
}

export function holds(permissions: Permissions, key: PermissionKey): boolean {
  const [resource, action] = key.split('.') as [Resource, Action];
  return permissions[resource]?.includes(action) ?? false;
}

/** Whether `holder` holds every permission in `permissions` (a SuperAdmin holds them all). */
export function holdsAll(holder: AccessSubject, permissions: Permissions): boolean {
  if (holder.accountType === 'SuperAdmin') return true;
  return Object.entries(permissions).every(([resource, granted]) =>
    (granted ?? []).every((action) => holds(holder.permissions, `${resource}.${action}` as PermissionKey)),
  );
}

/**
 * No one changes a user more privileged than themselves: a SuperAdmin unless the actor is one, or a user
 * holding a permission the actor lacks (else a narrow Admin could take over a full Admin's account).
 * The refusal's message key, or null when the actor may. Identity applies it to user changes, the gateway to
 * routes that change the accounts linked to an employee (erasure).
 */
export function refusalToActOn(
  actor: AccessSubject,
  target: AccessSubject,
): 'onlyASuperadminCanManageSuperadminAccounts' | 'cannotManageMorePrivileged' | null {
  if (target.accountType === 'SuperAdmin' && actor.accountType !== 'SuperAdmin') return 'onlyASuperadminCanManageSuperadminAccounts';
  return holdsAll(actor, target.permissions) ? null : 'cannotManageMorePrivileged';
}

/**
 * Spec §5 "Route access" and §6: everyone must be of an account type the route admits (so a SuperAdmin,
 * who has admin-area routes only, never reaches the personal area); a SuperAdmin then passes every
 * permission check, others must hold every listed permission; an unknown account type reaches nothing protected.
 */
export function isAllowed(subject: AccessSubject | null, access: RouteAccess): boolean {
  if (access.kind === 'public') return true;
  if (!subject) return false;
  if (!access.accountTypes.some((type) => type === subject.accountType)) return false;
  if (subject.accountType === 'SuperAdmin') return true;
  return access.permissions.every((key) => holds(subject.permissions, key));
}
