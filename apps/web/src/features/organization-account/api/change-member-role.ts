import type { ChangeRoleRequest, OrganizationMember } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /organizations/{id}/change_role {user_id, role} */
export function changeMemberRole({
  organizationId,
  body,
}: {
  organizationId: number;
  body: ChangeRoleRequest;
}) {
  return api.post<{ message: string; user: OrganizationMember }>(
    `/organizations/${organizationId}/change_role`,
    body,
  );
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSuccess: (_r, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'members'] }),
  });
}
