import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface OrganizationTypeOption {
  id: number;
  name: string;
}

/** GET /organization/types: the organization type filter's choices. */
export function useOrganizationTypes() {
  return useQuery({
    queryKey: ['organizations', 'types'],
    queryFn: ({ signal }) =>
      api.get<{ data: OrganizationTypeOption[] }>('/organization/types', { signal }).then((r) => r.data),
    staleTime: 10 * 60_000,
  });
}
