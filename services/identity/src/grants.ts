import { holds, type AccountType, type Permissions, type PermissionKey, type UserType } from '@ams/contracts';
import { AppError, type SignedInPrincipal } from '@ams/service-kit';

/** An Admin may hand out only what it holds itself, or a narrow role could mint a full one. */
export function assertGrantable(caller: SignedInPrincipal, permissions: Permissions): void {
  if (caller.accountType === 'SuperAdmin') return;
  for (const [resource, granted] of Object.entries(permissions)) {
    for (const action of granted ?? []) {
      if (!holds(caller.permissions, `${resource}.${action}` as PermissionKey)) {
        throw new AppError('forbidden', 'You cannot grant permissions you do not hold');
      }
    }
  }
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
