import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { AuthSplitLayout } from '@/components/layouts/auth-split-layout';
import { PostLoginLayout } from '@/components/layouts/post-login-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths, spaRoutes, type SpaPath, type SpaRoute } from '@/config/paths';
import type { LayoutType } from '@/lib/theme';
import { feedbackDialogOpenAtom } from '@/lib/feedback-dialog';
import { loadPageTexts } from '@/lib/i18n';
import { PublicOnly, RequireAccess, RequireAuth, RootRedirect, RouteLayout } from './routes/guards';
import { RouteAnnouncer } from './routes/route-announcer';
import { RouteErrorBoundary } from './routes/route-error';

/**
 * Pages load on demand so the first load carries only the shell (bench/frontend.ts measures it); a page that
 * shows more than the shell's texts (`texts: 'pages'`, the default) loads the pages' texts with its code.
 * Declarative routes (useRoutes) rather than a data router: none of the pages use loaders, and the data
 * router would add about a third to react-router's share of the first load.
 */
function page(load: () => Promise<ComponentType>, texts: 'shell' | 'pages' = 'pages'): ReactNode {
  const Page = lazy(async () => {
    const [Component] = await Promise.all([load(), texts === 'pages' ? loadPageTexts() : undefined]);
    return { default: Component };
  });
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

/** The page of each spec §2 route, keyed by its pattern in config/paths (the others show a placeholder). */
const pages: Partial<Record<SpaPath, () => ReactNode>> = {
  [paths.dashboard]: () => page(async () => (await import('@/features/dashboard/components/admin-dashboard')).AdminDashboard, 'shell'),
  [paths.personal.dashboard]: () => page(async () => (await import('@/features/dashboard/components/personal-dashboard')).PersonalDashboard),
  [paths.accountSetting]: () => page(async () => (await import('@/features/account/components/account-settings')).AccountSettings),
  [paths.personal.accountSetting]: () => page(async () => (await import('@/features/account/components/account-settings')).AccountSettings),
  [paths.users]: () => page(async () => (await import('./routes/users-page')).UsersPage),
  [paths.usersCreate]: () => page(async () => (await import('./routes/user-form-page')).UserCreatePage),
  [paths.usersEdit]: () => page(async () => (await import('./routes/user-form-page')).UserEditPage),
  [paths.feedback]: () => page(async () => (await import('@/features/feedback/components/feedback-page')).FeedbackPage),
  [paths.setting]: () => page(async () => (await import('@/features/settings/components/settings-page')).SettingsPage),
  [paths.personal.setting]: () => page(async () => (await import('@/features/settings/components/personal-settings-page')).PersonalSettingsPage),
  [paths.company]: () => page(async () => (await import('./routes/organisation-pages')).CompanyPage),
  [paths.department]: () => page(async () => (await import('./routes/organisation-pages')).DepartmentPage),
  [paths.jobTitle]: () => page(async () => (await import('./routes/organisation-pages')).JobTitlePage),
  [paths.leaveType]: () => page(async () => (await import('./routes/organisation-pages')).LeaveTypePage),
  [paths.leaveGroup]: () => page(async () => (await import('./routes/organisation-pages')).LeaveGroupPage),
  [paths.employees]: () => page(async () => (await import('./routes/employees-page')).EmployeesPage),
  [paths.employeeCreate]: () => page(async () => (await import('./routes/employee-form-page')).EmployeeCreatePage),
  [paths.employeeEdit]: () => page(async () => (await import('./routes/employee-form-page')).EmployeeEditPage),
  [paths.employeeDetails]: () => page(async () => (await import('./routes/employee-details-page')).EmployeeDetailsPage),
  [paths.attendance]: () => page(async () => (await import('./routes/attendance-pages')).AttendancePage),
  [paths.attendanceCreate]: () => page(async () => (await import('./routes/attendance-pages')).AttendanceCreatePage),
  [paths.attendanceEdit]: () => page(async () => (await import('./routes/attendance-pages')).AttendanceEditPage),
  [paths.personal.attendance]: () => page(async () => (await import('./routes/attendance-pages')).MyAttendancePage),
  [paths.schedule]: () => page(async () => (await import('./routes/schedule-pages')).SchedulePage),
  [paths.scheduleCreate]: () => page(async () => (await import('./routes/schedule-pages')).ScheduleCreatePage),
  [paths.scheduleEdit]: () => page(async () => (await import('./routes/schedule-pages')).ScheduleEditPage),
  [paths.personal.schedule]: () => page(async () => (await import('./routes/schedule-pages')).MySchedulePage),
  [paths.leaveList]: () => page(async () => (await import('./routes/leave-pages')).LeaveListPage),
  [paths.leaveEdit]: () => page(async () => (await import('./routes/leave-pages')).LeaveEditPage),
  [paths.personal.leave]: () => page(async () => (await import('./routes/leave-pages')).MyLeavePage),
  [paths.personal.leaveCreate]: () => page(async () => (await import('./routes/leave-pages')).MyLeaveCreatePage),
  [paths.personal.leaveEdit]: () => page(async () => (await import('./routes/leave-pages')).MyLeaveEditPage),
  [paths.reports]: () => page(async () => (await import('@/features/reports/components/reports-index')).ReportsIndex),
  '/reports/attendance-overtime': () => page(async () => (await import('@/features/reports/components/overtime-reports')).AttendanceOvertimeReport),
  '/reports/consolidated-overtime': () => page(async () => (await import('@/features/reports/components/overtime-reports')).ConsolidatedOvertimeReport),
  '/reports/employee-attendance': () => page(async () => (await import('@/features/reports/components/overtime-reports')).EmployeeAttendanceReport),
  '/reports/employee-birthdays': () => page(async () => (await import('@/features/reports/components/people-reports')).EmployeeBirthdaysReport),
  '/reports/employee-leaves': () => page(async () => (await import('@/features/reports/components/leave-account-reports')).EmployeeLeavesReport),
  '/reports/employee-list': () => page(async () => (await import('@/features/reports/components/people-reports')).EmployeeListReport),
  '/reports/employee-schedule': () => page(async () => (await import('@/features/reports/components/people-reports')).EmployeeScheduleReport),
  '/reports/organization-profile': () => page(async () => (await import('@/features/reports/components/people-reports')).OrganizationProfileReport),
  '/reports/user-accounts': () => page(async () => (await import('@/features/reports/components/leave-account-reports')).UserAccountsReport),
};

const placeholder = () => page(async () => (await import('./routes/placeholder-page')).PlaceholderPage, 'shell');

/** Spec §4: routes that require a layout. The kiosk clock fills the screen. */
const requiredLayouts: Partial<Record<SpaPath, LayoutType>> = { [paths.clock]: 'blank' };

function protectedRoute(route: SpaRoute<SpaPath>): RouteObject {
  return { path: route.path, element: (pages[route.path] ?? placeholder)() };
}

export const routes: RouteObject[] = [
  { path: paths.root, element: <RootRedirect /> },
  {
    element: <PublicOnly />,
    children: [
      {
        element: <AuthSplitLayout />,
        children: [{ path: paths.signIn, element: page(async () => (await import('@/features/auth/components/sign-in-page')).SignInPage, 'shell') }],
      },
    ],
  },
  {
    element: <PostLoginLayout />,
    children: [
      {
        element: <RouteLayout layout={requiredLayouts[paths.clock]} />,
        children: [{ path: paths.clock, element: page(async () => (await import('./routes/clock-page')).ClockPage) }],
      },
      {
        element: <RouteLayout />,
        children: [
          { path: paths.accessDenied, element: page(async () => (await import('./routes/access-denied-page')).AccessDeniedPage, 'shell') },
          // The footer's legal texts: public, as the footer also shows to visitors who have not signed in.
          { path: paths.legalTerms, element: page(async () => (await import('@/features/legal/components/legal-page')).TermsPage, 'shell') },
          { path: paths.legalPrivacy, element: page(async () => (await import('@/features/legal/components/legal-page')).PrivacyPage, 'shell') },
          {
            element: <RequireAuth />,
            children: [{ element: <RequireAccess />, children: spaRoutes.filter((route) => route.area !== 'public').map(protectedRoute) }],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to={paths.accessDenied} replace /> },
];

// The send-feedback dialog (and its texts) load only once the user menu opens it.
const FeedbackDialog = lazy(async () => {
  const [module] = await Promise.all([import('@/features/feedback/components/feedback-dialog-host'), loadPageTexts()]);
  return { default: module.FeedbackDialogHost };
});

export function AppRoutes() {
  const element = useRoutes(routes);
  const feedbackOpen = useAtomValue(feedbackDialogOpenAtom);
  const { pathname } = useLocation();
  // A new location clears a page error, so navigation keeps working after one; the shell is never rebuilt.
  return (
    <>
      <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>
      <RouteAnnouncer />
      {feedbackOpen ? (
        <Suspense fallback={null}>
          <FeedbackDialog />
        </Suspense>
      ) : null}
    </>
  );
}
