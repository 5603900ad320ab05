import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AuthSplitLayout } from '@/components/layouts/auth-split-layout';
import { PostLoginLayout } from '@/components/layouts/post-login-layout';
import { paths, spaRoutes, type SpaRoute } from '@/config/paths';
import type { LayoutType } from '@/lib/theme';
import { PublicOnly, RequireAccess, RequireAuth, RootRedirect, RouteLayout } from './routes/guards';
import { RouteError } from './routes/route-error';
import { Spinner } from '@/components/ui/spinner';

type Lazy = NonNullable<RouteObject['lazy']>;

/** Pages load on demand so the first load carries only the shell (bench/frontend.ts measures it). */
const pages: Record<string, Lazy> = {
  '/dashboard': async () => ({ Component: (await import('@/features/dashboard/components/admin-dashboard')).AdminDashboard }),
  '/personal/dashboard': async () => ({ Component: (await import('@/features/dashboard/components/personal-dashboard')).PersonalDashboard }),
  '/account-setting': async () => ({ Component: (await import('@/features/account/components/account-settings')).AccountSettings }),
  '/personal/account-setting': async () => ({ Component: (await import('@/features/account/components/account-settings')).AccountSettings }),
  '/users': async () => ({ Component: (await import('./routes/users-page')).UsersPage }),
  '/users-create': async () => ({ Component: (await import('./routes/user-form-page')).UserCreatePage }),
  '/users-edit/:id': async () => ({ Component: (await import('./routes/user-form-page')).UserEditPage }),
};

const placeholder: Lazy = async () => ({ Component: (await import('./routes/placeholder-page')).PlaceholderPage });

/** Spec §4: routes that require a layout. The kiosk clock fills the screen. */
const requiredLayouts: Partial<Record<string, LayoutType>> = { [paths.clock]: 'blank' };

function protectedRoute(route: SpaRoute): RouteObject {
  return { path: route.path, lazy: pages[route.path] ?? placeholder };
}

const protectedRoutes = spaRoutes.filter((route) => route.area !== 'public').map(protectedRoute);

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: paths.root, element: <RootRedirect /> },
      {
        element: <PublicOnly />,
        children: [
          {
            element: <AuthSplitLayout />,
            children: [{ path: paths.signIn, lazy: async () => ({ Component: (await import('@/features/auth/components/sign-in-page')).SignInPage }) }],
          },
        ],
      },
      {
        element: <PostLoginLayout />,
        children: [
          {
            element: <RouteLayout layout={requiredLayouts[paths.clock]} />,
            children: [{ path: paths.clock, lazy: async () => ({ Component: (await import('./routes/clock-page')).ClockPage }) }],
          },
          {
            element: <RouteLayout />,
            children: [
              { path: paths.accessDenied, lazy: async () => ({ Component: (await import('./routes/access-denied-page')).AccessDeniedPage }) },
              { element: <RequireAuth />, children: [{ element: <RequireAccess />, children: protectedRoutes }] },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.accessDenied} replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
