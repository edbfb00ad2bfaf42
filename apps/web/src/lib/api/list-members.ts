import type { OrganizationMember } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** GET /organizations/{id}/list_members: the users a location can be assigned to. */
export async function fetchMembers(
  organizationId: number,
  signal?: AbortSignal,
): Promise<OrganizationMember[]> {
  return (
    await api.get<{ data: OrganizationMember[] }>(`/organizations/${organizationId}/list_members`, { signal })
  ).data;
}

export const membersQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'members'],
    queryFn: ({ signal }) => fetchMembers(organizationId!, signal),
    enabled: organizationId !== null,
    meta: { silentError: true },
  });

export function useMembers(organizationId: number | null) {
  return useQuery(membersQueryOptions(organizationId));
}
