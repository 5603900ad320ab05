import type { SignedInUser } from '@ams/contracts';
import type { IconName } from '@/components/ui/icon';
import { paths, type SpaPath } from '@/config/paths';
import { mayOpen } from '@/lib/authorization';

export interface NavItem {
  /** i18n key of the label. */
  label: string;
  path: SpaPath;
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
  return (area === 'personal' ? personalNav : adminNav).filter((item) => mayOpen(user, item.path));
}
