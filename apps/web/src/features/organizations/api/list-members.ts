import type { OrganizationMember } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /organizations/{id}/list_members: the organization's users with their roles. */
export async function listMembers(id: number, signal?: AbortSignal): Promise<OrganizationMember[]> {
  return (await api.get<{ data: OrganizationMember[] }>(`/organizations/${id}/list_members`, { signal }))
    .data;
}

export const membersQueryOptions = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['organizations', id, 'members'] as const,
    queryFn: ({ signal }) => listMembers(id, signal),
    enabled,
  });

export function useMembers(id: number, enabled: boolean) {
  return useQuery(membersQueryOptions(id, enabled));
}
