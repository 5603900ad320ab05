import { ADMIN_AREA, PERSONAL_AREA, publicAccess, signedIn, type RouteAccess } from './access-rules.ts';

export interface SpaRoute<Path extends string = string> {
  path: Path;
  access: RouteAccess;
  area: 'public' | 'admin' | 'personal';
}

/** Spec §2 entry paths. */
export const ADMIN_ENTRY_PATH = '/dashboard';
export const PERSONAL_ENTRY_PATH = '/personal/dashboard';
export const SIGNED_OUT_ENTRY_PATH = '/sign-in';
export const ACCESS_DENIED_PATH = '/access-denied';
export const REDIRECT_PARAM = 'redirectUrl';

const personal = <Path extends string>(path: Path, ...permissions: Parameters<typeof signedIn>[1][]): SpaRoute<Path> => ({
  path,
  access: signedIn(PERSONAL_AREA, ...permissions),
  area: 'personal',
});
const admin = <Path extends string>(path: Path, ...permissions: Parameters<typeof signedIn>[1][]): SpaRoute<Path> => ({
  path,
  access: signedIn(ADMIN_AREA, ...permissions),
  area: 'admin',
});

export const reportPaths = [
  '/reports/attendance-overtime',
  '/reports/consolidated-overtime',
  '/reports/employee-attendance',
  '/reports/employee-birthdays',
  '/reports/employee-leaves',
  '/reports/employee-list',
  '/reports/employee-schedule',
  '/reports/organization-profile',
  '/reports/user-accounts',
] as const;

/** Spec §2, route for route. */
export const spaRoutes = [
  { path: '/sign-in', access: publicAccess, area: 'public' },
  { path: '/clock', access: publicAccess, area: 'public' },
  { path: '/access-denied', access: publicAccess, area: 'public' },
  // The footer's legal links: readable signed in or not.
  { path: '/legal/terms', access: publicAccess, area: 'public' },
  { path: '/legal/privacy', access: publicAccess, area: 'public' },
  personal('/personal/dashboard', 'dashboard.read'),
  personal('/personal/attendance', 'attendance.read'),
  personal('/personal/schedule', 'schedule.read'),
  personal('/personal/leave', 'leave.read'),
  personal('/personal/leave-create', 'leave.create'),
  personal('/personal/leave-edit/:id', 'leave.update'),
  personal('/personal/setting', 'setting.read'),
  personal('/personal/account-setting'),
  admin('/dashboard', 'dashboard.read'),
  admin('/employees', 'employee.read'),
  admin('/employee-create', 'employee.create'),
  admin('/employee-edit/:id', 'employee.update'),
  admin('/employee-details/:id', 'employee.read'),
  admin('/attendance', 'attendance.read'),
  admin('/attendance-create', 'attendance.create'),
  admin('/attendance-edit/:id', 'attendance.update'),
  admin('/schedule', 'schedule.read'),
  admin('/schedule-create', 'schedule.create'),
  admin('/schedule-edit/:id', 'schedule.update'),
  admin('/leave-list', 'leave.read'),
  admin('/leave-edit/:id', 'leave.update'),
  admin('/reports', 'report.read'),
  ...reportPaths.map((path) => admin(path, 'report.read')),
  admin('/users'),
  admin('/users-create', 'user.create'),
  admin('/users-edit/:id', 'user.update'),
  admin('/setting', 'setting.read'),
  admin('/company', 'company.read'),
  admin('/department', 'department.read'),
  admin('/jobtitle', 'jobTitles.read'),
  admin('/leavetype', 'leaveType.read'),
  admin('/leavegroup', 'leaveGroup.read'),
  admin('/account-setting'),
  admin('/feedback', 'feedback.read'),
] as const satisfies readonly SpaRoute[];

/** Every SPA route pattern of spec §2. */
export type SpaPath = (typeof spaRoutes)[number]['path'];
