import {
  EVERY_ACCOUNT,
  isAllowed,
  REDIRECT_PARAM,
  signedIn,
  type AccessSubject,
  type PermissionKey,
  type RouteAccess,
  type SignedInUser,
} from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { findSpaRoute, safeRedirectTarget } from '../config/paths';
import { currentUserAtom, entryPathFor } from './session';

/**
 * The SPA's one access rule: the route table's `isAllowed` (packages/contracts), which the gateway enforces on
 * every call. A SuperAdmin passes every check; anyone else must be of an allowed account type and hold every
 * permission the rule lists; nobody signed in reaches nothing but public routes. Screens, menus and buttons ask
 * here, never the rule's parts themselves.
 */
export type User = Pick<SignedInUser, 'account_type' | 'role'> | null;

/** The user as the rule reads them (null: nobody is signed in). */
export function subjectOf(user: User): AccessSubject | null {
  return user ? { accountType: user.account_type, permissions: user.role } : null;
}

/** May the user use what `access` guards (a route of either table)? */
export function mayUse(user: User, access: RouteAccess): boolean {
  return isAllowed(subjectOf(user), access);
}

/** Does the user hold a permission (a SuperAdmin holds all), e.g. to show an action's button? */
export function can(user: User, permission: PermissionKey): boolean {
  return mayUse(user, signedIn(EVERY_ACCOUNT, permission));
}

/** May the user open a location of the SPA (a path of spec §2, e.g. '/users-edit/42')? Unknown paths: no. */
export function mayOpen(user: User, pathname: string): boolean {
  const route = findSpaRoute(pathname);
  return route !== undefined && mayUse(user, route.access);
}

/**
 * Spec §2: after sign-in, the redirectUrl target when the user may open it, else the user's entry path
 * (employees always land in the personal area).
 */
export function afterSignInTarget(user: NonNullable<User>, search: string): string {
  const target = safeRedirectTarget(new URLSearchParams(search).get(REDIRECT_PARAM));
  if (target && mayOpen(user, new URL(target, 'http://local').pathname)) return target;
  return entryPathFor(user);
}

export interface Authorization {
  user: SignedInUser | null;
  mayUse: (access: RouteAccess) => boolean;
  can: (permission: PermissionKey) => boolean;
  mayOpen: (pathname: string) => boolean;
}

/** The rule for the signed-in user. */
export function useAuthorization(): Authorization {
  const user = useAtomValue(currentUserAtom);
  return useMemo(
    () => ({
      user,
      mayUse: (access: RouteAccess) => mayUse(user, access),
      can: (permission: PermissionKey) => can(user, permission),
      mayOpen: (pathname: string) => mayOpen(user, pathname),
    }),
    [user],
  );
}
