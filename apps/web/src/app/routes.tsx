import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';

/**
 * The authenticated pages. Features add their pages HERE, one entry per route, e.g.
 *   { path: '/patients', page: lazyPage(() => import('../features/patients/pages/patients-page.tsx'), 'PatientsPage') }
 * Every entry is code-split, wrapped in the sign-in and access guards (the route access table in
 * @archline/contracts decides who may open `path`), and rendered inside the application shell
 * unless `bare` is set (print views).
 */
export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Render without the shell (top bar, sidebar): print views, the account setup wizard. */
  bare?: boolean;
}

/** React.lazy for a page module's named export, so each route loads its own chunk. */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

export const protectedRoutes: AppRoute[] = [
  {
    path: '/patients',
    page: lazyPage(() => import('../features/patients/pages/patients-page.tsx'), 'PatientsPage'),
  },
  {
    path: '/patients-page',
    page: lazyPage(() => import('../features/patients/pages/case-list-page.tsx'), 'CaseListPage'),
  },
  {
    path: '/patient-details/:id',
    page: lazyPage(
      () => import('../features/patient-details/pages/patient-details-page.tsx'),
      'PatientDetailsPage',
    ),
  },
  {
    path: '/patient-details/:id/print',
    page: lazyPage(
      () => import('../features/patient-details/pages/patient-print-page.tsx'),
      'PatientPrintPage',
    ),
    bare: true,
  },
  {
    path: '/account',
    page: lazyPage(() => import('../features/account/pages/account-page.tsx'), 'AccountPage'),
  },
  {
    path: '/organizations-users',
    page: lazyPage(
      () => import('../features/organizations/pages/organizations-users-page.tsx'),
      'OrganizationsUsersPage',
    ),
  },
  {
    path: '/organizations',
    page: lazyPage(
      () => import('../features/organizations/pages/organizations-page.tsx'),
      'OrganizationsPage',
    ),
  },
  {
    path: '/organizations/:id',
    page: lazyPage(() => import('../features/organizations/pages/organization-page.tsx'), 'OrganizationPage'),
  },
  {
    path: '/licenses',
    page: lazyPage(() => import('../features/licenses/pages/licenses-page.tsx'), 'LicensesPage'),
  },
  {
    path: '/add-license',
    page: lazyPage(() => import('../features/licenses/pages/license-form-page.tsx'), 'NewLicensePage'),
  },
  {
    path: '/edit-license/:id',
    page: lazyPage(() => import('../features/licenses/pages/license-form-page.tsx'), 'EditLicensePage'),
  },
  { path: '/users', page: lazyPage(() => import('../features/users/pages/users-page.tsx'), 'UsersPage') },
  {
    path: '/users/add',
    page: lazyPage(() => import('../features/users/pages/user-add-page.tsx'), 'UserAddPage'),
  },
  { path: '/users/:id', page: lazyPage(() => import('../features/users/pages/user-page.tsx'), 'UserPage') },
  {
    path: '/locations',
    page: lazyPage(() => import('../features/locations/pages/locations-page.tsx'), 'LocationsPage'),
  },
  {
    path: '/locations/add',
    page: lazyPage(() => import('../features/locations/pages/location-add-page.tsx'), 'LocationAddPage'),
  },
  {
    path: '/locations/:id',
    page: lazyPage(() => import('../features/locations/pages/location-edit-page.tsx'), 'LocationEditPage'),
  },
  {
    path: '/organizations/:organizationId/locations',
    page: lazyPage(() => import('../features/locations/pages/locations-page.tsx'), 'LocationsPage'),
  },
  {
    path: '/organizations/:organizationId/locations/add',
    page: lazyPage(() => import('../features/locations/pages/location-add-page.tsx'), 'LocationAddPage'),
  },
  {
    path: '/organizations/:organizationId/locations/:id',
    page: lazyPage(() => import('../features/locations/pages/location-edit-page.tsx'), 'LocationEditPage'),
  },
  {
    path: '/settings',
    page: lazyPage(() => import('../features/settings/pages/settings-page.tsx'), 'SettingsPage'),
  },
  {
    path: '/onboardings',
    page: lazyPage(() => import('../features/onboarding/pages/onboardings-page.tsx'), 'OnboardingsPage'),
  },
  {
    path: '/onboardings/:id',
    page: lazyPage(() => import('../features/onboarding/pages/onboarding-page.tsx'), 'OnboardingPage'),
  },
  {
    path: '/organizations/:organizationId/rx-forms/add',
    page: lazyPage(() => import('../features/case-entry/pages/start-case-page.tsx'), 'StartCasePage'),
  },
  {
    path: '/rx-forms/:id/modify',
    page: lazyPage(() => import('../features/case-entry/pages/modify-rx-form-page.tsx'), 'ModifyRxFormPage'),
  },
  {
    path: '/initial-setup',
    page: lazyPage(
      () => import('../features/account-setup/pages/initial-setup-page.tsx'),
      'InitialSetupPage',
    ),
    bare: true,
  },
];

/**
 * True when the portal has a page for `path`. Navigation (the sidebar) offers only built pages:
 * an entry of the sidebar table appears once its feature's page is added above.
 */
export function isBuiltPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return protectedRoutes.some((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
}

/** The layout around authenticated pages (top bar, sidebar, footer). */
export const AppLayout = lazyPage(() => import('./shell/app-shell.tsx'), 'AppShell');
