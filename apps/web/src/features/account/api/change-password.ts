import type { ChangePasswordRequest, ChangePasswordResponse } from '@archline/contracts/password-change';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** PUT /profile/password: the own password; the other sessions are signed out. */
export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return api.put<ChangePasswordResponse>('/profile/password', body);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    // The form shows field errors itself.
    meta: { silentError: true },
  });
}
