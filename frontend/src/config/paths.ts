import {
  isAllowed,
  ACCESS_DENIED_PATH,
  ADMIN_ENTRY_PATH,
  PERSONAL_ENTRY_PATH,
  REDIRECT_PARAM,
  SIGNED_OUT_ENTRY_PATH,
  spaRoutes,
  type SignedInUser,
  type SpaRoute,
} from '@ams/contracts';
import { matchPath } from 'react-router-dom';

/** Every SPA path in one place: the spec §2 table from packages/contracts (the gateway uses the same one). */
export const paths = {
  root: '/',
  signIn: SIGNED_OUT_ENTRY_PATH,
  clock: '/clock',
  accessDenied: ACCESS_DENIED_PATH,
  adminEntry: ADMIN_ENTRY_PATH,
  personalEntry: PERSONAL_ENTRY_PATH,
  dashboard: '/dashboard',
  employees: '/employees',
  attendance: '/attendance',
  schedule: '/schedule',
  leaveList: '/leave-list',
  reports: '/reports',
  users: '/users',
  usersCreate: '/users-create',
  usersEdit: (id: string) => `/users-edit/${encodeURIComponent(id)}`,
  setting: '/setting',
  company: '/company',
  department: '/department',
  jobTitle: '/jobtitle',
  leaveType: '/leavetype',
  leaveGroup: '/leavegroup',
  accountSetting: '/account-setting',
  personal: {
    dashboard: '/personal/dashboard',
    attendance: '/personal/attendance',
    schedule: '/personal/schedule',
    leave: '/personal/leave',
    setting: '/personal/setting',
    accountSetting: '/personal/account-setting',
  },
} as const;

export { REDIRECT_PARAM, spaRoutes, type SpaRoute };

/** The spec §2 route a location path belongs to, if any. */
export function findSpaRoute(pathname: string): SpaRoute | undefined {
  return spaRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/** Only paths of this application are followed after sign-in, never another origin. */
export function safeRedirectTarget(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function signInPathWithRedirect(target: string): string {
  if (target === paths.root) return paths.signIn;
  return `${paths.signIn}?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`;
}

/**
 * Spec §2: after sign-in, the redirectUrl target when the user may open it, else the user's entry path
 * (employees always land in the personal area).
 */
export function afterSignInTarget(user: SignedInUser, search: string): string {
  const target = safeRedirectTarget(new URLSearchParams(search).get(REDIRECT_PARAM));
  const route = target ? findSpaRoute(new URL(target, 'http://local').pathname) : undefined;
  const allowed = route !== undefined && isAllowed({ accountType: user.account_type, permissions: user.role }, route.access);
  if (target && allowed) return target;
  return user.account_type === 'Employee' ? PERSONAL_ENTRY_PATH : ADMIN_ENTRY_PATH;
}
