import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BUILT_ROUTES, type BuiltPath } from '../lib/built-routes.ts';

/**
 * The authenticated pages. A feature adds its path to the table in lib/built-routes.ts and its
 * page HERE, e.g.
 *   '/patients': lazyPage(() => import('../features/patients/pages/patients-page.tsx'), 'PatientsPage')
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

/** Each built path's page (the table of paths and which render bare: lib/built-routes.ts). */
const pages: Record<BuiltPath, LazyExoticComponent<ComponentType>> = {
  '/dashboard': lazyPage(() => import('../features/dashboard/pages/dashboard-page.tsx'), 'DashboardPage'),
  '/patients': lazyPage(() => import('../features/patients/pages/patients-page.tsx'), 'PatientsPage'),
  '/patients-page': lazyPage(() => import('./pages/case-list-page.tsx'), 'CaseListPage'),
  '/patient-details/:id': lazyPage(() => import('./pages/patient-details-page.tsx'), 'PatientDetailsPage'),
  '/patient-details/:id/print': lazyPage(
    () => import('../features/patient-details/pages/patient-print-page.tsx'),
    'PatientPrintPage',
  ),
  '/account': lazyPage(() => import('./pages/account-page.tsx'), 'AccountPage'),
  '/organizations-users': lazyPage(
    () => import('../features/organizations/pages/organizations-users-page.tsx'),
    'OrganizationsUsersPage',
  ),
  '/organizations': lazyPage(
    () => import('../features/organizations/pages/organizations-page.tsx'),
    'OrganizationsPage',
  ),
  '/organizations/:id': lazyPage(() => import('./pages/organization-page.tsx'), 'OrganizationPage'),
  '/organizations/:organizationId/patients': lazyPage(
    () => import('./pages/organization-patients-page.tsx'),
    'OrganizationPatientsPage',
  ),
  '/licenses': lazyPage(() => import('../features/licenses/pages/licenses-page.tsx'), 'LicensesPage'),
  '/add-license': lazyPage(
    () => import('../features/licenses/pages/license-form-page.tsx'),
    'NewLicensePage',
  ),
  '/edit-license/:id': lazyPage(
    () => import('../features/licenses/pages/license-form-page.tsx'),
    'EditLicensePage',
  ),
  '/users': lazyPage(() => import('../features/users/pages/users-page.tsx'), 'UsersPage'),
  '/users/add': lazyPage(() => import('../features/users/pages/user-add-page.tsx'), 'UserAddPage'),
  '/users/:id': lazyPage(() => import('../features/users/pages/user-page.tsx'), 'UserPage'),
  '/users/:userId/patients/add': lazyPage(() => import('./pages/user-case-add-page.tsx'), 'UserCaseAddPage'),
  '/locations': lazyPage(() => import('../features/locations/pages/locations-page.tsx'), 'LocationsPage'),
  '/locations/add': lazyPage(
    () => import('../features/locations/pages/location-add-page.tsx'),
    'LocationAddPage',
  ),
  '/locations/:id': lazyPage(
    () => import('../features/locations/pages/location-edit-page.tsx'),
    'LocationEditPage',
  ),
  '/organizations/:organizationId/locations': lazyPage(
    () => import('../features/locations/pages/locations-page.tsx'),
    'LocationsPage',
  ),
  '/organizations/:organizationId/locations/add': lazyPage(
    () => import('../features/locations/pages/location-add-page.tsx'),
    'LocationAddPage',
  ),
  '/organizations/:organizationId/locations/:id': lazyPage(
    () => import('../features/locations/pages/location-edit-page.tsx'),
    'LocationEditPage',
  ),
  '/settings': lazyPage(() => import('./pages/settings-page.tsx'), 'SettingsPage'),
  '/onboardings': lazyPage(
    () => import('../features/onboarding/pages/onboardings-page.tsx'),
    'OnboardingsPage',
  ),
  '/onboardings/:id': lazyPage(
    () => import('../features/onboarding/pages/onboarding-page.tsx'),
    'OnboardingPage',
  ),
  '/organizations/:organizationId/rx-forms/add': lazyPage(
    () => import('../features/case-entry/pages/start-case-page.tsx'),
    'StartCasePage',
  ),
  '/rx-forms/:id/modify': lazyPage(
    () => import('../features/case-entry/pages/modify-rx-form-page.tsx'),
    'ModifyRxFormPage',
  ),
  '/initial-setup': lazyPage(
    () => import('../features/account-setup/pages/initial-setup-page.tsx'),
    'InitialSetupPage',
  ),
  '/export-reports': lazyPage(() => import('../features/reports/pages/reports-page.tsx'), 'ReportsPage'),
  '/requests': lazyPage(() => import('../features/requests/pages/requests-page.tsx'), 'RequestsPage'),
  '/requests/:id': lazyPage(
    () => import('../features/requests/pages/request-details-page.tsx'),
    'RequestDetailsPage',
  ),
  '/batches': lazyPage(() => import('../features/batches/pages/batches-page.tsx'), 'BatchesPage'),
  '/batches/:id': lazyPage(() => import('../features/batches/pages/batch-page.tsx'), 'BatchPage'),
  '/printing-files': lazyPage(
    () => import('../features/printing-files/pages/printing-files-page.tsx'),
    'PrintingFilesPage',
  ),
  '/promotion-codes': lazyPage(
    () => import('../features/promotion-codes/pages/promotion-codes-page.tsx'),
    'PromotionCodesPage',
  ),
  '/promotion-codes/add': lazyPage(
    () => import('../features/promotion-codes/pages/promotion-code-form-page.tsx'),
    'NewPromotionCodePage',
  ),
  '/promotion-codes/:id': lazyPage(
    () => import('../features/promotion-codes/pages/promotion-code-form-page.tsx'),
    'EditPromotionCodePage',
  ),
  '/organizations/:organizationId/brackets': lazyPage(
    () => import('../features/libraries/pages/bracket-inventory-page.tsx'),
    'BracketInventoryPage',
  ),
  '/organizations/:organizationId/custom-bracket-sets': lazyPage(
    () => import('../features/libraries/pages/custom-bracket-sets-page.tsx'),
    'CustomBracketSetsPage',
  ),
  '/patient-workflow/:id': lazyPage(() => import('./pages/patient-workflow-page.tsx'), 'PatientWorkflowPage'),
  '/subscriptions': lazyPage(
    () => import('../features/billing/pages/subscriptions-page.tsx'),
    'SubscriptionsPage',
  ),
  '/subscriptions/:id': lazyPage(
    () => import('../features/billing/pages/subscription-details-page.tsx'),
    'SubscriptionDetailsPage',
  ),
  '/subscriptions/:contract_id/periodic-rules/add': lazyPage(
    () => import('../features/billing/pages/periodic-rule-form-page.tsx'),
    'NewPeriodicRulePage',
  ),
  '/subscriptions/:contract_id/periodic-rules/:id': lazyPage(
    () => import('../features/billing/pages/periodic-rule-form-page.tsx'),
    'EditPeriodicRulePage',
  ),
};

export const protectedRoutes: AppRoute[] = BUILT_ROUTES.map((route) => ({
  path: route.path,
  page: pages[route.path],
  bare: 'bare' in route ? route.bare : undefined,
}));

/** The layout around authenticated pages (top bar, sidebar, footer). */
export const AppLayout = lazyPage(() => import('./shell/app-shell.tsx'), 'AppShell');
