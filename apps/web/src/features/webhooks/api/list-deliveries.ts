import type { ListWebhookDeliveriesResponse } from '@archline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys, webhooksPath } from './keys.ts';

/** GET /organizations/{id}/webhooks/deliveries?page=&per_page= (newest first). Refreshes while any is pending. */
export function useWebhookDeliveries(organizationId: number, page: number, perPage: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(organizationId, page, perPage),
    queryFn: ({ signal }) =>
      api.get<ListWebhookDeliveriesResponse>(
        `${webhooksPath(organizationId)}/deliveries?page=${page}&per_page=${perPage}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => d.status === 'pending' && d.attempts === 0) ? 3000 : false,
  });
}
