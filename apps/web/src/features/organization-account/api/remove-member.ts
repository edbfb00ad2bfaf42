import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /organizations/{id}/remove_member {user_id} */
export function removeMember({ organizationId, userId }: { organizationId: number; userId: number }) {
  return api.post<{ message: string }>(`/organizations/${organizationId}/remove_member`, {
    user_id: userId,
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_r, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'members'] }),
  });
}
