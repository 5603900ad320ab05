import { holdsAll, type AccountType, type Permissions, type UserType } from '@ams/contracts';
import { AppError, type SignedInPrincipal } from '@ams/service-kit';

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
