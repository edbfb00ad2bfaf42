import { useSyncExternalStore } from 'react';
import { onClientReset } from '../lib/reset.ts';

/** The organization a management user narrows /patients-page, /subscriptions and /locations to. */
export interface FilterOrganization {
  id: number;
  name: string;
  account_number: string | null;
}

/** The pages whose lists the top-bar organization chip filters (document 1, 2.3). */
export const ORGANIZATION_FILTER_PATHS = ['/patients-page', '/subscriptions', '/locations'] as const;

const STORAGE_KEY = 'archline.organization-filter';
const listeners = new Set<() => void>();

function read(): FilterOrganization | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<FilterOrganization>;
    return typeof value.id === 'number' && typeof value.name === 'string'
      ? { id: value.id, name: value.name, account_number: value.account_number ?? null }
      : null;
  } catch {
    return null;
  }
}

let current: FilterOrganization | null = typeof sessionStorage === 'undefined' ? null : read();

/** Chooses the organization (null: all organizations); kept for the browser tab's session. */
export function setOrganizationFilter(organization: FilterOrganization | null): void {
  current = organization;
  try {
    if (organization) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(organization));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

onClientReset(() => setOrganizationFilter(null));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen organization, or null for all; pages pass its id to their list queries. */
export function useOrganizationFilter(): FilterOrganization | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
