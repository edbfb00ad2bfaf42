import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MessagePage } from '../components/message-page.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { decideAccess, homePathFor, loginRedirectFor, requiresSignIn } from '../session/access.ts';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { protectedRoutes } from './routes.tsx';
import { useSession } from '../session/session.tsx';

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
 * `/`, where every sign-in lands: the profile's home page (document 1 section 2.2) when it is
 * built, else the nearest built page (homePathFor); never a page that does not exist.
 */
export function RootRedirect() {
  const { user } = useSession();
  if (!user) return <PageLoader />;
  return <Navigate to={homePathFor(user, hasRoute)} replace />;
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
