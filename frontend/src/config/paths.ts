import {
  ACCESS_DENIED_PATH,
  ADMIN_ENTRY_PATH,
  PERSONAL_ENTRY_PATH,
  REDIRECT_PARAM,
  SIGNED_OUT_ENTRY_PATH,
  spaRoutes,
  type SpaPath,
  type SpaRoute,
} from '@ams/contracts';
import { matchPath } from 'react-router-dom';

/**
 * Every SPA path in one place, by name: each is a pattern of the spec §2 table in packages/contracts (the
 * gateway uses the same one), so a path that is not a route does not compile. `hrefOf` fills in the `:params`.
 */
export const paths = {
  root: '/',
  signIn: SIGNED_OUT_ENTRY_PATH,
  clock: '/clock',
  accessDenied: ACCESS_DENIED_PATH,
  adminEntry: ADMIN_ENTRY_PATH,
  personalEntry: PERSONAL_ENTRY_PATH,
  dashboard: '/dashboard',
  employees: '/employees',
  employeeCreate: '/employee-create',
  employeeEdit: '/employee-edit/:id',
  employeeDetails: '/employee-details/:id',
  attendance: '/attendance',
  attendanceCreate: '/attendance-create',
  attendanceEdit: '/attendance-edit/:id',
  schedule: '/schedule',
  scheduleCreate: '/schedule-create',
  scheduleEdit: '/schedule-edit/:id',
  leaveList: '/leave-list',
  leaveEdit: '/leave-edit/:id',
  reports: '/reports',
  users: '/users',
  usersCreate: '/users-create',
  usersEdit: '/users-edit/:id',
  setting: '/setting',
  company: '/company',
  department: '/department',
  jobTitle: '/jobtitle',
  leaveType: '/leavetype',
  leaveGroup: '/leavegroup',
  accountSetting: '/account-setting',
  feedback: '/feedback',
  legalTerms: '/legal/terms',
  legalPrivacy: '/legal/privacy',
  personal: {
    dashboard: '/personal/dashboard',
    attendance: '/personal/attendance',
    schedule: '/personal/schedule',
    leave: '/personal/leave',
    leaveCreate: '/personal/leave-create',
    leaveEdit: '/personal/leave-edit/:id',
    setting: '/personal/setting',
    accountSetting: '/personal/account-setting',
  },
} as const satisfies PathTree;

interface PathTree {
  readonly [name: string]: SpaPath | '/' | PathTree;
}

export { REDIRECT_PARAM, spaRoutes, type SpaPath, type SpaRoute };

/** The `:name` parameters of a path pattern. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's pattern with its parameters filled in and encoded, e.g. hrefOf(paths.usersEdit, { id }) → '/users-edit/42'. */
export function hrefOf<Path extends SpaPath>(path: Path, ...[params]: [PathParams<Path>] extends [never] ? [] : [Record<PathParams<Path>, string>]): string {
  const values: Readonly<Record<string, string>> = params ?? {};
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** The spec §2 route a location path belongs to, if any. */
export function findSpaRoute(pathname: string): SpaRoute<SpaPath> | undefined {
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
