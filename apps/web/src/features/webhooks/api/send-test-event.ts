import type { WebhookTestResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys, webhooksPath } from './keys.ts';

/** POST /organizations/{id}/webhooks/{webhookId}/test: queues a ping delivery. */
export function useSendTestEvent(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<WebhookTestResponse>(`${webhooksPath(organizationId)}/${id}/test`),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...webhookKeys.all(organizationId), 'deliveries'] }),
  });
}
