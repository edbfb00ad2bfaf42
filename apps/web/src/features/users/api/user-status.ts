import type { UserMessageResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USERS_KEY } from '../../../lib/api/users-keys.ts';

/** PUT /users/{id}/archive */
export function archiveUser(id: number): Promise<UserMessageResponse> {
  return api.put<UserMessageResponse>(`/users/${id}/archive`);
}

/** PUT /users/{id}/restore */
export function restoreUser(id: number): Promise<UserMessageResponse> {
  return api.put<UserMessageResponse>(`/users/${id}/restore`);
}

export function useArchiveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export function useRestoreUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
