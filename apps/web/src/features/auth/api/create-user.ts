import type { CreateUserFromInvitationRequest } from '@archline/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type CreateUserBody = CreateUserFromInvitationRequest;

export function createInvitedUser(body: CreateUserBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/organizations/create_user', body, {
    skipUnauthorizedRedirect: true,
  });
}

export function useCreateInvitedUser() {
  return useMutation({ mutationFn: createInvitedUser, meta: { silentError: true } });
}
