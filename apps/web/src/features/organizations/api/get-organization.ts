import type { OrganizationDetail } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /organizations/{id}: the organization with users, credits, contract and locations. */
export async function fetchOrganization(id: number, signal?: AbortSignal): Promise<OrganizationDetail> {
  return (await api.get<{ organization: OrganizationDetail }>(`/organizations/${id}`, { signal }))
    .organization;
}

export const organizationQueryKey = (id: number) => ['organizations', id, 'detail'] as const;

export const organizationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: organizationQueryKey(id),
    queryFn: ({ signal }) => fetchOrganization(id, signal),
    meta: { silentError: true },
  });

export function useOrganization(id: number) {
  return useQuery(organizationQueryOptions(id));
}
