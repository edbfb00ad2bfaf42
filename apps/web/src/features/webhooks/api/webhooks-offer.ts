import type { SetWebhooksOfferResponse, WebhooksOfferResponse } from '@archline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys, webhooksPath } from './keys.ts';

/** GET /organizations/{id}/webhooks/offer (management) */
export function useWebhooksOffer(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: webhookKeys.offer(organizationId),
    queryFn: () => api.get<WebhooksOfferResponse>(`${webhooksPath(organizationId)}/offer`),
    enabled,
  });
}

/** PUT /organizations/{id}/webhooks/offer {offered} (management) */
export function useSetWebhooksOffer(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offered: boolean) =>
      api.put<SetWebhooksOfferResponse>(`${webhooksPath(organizationId)}/offer`, { offered }),
    onSuccess: (data) => {
      queryClient.setQueryData(webhookKeys.offer(organizationId), {
        offered: data.offered,
        enabled: data.enabled,
        endpoints: data.endpoints,
      });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.all(organizationId) });
    },
  });
}
