import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { AuthSplitLayout } from '@/components/layouts/auth-split-layout';
import { PostLoginLayout } from '@/components/layouts/post-login-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths, spaRoutes, type SpaRoute } from '@/config/paths';
import type { LayoutType } from '@/lib/theme';
import { PublicOnly, RequireAccess, RequireAuth, RootRedirect, RouteLayout } from './routes/guards';
import { RouteErrorBoundary } from './routes/route-error';

/**
 * Pages load on demand so the first load carries only the shell (bench/frontend.ts measures it).
 * Declarative routes (useRoutes) rather than a data router: none of the pages use loaders, and the data
 * router would add about a third to react-router's share of the first load.
 */
function page(load: () => Promise<ComponentType>): ReactNode {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

const pages: Record<string, () => ReactNode> = {
  '/dashboard': () => page(async () => (await import('@/features/dashboard/components/admin-dashboard')).AdminDashboard),
  '/personal/dashboard': () => page(async () => (await import('@/features/dashboard/components/personal-dashboard')).PersonalDashboard),
  '/account-setting': () => page(async () => (await import('@/features/account/components/account-settings')).AccountSettings),
  '/personal/account-setting': () => page(async () => (await import('@/features/account/components/account-settings')).AccountSettings),
  '/users': () => page(async () => (await import('./routes/users-page')).UsersPage),
  '/users-create': () => page(async () => (await import('./routes/user-form-page')).UserCreatePage),
  '/users-edit/:id': () => page(async () => (await import('./routes/user-form-page')).UserEditPage),
  '/setting': () => page(async () => (await import('@/features/settings/components/settings-page')).SettingsPage),
  '/company': () => page(async () => (await import('./routes/organisation-pages')).CompanyPage),
  '/department': () => page(async () => (await import('./routes/organisation-pages')).DepartmentPage),
  '/jobtitle': () => page(async () => (await import('./routes/organisation-pages')).JobTitlePage),
  '/leavetype': () => page(async () => (await import('./routes/organisation-pages')).LeaveTypePage),
  '/leavegroup': () => page(async () => (await import('./routes/organisation-pages')).LeaveGroupPage),
  '/employees': () => page(async () => (await import('./routes/employees-page')).EmployeesPage),
  '/employee-create': () => page(async () => (await import('./routes/employee-form-page')).EmployeeCreatePage),
  '/employee-edit/:id': () => page(async () => (await import('./routes/employee-form-page')).EmployeeEditPage),
  '/employee-details/:id': () => page(async () => (await import('./routes/employee-details-page')).EmployeeDetailsPage),
  '/attendance': () => page(async () => (await import('./routes/attendance-pages')).AttendancePage),
  '/attendance-create': () => page(async () => (await import('./routes/attendance-pages')).AttendanceCreatePage),
  '/attendance-edit/:id': () => page(async () => (await import('./routes/attendance-pages')).AttendanceEditPage),
  '/personal/attendance': () => page(async () => (await import('./routes/attendance-pages')).MyAttendancePage),
};

const placeholder = () => page(async () => (await import('./routes/placeholder-page')).PlaceholderPage);

/** Spec §4: routes that require a layout. The kiosk clock fills the screen. */
const requiredLayouts: Partial<Record<string, LayoutType>> = { [paths.clock]: 'blank' };

function protectedRoute(route: SpaRoute): RouteObject {
  return { path: route.path, element: (pages[route.path] ?? placeholder)() };
}

export const routes: RouteObject[] = [
  { path: paths.root, element: <RootRedirect /> },
  {
    element: <PublicOnly />,
    children: [
      {
        element: <AuthSplitLayout />,
        children: [{ path: paths.signIn, element: page(async () => (await import('@/features/auth/components/sign-in-page')).SignInPage) }],
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
          { path: paths.accessDenied, element: page(async () => (await import('./routes/access-denied-page')).AccessDeniedPage) },
          { element: <RequireAuth />, children: [{ element: <RequireAccess />, children: spaRoutes.filter((route) => route.area !== 'public').map(protectedRoute) }] },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to={paths.accessDenied} replace /> },
];

export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  // A new location clears a page error, so navigation keeps working after one.
  return <RouteErrorBoundary key={pathname}>{element}</RouteErrorBoundary>;
}
