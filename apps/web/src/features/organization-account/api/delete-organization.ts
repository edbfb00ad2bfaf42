import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../../session/me.ts';

/** DELETE /organizations/{id} (practice users with organization.update). */
export function deleteOrganization(organizationId: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/organizations/${organizationId}`);
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    // The current user's organizations change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
