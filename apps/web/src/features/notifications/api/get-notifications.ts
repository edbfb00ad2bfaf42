import type { NotificationListResponse } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /notifications: the first page of the caller's notifications, newest first. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

export function fetchNotifications(signal?: AbortSignal): Promise<NotificationListResponse> {
  return api.get<NotificationListResponse>('/notifications', { signal });
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => fetchNotifications(signal),
    staleTime: 30_000,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
