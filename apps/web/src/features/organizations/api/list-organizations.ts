import type { OrganizationsListQuery as ListQuery, OrganizationSummary } from '@archline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /organizations parameters as the server reads them (OrganizationsListQuery of the contracts). */
export type OrganizationsListQuery = Pick<ListQuery, 'searchString' | 'orderBy'> & {
  page: number;
  perPage: number;
};

export interface OrganizationsPage {
  data: OrganizationSummary[];
  meta: { current_page: number; per_page: number; total: number; last_page: number };
}

/** GET /organizations: the organizations in the caller's scope, searched and paged. */
export async function listOrganizations(
  query: OrganizationsListQuery,
  signal?: AbortSignal,
): Promise<OrganizationsPage> {
  return (
    await api.get<{ organizations: OrganizationsPage }>('/organizations', { query: { ...query }, signal })
  ).organizations;
}

export const organizationsQueryOptions = (query: OrganizationsListQuery) =>
  queryOptions({
    queryKey: ['organizations', 'list', query] as const,
    queryFn: ({ signal }) => listOrganizations(query, signal),
    placeholderData: keepPreviousData,
  });

export function useOrganizations(query: OrganizationsListQuery) {
  return useQuery(organizationsQueryOptions(query));
}
