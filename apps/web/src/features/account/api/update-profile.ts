import type { MeResponse, ProfileUpdateRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../../session/me.ts';

export interface ProfileUpdateResult {
  message: string;
  user: MeResponse;
}

/** PUT /profile: the own first and last name, e-mail and (when allowed) account number. */
export function updateProfile(body: ProfileUpdateRequest): Promise<ProfileUpdateResult> {
  return api.put<ProfileUpdateResult>('/profile', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (result) => queryClient.setQueryData(ME_QUERY_KEY, result.user),
    // The form shows field errors itself.
    meta: { silentError: true },
  });
}
