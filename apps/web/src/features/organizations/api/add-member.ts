import type { AddMemberRequest, OrganizationMember } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /organizations/{id}/add_member: adds an existing user with a role. */
export function addMember(
  organizationId: number,
  body: AddMemberRequest,
): Promise<{ user: OrganizationMember; message: string }> {
  return api.post<{ user: OrganizationMember; message: string }>(
    `/organizations/${organizationId}/add_member`,
    body,
  );
}

export function useAddMember(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddMemberRequest) => addMember(organizationId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['organizations', organizationId] });
      void queryClient.invalidateQueries({ queryKey: ['organizations-users'] });
      void queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] });
    },
    // The dialog shows field errors itself.
    meta: { silentError: true },
  });
}
