import type { CreateUserRequest, UserMessageResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USERS_KEY } from '../../../lib/api/users-keys.ts';

/** POST /users: the new user receives an e-mail with an initial password. */
export function createUser(body: CreateUserRequest): Promise<UserMessageResponse> {
  return api.post<UserMessageResponse>('/users', body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    meta: { silentError: true },
  });
}
