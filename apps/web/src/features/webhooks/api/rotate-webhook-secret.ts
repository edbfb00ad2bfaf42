import type { WebhookSecretResponse } from '@archline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhooksPath } from './keys.ts';

/** POST /organizations/{id}/webhooks/{webhookId}/rotate-secret: the new secret, this once. */
export function useRotateWebhookSecret(organizationId: number) {
  return useMutation({
    mutationFn: (id: number) =>
      api.post<WebhookSecretResponse>(`${webhooksPath(organizationId)}/${id}/rotate-secret`),
  });
}
