import type { InviteMemberRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /organizations/{id}/invite {email, role}: e-mails an invitation to join the organization. */
export function inviteMember({
  organizationId,
  body,
}: {
  organizationId: number;
  body: InviteMemberRequest;
}): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/organizations/${organizationId}/invite`, body);
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: (_r, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: ['organizations', organizationId] }),
    // The form shows field errors itself.
    meta: { silentError: true },
  });
}
