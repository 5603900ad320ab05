import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths, signInPathWithRedirect } from '@/config/paths';
import { afterSignInTarget, mayOpen } from '@/lib/authorization';
import { authenticatedAtom, currentUserAtom, entryPathFor, signedOutExplicitlyAtom } from '@/lib/session';
import { applyRouteLayoutAtom, type LayoutType } from '@/lib/theme';
import { useRefreshSignedInUser } from './use-refresh-signed-in-user';

/** Spec §2: the sign-in page only for visitors; a signed-in user goes to the entry path. */
export function PublicOnly() {
  const user = useAtomValue(currentUserAtom);
  const { search } = useLocation();
  return user ? <Navigate to={afterSignInTarget(user, search)} replace /> : <Outlet />;
}

/** The root path: the authenticated entry path, or the sign-in page without a redirectUrl. */
export function RootRedirect() {
  const user = useAtomValue(currentUserAtom);
  return <Navigate to={user ? entryPathFor(user) : paths.signIn} replace />;
}

/** Visitors to a protected path go to sign-in with the path in redirectUrl. */
export function RequireAuth() {
  const authenticated = useAtomValue(authenticatedAtom);
  const explicit = useAtomValue(signedOutExplicitlyAtom);
  const location = useLocation();
  useRefreshSignedInUser(authenticated);
  if (!authenticated) {
    // After an explicit sign-out the user chose to leave: no way back to the page through redirectUrl.
    return <Navigate to={explicit ? paths.signIn : signInPathWithRedirect(`${location.pathname}${location.search}`)} replace />;
  }
  return <Outlet />;
}

/** The route's spec §2 access rule (the gateway's own table); a user lacking it goes to access denied. */
export function RequireAccess() {
  const user = useAtomValue(currentUserAtom);
  const { pathname } = useLocation();
  return mayOpen(user, pathname) ? <Outlet /> : <Navigate to={paths.accessDenied} replace />;
}

/** Spec §4: a route may require a layout; the previous one comes back on the next route that requires none. */
export function RouteLayout({ layout }: { layout?: LayoutType }) {
  const apply = useSetAtom(applyRouteLayoutAtom);
  useEffect(() => apply(layout), [apply, layout]);
  return <Outlet />;
}
