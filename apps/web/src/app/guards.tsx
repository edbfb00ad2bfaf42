import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MessagePage } from '../components/message-page.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { canAccessPath, GUARD_MESSAGES, homePathFor, isManagementPath, organizationCheck } from './access.ts';
import type { AppRoute } from './routes.tsx';
import { protectedRoutes } from './routes.tsx';
import { useSession } from './session.tsx';

/** The sign-in page for a wanted path, carrying it as ?path=. */
export function loginRedirectFor(pathname: string, search: string): string {
  const base = isManagementPath(pathname) ? '/management' : '/login';
  const wanted = `${pathname}${search}`;
  return wanted === '/' ? base : `${base}?path=${encodeURIComponent(wanted)}`;
}

/** Signed-in users only; loads the current user and shows an error page when that fails. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session.token) return <Navigate to={loginRedirectFor(location.pathname, location.search)} replace />;
  if (session.error) return <MessagePage title="Something went wrong" severity="error" message={errorMessage(session.error)} />;
  if (!session.user) return <PageLoader />;
  return <Outlet />;
}

/** One authenticated route: organization / initial-setup checks, then the access table. */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <PageLoader />;
  if (!route.skipOrganizationCheck) {
    const check = organizationCheck(user);
    if (check?.redirect && check.redirect !== location.pathname) return <Navigate to={check.redirect} replace />;
    if (check?.message) return <MessagePage message={check.message} />;
  }
  if (!canAccessPath(user, location.pathname)) return <MessagePage message={GUARD_MESSAGES.page} />;
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}

/** `/`: the profile's home page when it exists; until then the shell alone. */
export function RootRedirect() {
  const { user } = useSession();
  if (!user) return <PageLoader />;
  const home = homePathFor(user);
  if (protectedRoutes.some((r) => r.path === home)) return <Navigate to={home} replace />;
  return null;
}
