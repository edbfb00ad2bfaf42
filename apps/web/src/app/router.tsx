import { Suspense } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { RequireAuth, RootRedirect, RouteGuard, UnknownRoute } from './guards.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { AppLayout, lazyPage, protectedRoutes, type AppRoute } from './routes.tsx';
import { SessionProvider } from '../session/session.tsx';

const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
const ManagementLoginPage = lazyPage(
  () => import('../features/auth/pages/login-page.tsx'),
  'ManagementLoginPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const SignUpPage = lazyPage(() => import('../features/auth/pages/sign-up-page.tsx'), 'SignUpPage');
const SignUpSuccessPage = lazyPage(
  () => import('../features/auth/pages/sign-up-success-page.tsx'),
  'SignUpSuccessPage',
);
const VerifyUserPage = lazyPage(
  () => import('../features/auth/pages/verify-user-page.tsx'),
  'VerifyUserPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const CreateUserPage = lazyPage(
  () => import('../features/auth/pages/create-user-page.tsx'),
  'CreateUserPage',
);
const ConfirmInvitationPage = lazyPage(
  () => import('../features/auth/pages/confirm-invitation-page.tsx'),
  'ConfirmInvitationPage',
);
const DibsLauncherPage = lazyPage(
  () => import('../features/viewer/pages/dibs-launcher-page.tsx'),
  'DibsLauncherPage',
);
const OnlineViewerPage = lazyPage(
  () => import('../features/viewer/pages/online-viewer-page.tsx'),
  'OnlineViewerPage',
);

/** Public screens: no sign-in, no organization or initial-setup checks. */
const publicRoutes: RouteObject[] = [
  { path: '/login', Component: LoginPage },
  { path: '/management', Component: ManagementLoginPage },
  { path: '/forgot-password', Component: ForgotPasswordPage },
  { path: '/sign-up', Component: SignUpPage },
  { path: '/sign-up-success', Component: SignUpSuccessPage },
  { path: '/verify-user', Component: VerifyUserPage },
  { path: '/reset-password', Component: ResetPasswordPage },
  { path: '/create-user', Component: CreateUserPage },
  { path: '/confirm-invitation', Component: ConfirmInvitationPage },
  { path: '/dibs', Component: DibsLauncherPage },
  { path: '/dibs/online', Component: OnlineViewerPage },
];

function guarded(route: AppRoute): RouteObject {
  const Page = route.page;
  return {
    path: route.path,
    element: (
      <RouteGuard>
        <Page />
      </RouteGuard>
    ),
  };
}

function Root() {
  return (
    <SessionProvider>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </SessionProvider>
  );
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      Component: Root,
      children: [
        ...publicRoutes,
        {
          Component: RequireAuth,
          children: [
            {
              Component: AppLayout,
              children: [
                { index: true, Component: RootRedirect },
                ...protectedRoutes.filter((r) => !r.bare).map(guarded),
              ],
            },
            ...protectedRoutes.filter((r) => r.bare).map(guarded),
          ],
        },
        { path: '/not-found', Component: NotFoundPage },
        { path: '*', Component: UnknownRoute },
      ],
    },
  ];
}

const routes = buildRoutes();

/**
 * The route tree, rendered inside <BrowserRouter>. The routes use no loaders or actions, so the
 * declarative router is enough, and it keeps the first page's JavaScript smaller than the data router.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
