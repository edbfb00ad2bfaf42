import type { UpdateUserRequest, UserMessageResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USERS_KEY } from '../../../lib/api/users-keys.ts';

/** PUT /users/{id}: names, e-mail, role and account number. */
export function updateUser({
  id,
  body,
}: {
  id: number;
  body: UpdateUserRequest;
}): Promise<UserMessageResponse> {
  return api.put<UserMessageResponse>(`/users/${id}`, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    // The form shows field errors itself.
    meta: { silentError: true },
  });
}
