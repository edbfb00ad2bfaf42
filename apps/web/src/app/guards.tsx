import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MessagePage } from '../components/message-page.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { decideAccess, homePathFor, loginRedirectFor, requiresSignIn } from './access.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { protectedRoutes } from './routes.tsx';
import { useSession } from './session.tsx';

export { loginRedirectFor };

function hasRoute(path: string): boolean {
  return protectedRoutes.some((r) => r.path === path);
}

/** Signed-in users only; loads the current user and shows an error page when that fails. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session.token) {
    return (
      <Navigate to={session.signedOutTo ?? loginRedirectFor(location.pathname, location.search)} replace />
    );
  }
  if (session.error) {
    return (
      <MessagePage title="Something went wrong" severity="error" message={errorMessage(session.error)} />
    );
  }
  if (!session.user) return <PageLoader />;
  return <Outlet />;
}

/** One authenticated route: organization / initial-setup checks, then the access table. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <PageLoader />;
  const decision = decideAccess(user, location.pathname, { hasRoute });
  if (decision.kind === 'redirect' && decision.to !== location.pathname)
    return <Navigate to={decision.to} replace />;
  if (decision.kind === 'message') return <MessagePage message={decision.message} />;
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}

/**
 * `/`: the profile's home page when it exists (third-party users land on the patient list while
 * the dashboard is not built); until then the shell alone.
 */
export function RootRedirect() {
  const { user } = useSession();
  if (!user) return <PageLoader />;
  const home = homePathFor(user);
  if (hasRoute(home)) return <Navigate to={home} replace />;
  if (home === '/dashboard' && hasRoute('/patients-page')) return <Navigate to="/patients-page" replace />;
  return null;
}

/**
 * Paths without a page. A signed-out visitor following a link to a page of the access table is
 * sent to sign in first (carrying the path); everything else is 'Page Not Found'.
 */
export function UnknownRoute() {
  const { token } = useSession();
  const location = useLocation();
  if (!token && requiresSignIn(location.pathname)) {
    return <Navigate to={loginRedirectFor(location.pathname, location.search)} replace />;
  }
  return <NotFoundPage />;
}
