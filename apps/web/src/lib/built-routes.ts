import { matchPath } from 'react-router';

/**
 * The authenticated pages this portal has built: data only, read by the shell (which offers only
 * built pages) and by the features (which link only to built pages). `app/routes.tsx` gives each
 * path its lazily loaded page; a feature adds its page in both places (the compiler checks that
 * every path here has a page there).
 */
export const BUILT_ROUTES = [
  { path: '/dashboard' },
  { path: '/patients' },
  { path: '/patients-page' },
  { path: '/patient-details/:id' },
  // Print views and the account setup wizard render without the shell (top bar, sidebar).
  { path: '/patient-details/:id/print', bare: true },
  { path: '/account' },
  { path: '/organizations-users' },
  { path: '/organizations' },
  { path: '/organizations/:id' },
  { path: '/organizations/:organizationId/patients' },
  { path: '/licenses' },
  { path: '/add-license' },
  { path: '/edit-license/:id' },
  { path: '/users' },
  { path: '/users/add' },
  { path: '/users/:id' },
  { path: '/users/:userId/patients/add' },
  { path: '/locations' },
  { path: '/locations/add' },
  { path: '/locations/:id' },
  { path: '/organizations/:organizationId/locations' },
  { path: '/organizations/:organizationId/locations/add' },
  { path: '/organizations/:organizationId/locations/:id' },
  { path: '/settings' },
  { path: '/onboardings' },
  { path: '/onboardings/:id' },
  { path: '/organizations/:organizationId/rx-forms/add' },
  { path: '/rx-forms/:id/modify' },
  { path: '/initial-setup', bare: true },
  { path: '/export-reports' },
  { path: '/patient-workflow/:id' },
  { path: '/requests' },
  { path: '/requests/:id' },
  { path: '/batches' },
  { path: '/batches/:id' },
  { path: '/organizations/:organizationId/brackets' },
  { path: '/organizations/:organizationId/custom-bracket-sets' },
  { path: '/subscriptions' },
  { path: '/subscriptions/:id' },
  { path: '/subscriptions/:contract_id/periodic-rules/add' },
  { path: '/subscriptions/:contract_id/periodic-rules/:id' },
  { path: '/promotion-codes' },
  { path: '/promotion-codes/add' },
  { path: '/promotion-codes/:id' },
  { path: '/printing-files' },
] as const satisfies readonly { path: string; bare?: boolean }[];

export type BuiltPath = (typeof BUILT_ROUTES)[number]['path'];

/**
 * True when the portal has a page for `path`. Navigation (the sidebar, links between pages) offers
 * only built pages: an entry of the sidebar table appears once its feature's page is added.
 */
export function isBuiltPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return BUILT_ROUTES.some((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
}
