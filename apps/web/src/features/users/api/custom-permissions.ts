import type { CustomPermissionItem, ToggleCustomPermissionResponse } from '@archline/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USERS_KEY } from '../../../lib/api/users-keys.ts';

const key = (userId: number) => [...USERS_KEY, 'custom-permissions', userId] as const;

/** GET /users/{id}/custom_permissions: the toggles that apply to the user's roles. */
export async function getCustomPermissions(
  userId: number,
  signal?: AbortSignal,
): Promise<CustomPermissionItem[]> {
  return (await api.get<{ data: CustomPermissionItem[] }>(`/users/${userId}/custom_permissions`, { signal }))
    .data;
}

export const customPermissionsQuery = (userId: number) =>
  queryOptions({ queryKey: key(userId), queryFn: ({ signal }) => getCustomPermissions(userId, signal) });

export function useCustomPermissions(userId: number) {
  return useQuery(customPermissionsQuery(userId));
}

/** PUT /users/{id}/toggle_custom_permission: turns one permission on or off. */
export function toggleCustomPermission({ userId, permission }: { userId: number; permission: string }) {
  return api.put<ToggleCustomPermissionResponse>(`/users/${userId}/toggle_custom_permission`, { permission });
}

export function useToggleCustomPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleCustomPermission,
    onSuccess: (result, { userId }) => {
      queryClient.setQueryData<CustomPermissionItem[]>(key(userId), (list) =>
        list?.map((p) => (p.permission === result.permission.permission ? result.permission : p)),
      );
    },
  });
}
