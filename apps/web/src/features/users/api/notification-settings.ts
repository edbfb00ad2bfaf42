import type { NotificationSetting } from '@archline/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USERS_KEY } from '../../../lib/api/users-keys.ts';

const key = (userId: number) => [...USERS_KEY, 'notification-settings', userId] as const;

/** GET /users/{id}/notification-settings: one entry per key that applies to the user. */
export async function getNotificationSettings(
  userId: number,
  signal?: AbortSignal,
): Promise<NotificationSetting[]> {
  return (
    await api.get<{ data: NotificationSetting[] }>(`/users/${userId}/notification-settings`, { signal })
  ).data;
}

export const notificationSettingsQuery = (userId: number) =>
  queryOptions({ queryKey: key(userId), queryFn: ({ signal }) => getNotificationSettings(userId, signal) });

export function useNotificationSettings(userId: number) {
  return useQuery(notificationSettingsQuery(userId));
}

/** PUT /users/{id}/notification-settings/toggle: turns one setting on or off. */
export function toggleNotificationSetting({ userId, name }: { userId: number; name: string }) {
  return api.put<{ message: string; data: NotificationSetting }>(
    `/users/${userId}/notification-settings/toggle`,
    { name },
  );
}

export function useToggleNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleNotificationSetting,
    onSuccess: (result, { userId }) =>
      queryClient.setQueryData<NotificationSetting[]>(key(userId), (list) =>
        list?.map((s) => (s.name === result.data.name ? result.data : s)),
      ),
  });
}
