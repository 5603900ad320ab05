import { holds, type AccountType, type Permissions, type PermissionKey, type UserType } from '@ams/contracts';
import { AppError, type SignedInPrincipal } from '@ams/service-kit';


/** Whether the caller holds every permission in `permissions` (a SuperAdmin holds them all). */
export function holdsAll(caller: SignedInPrincipal, permissions: Permissions): boolean {
  if (caller.accountType === 'SuperAdmin') return true;
  return Object.entries(permissions).every(([resource, granted]) =>
    (granted ?? []).every((action) => holds(caller.permissions, `${resource}.${action}` as PermissionKey)),
  );
}

/** An Admin may hand out only what it holds itself, or a narrow role could mint a full one. */
export function assertGrantable(caller: SignedInPrincipal, permissions: Permissions): void {
  if (!holdsAll(caller, permissions)) throw new AppError('forbidden', 'cannotGrant');
}

export function userTypeOf(accountType: AccountType): UserType {
  return accountType === 'Employee' ? 'employee' : 'admin';
}

/** Admins create records only in their own company; a SuperAdmin chooses. */
export function companyForNewRecord(caller: SignedInPrincipal, requested: string | null | undefined): string | null {
  if (caller.accountType === 'SuperAdmin') return requested ?? null;
  if (requested !== undefined && requested !== caller.companyId) {
    throw new AppError('forbidden', 'youCanOnlyManageYourOwnCompany');
  }
  return caller.companyId;
}
