import type { OrganizationDetail } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /organizations/{id}: the organization with its payment info (billing address). */
export async function fetchOrganization(
  organizationId: number,
  signal?: AbortSignal,
): Promise<OrganizationDetail> {
  return (await api.get<{ organization: OrganizationDetail }>(`/organizations/${organizationId}`, { signal }))
    .organization;
}

export const organizationQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'detail'],
    queryFn: ({ signal }) => fetchOrganization(organizationId, signal),
  });

export function useOrganization(organizationId: number) {
  return useQuery(organizationQueryOptions(organizationId));
}
