import type { InviteMemberRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { OrganizationMessage } from './update-organization.ts';

/** POST /organizations/{id}/invite: e-mails an invitation to join as owner or member. */
export function inviteMember(
  organizationId: number,
  body: InviteMemberRequest,
): Promise<OrganizationMessage> {
  return api.post<OrganizationMessage>(`/organizations/${organizationId}/invite`, body);
}

export function useInviteMember(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMemberRequest) => inviteMember(organizationId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['organizations', organizationId] });
    },
    // The dialog shows field errors itself.
    meta: { silentError: true },
  });
}
