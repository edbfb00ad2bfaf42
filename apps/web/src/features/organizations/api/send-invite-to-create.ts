import type { SendInviteToCreateRequest } from '@archline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /organizations/send_invite_to_create: invites an e-mail to create an organization. */
export function sendInviteToCreate(body: SendInviteToCreateRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/organizations/send_invite_to_create', body);
}

export function useSendInviteToCreate() {
  return useMutation({
    mutationFn: sendInviteToCreate,
    // The form shows field errors itself.
    meta: { silentError: true },
  });
}
