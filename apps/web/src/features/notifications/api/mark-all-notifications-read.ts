import type { MarkAllNotificationsReadResponse, NotificationListResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

/** PATCH /notifications/mark-all-as-read */
export function markAllNotificationsRead(): Promise<MarkAllNotificationsReadResponse> {
  return api.patch<MarkAllNotificationsReadResponse>('/notifications/mark-all-as-read');
}

/** Opening the bell menu marks everything read: the badge clears at once, the list keeps its items. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (result) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<NotificationListResponse>(NOTIFICATIONS_QUERY_KEY, (list) =>
        list
          ? {
              ...list,
              unread_count: result.unread_count,
              data: list.data.map((n) => (n.read_at ? n : { ...n, read_at: now })),
            }
          : list,
      );
    },
  });
}
