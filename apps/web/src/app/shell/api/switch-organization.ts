import type { MeResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../../session/me.ts';

/** PUT /me/current-organization */
export function switchOrganization(organizationId: number): Promise<{ message: string; user: MeResponse }> {
  return api.put<{ message: string; user: MeResponse }>('/me/current-organization', {
    organization_id: organizationId,
  });
}

/**
 * Changes the current organization on the server, then reloads everything that depends on it:
 * the user first (permissions follow the organization), then every other query.
 */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchOrganization,
    onSuccess: async (result) => {
      queryClient.setQueryData(ME_QUERY_KEY, result.user);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
    },
  });
}
