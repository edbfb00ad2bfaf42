import type { OrganizationLocation } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /organizations/{id}/list_assigned_locations: the caller's locations in the organization. */
export async function fetchAssignedLocations(
  organizationId: number,
  signal?: AbortSignal,
): Promise<OrganizationLocation[]> {
  return (
    await api.get<{ locations: OrganizationLocation[] }>(
      `/organizations/${organizationId}/list_assigned_locations`,
      { signal },
    )
  ).locations;
}

export const assignedLocationsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'assigned-locations'],
    queryFn: ({ signal }) => fetchAssignedLocations(organizationId, signal),
  });

export function useAssignedLocations(organizationId: number) {
  return useQuery(assignedLocationsQueryOptions(organizationId));
}
