import type { SearchHit } from '@archline/contracts';
import { isBuiltPath } from '../../../lib/built-routes.ts';

/** Sections of the organization page that exist, for links with a #section (Brackets is not built yet). */
const BUILT_SECTIONS = new Set<string>();

function isBuiltLink(to: string): boolean {
  const hash = to.split('#')[1];
  return isBuiltPath(to) && (hash === undefined || BUILT_SECTIONS.has(hash));
}

export interface QuickLink {
  label: string;
  to: string;
}

/**
 * A hit's quick links (document 3 section 2.6), by the kind of hit. Only links whose page the
 * portal has are returned.
 */
export function quickLinksFor(hit: SearchHit): QuickLink[] {
  const links: QuickLink[] = [];
  const orgId = hit.model === 'organization' ? hit.model_id : hit.organization_id;
  if (hit.filter === 'organization' && orgId !== null) {
    if (hit.contract_id !== null)
      links.push({ label: 'Subscription', to: `/subscriptions/${hit.contract_id}` });
    links.push({ label: 'Locations', to: `/organizations/${orgId}/locations` });
    links.push({ label: 'Users', to: `/users?queryOrganization=${orgId}` });
    // The organization's cases: queryName is a patient's name, never the organization's.
    links.push({ label: 'Patients', to: `/patients-page?queryOrganization=${orgId}` });
    links.push({ label: 'Cases', to: `/organizations/${orgId}/patients` });
    if (hit.onboarding_id !== null)
      links.push({ label: 'Onboarding', to: `/onboardings/${hit.onboarding_id}` });
    links.push({ label: 'Start Case', to: `/organizations/${orgId}/rx-forms/add` });
    links.push({ label: 'Brackets', to: `/organizations/${orgId}#brackets` });
  } else if (hit.filter === 'doctor') {
    links.push({ label: 'Patients', to: `/patients-page?queryUser=${hit.model_id}` });
    if (orgId !== null) links.push({ label: 'Start Case', to: `/organizations/${orgId}/rx-forms/add` });
  } else if (hit.filter === 'location' && orgId !== null) {
    links.push({ label: 'Locations', to: `/organizations/${orgId}/locations` });
  }
  return links.filter((l) => isBuiltLink(l.to));
}

/** Where a hit's name leads, when that page exists. */
export function hitHref(hit: SearchHit): string | null {
  let href: string | null = null;
  if (hit.model === 'user') href = `/users/${hit.model_id}`;
  else if (hit.model === 'organization') href = `/organizations/${hit.model_id}`;
  else if (hit.organization_id !== null)
    href = `/organizations/${hit.organization_id}/locations/${hit.model_id}`;
  return href && isBuiltPath(href) ? href : null;
}
