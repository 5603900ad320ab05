import type { Principal } from '@ams/contracts';
import { AppError } from './errors.ts';

export type SignedInPrincipal = Extract<Principal, { kind: 'user' }>;

/** Which company's records a caller sees: every company (SuperAdmin) or only its own. */
export type CompanyScope = { kind: 'all' } | { kind: 'company'; companyId: string | null };

export function scopeOf(principal: SignedInPrincipal): CompanyScope {
  return principal.accountType === 'SuperAdmin' ? { kind: 'all' } : { kind: 'company', companyId: principal.companyId };
}

/** The gateway lets only signed-in callers reach these routes; this guards against a wiring mistake. */
export function signedInCaller(principal: Principal): SignedInPrincipal {
  if (principal.kind !== 'user') throw new AppError('unauthorized', 'signInFirst');
  return principal;
}

/** A SQL condition on `column` for the scope, with its parameter appended to `params`. */
export function scopeCondition(scope: CompanyScope, column: string, params: unknown[], options: { includeShared?: boolean } = {}): string {
  if (scope.kind === 'all') return 'TRUE';
  params.push(scope.companyId);
  const own = `${column} IS NOT DISTINCT FROM $${params.length}`;
  return options.includeShared ? `(${own} OR ${column} IS NULL)` : own;
}

/**
 * Which user accounts (and what they sent) a caller sees: a SuperAdmin sees all; anyone else sees only their
 * own company's, and never a SuperAdmin's, even when they have no company, as SuperAdmins usually have none.
 * `accountType` is a SQL expression for the account's type (NULL when unknown, e.g. a deleted sender).
 */
export function accountScopeCondition(scope: CompanyScope, columns: { companyId: string; accountType: string }, params: unknown[]): string {
  if (scope.kind === 'all') return 'TRUE';
  return `${scopeCondition(scope, columns.companyId, params)} AND ${columns.accountType} IS DISTINCT FROM 'SuperAdmin'`;
}
