import type { UpdateWebhookRequest, WebhookMessageResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys, webhooksPath } from './keys.ts';

/** PUT /organizations/{id}/webhooks/{webhookId} */
export function useUpdateWebhook(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateWebhookRequest }) =>
      api.put<WebhookMessageResponse>(`${webhooksPath(organizationId)}/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(organizationId) }),
  });
}
