import type { HubSearchFilters, HubSearchResponse } from '@archline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The hub search parameters as sent (document 3 section 2.6): the contracts' HubSearchQuery as the
 * server reads it, with the archived flag written as the page's address writes it ('1').
 */
export type HubSearchQuery = Omit<Partial<HubSearchFilters>, 'filter[archived]' | 'page' | 'perPage'> & {
  'filter[archived]'?: '1';
  page: number;
  perPage: number;
};

/** GET /organizations-users: the management hub search over users, organizations and locations. */
export function searchHub(query: HubSearchQuery, signal?: AbortSignal): Promise<HubSearchResponse> {
  return api.get<HubSearchResponse>('/organizations-users', { query: { ...query }, signal });
}

export const hubSearchQueryOptions = (query: HubSearchQuery) =>
  queryOptions({
    queryKey: ['organizations-users', query] as const,
    queryFn: ({ signal }) => searchHub(query, signal),
    placeholderData: keepPreviousData,
  });

export function useHubSearch(query: HubSearchQuery) {
  return useQuery(hubSearchQueryOptions(query));
}
