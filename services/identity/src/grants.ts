import { holds, type AccountType, type Permissions, type PermissionKey, type UserType } from '@ams/contracts';
import { AppError, type SignedInPrincipal } from '@ams/service-kit';

export const CANNOT_GRANT = 'You cannot grant permissions you do not hold';
export const CANNOT_MANAGE_MORE_PRIVILEGED = 'You cannot manage a user who holds permissions you do not hold';
export const CANNOT_CHANGE_MORE_PRIVILEGED_ROLE = 'You cannot change a role that holds permissions you do not hold';

/** Whether the caller holds every permission in `permissions` (a SuperAdmin holds them all). */
export function holdsAll(caller: SignedInPrincipal, permissions: Permissions): boolean {
  if (caller.accountType === 'SuperAdmin') return true;
  return Object.entries(permissions).every(([resource, granted]) =>
    (granted ?? []).every((action) => holds(caller.permissions, `${resource}.${action}` as PermissionKey)),
  );
}

/** An Admin may hand out only what it holds itself, or a narrow role could mint a full one. */
export function assertGrantable(caller: SignedInPrincipal, permissions: Permissions): void {
  if (!holdsAll(caller, permissions)) throw new AppError('forbidden', CANNOT_GRANT);
}

export function userTypeOf(accountType: AccountType): UserType {
  return accountType === 'Employee' ? 'employee' : 'admin';
}

/** Admins create records only in their own company; a SuperAdmin chooses. */
export function companyForNewRecord(caller: SignedInPrincipal, requested: string | null | undefined): string | null {
  if (caller.accountType === 'SuperAdmin') return requested ?? null;
  if (requested !== undefined && requested !== caller.companyId) {
    throw new AppError('forbidden', 'You can only manage your own company');
  }
  return caller.companyId;
}
