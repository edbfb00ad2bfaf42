import type { ResetPasswordRequest } from '@archline/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ResetPasswordBody = ResetPasswordRequest;

export function resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/reset', body, { skipUnauthorizedRedirect: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { silentError: true } });
}
