import type { MarkNotificationReadResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

/** PATCH /notifications/{id}/mark-as-read */
export function markNotificationRead(id: number): Promise<MarkNotificationReadResponse> {
  return api.patch<MarkNotificationReadResponse>(`/notifications/${id}/mark-as-read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
