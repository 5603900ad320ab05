import type { SignedInUser } from '@ams/contracts';
import { isAllowed } from '@ams/contracts';
import { findSpaRoute, paths } from '@/config/paths';
import type { IconName } from '@/components/ui/icon';

export interface NavItem {
  /** i18n key of the label. */
  label: string;
  path: string;
  icon: IconName;
}

/** Spec §2 navigation entries. */
export const adminNav: readonly NavItem[] = [
  { label: 'nav.dashboard', path: paths.dashboard, icon: 'dashboard' },
  { label: 'nav.employees', path: paths.employees, icon: 'employees' },
  { label: 'nav.attendance', path: paths.attendance, icon: 'attendance' },
  { label: 'nav.schedule', path: paths.schedule, icon: 'schedule' },
  { label: 'nav.leave', path: paths.leaveList, icon: 'leave' },
  { label: 'nav.reports', path: paths.reports, icon: 'reports' },
  { label: 'nav.users', path: paths.users, icon: 'users' },
  { label: 'nav.setting', path: paths.setting, icon: 'setting' },
];

export const personalNav: readonly NavItem[] = [
  { label: 'nav.dashboard', path: paths.personal.dashboard, icon: 'dashboard' },
  { label: 'nav.myAttendance', path: paths.personal.attendance, icon: 'attendance' },
  { label: 'nav.mySchedule', path: paths.personal.schedule, icon: 'schedule' },
  { label: 'nav.myLeave', path: paths.personal.leave, icon: 'leave' },
  { label: 'nav.mySetting', path: paths.personal.setting, icon: 'setting' },
];

export type Area = 'admin' | 'personal';

export function areaOf(pathname: string, user: SignedInUser | null): Area {
  if (pathname.startsWith('/personal/')) return 'personal';
  if (user?.account_type === 'Employee') return 'personal';
  return 'admin';
}

/** The entries the user may open: the same rule the route guard and the gateway apply. */
export function visibleNav(area: Area, user: SignedInUser | null): NavItem[] {
  if (!user) return [];
  const subject = { accountType: user.account_type, permissions: user.role };
  return (area === 'personal' ? personalNav : adminNav).filter((item) => {
    const route = findSpaRoute(item.path);
    return route !== undefined && isAllowed(subject, route.access);
  });
}
