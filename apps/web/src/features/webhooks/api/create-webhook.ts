import type { CreateWebhookRequest, WebhookSecretResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys, webhooksPath } from './keys.ts';

/** POST /organizations/{id}/webhooks: the answer carries the signing secret, this once. */
export function useCreateWebhook(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) =>
      api.post<WebhookSecretResponse>(webhooksPath(organizationId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(organizationId) }),
  });
}
