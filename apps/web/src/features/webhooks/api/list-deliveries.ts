import type { ListWebhookDeliveriesResponse, WebhookDelivery } from '@archline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys, webhooksPath } from './keys.ts';

/** GET /organizations/{id}/webhooks/deliveries?page=&per_page= (newest first). Refreshes while any is pending (see below). */
export function useWebhookDeliveries(organizationId: number, page: number, perPage: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(organizationId, page, perPage),
    queryFn: ({ signal }) =>
      api.get<ListWebhookDeliveriesResponse>(
        `${webhooksPath(organizationId)}/deliveries?page=${page}&per_page=${perPage}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => deliveriesRefreshIn(query.state.data?.data ?? [], Date.now()),
  });
}

/**
 * When the delivery log looks again (ms), or false: every 3 s while a delivery waits for its first
 * attempt; else shortly after the earliest retry is due (at least 3 s, at most a minute apart).
 */
export function deliveriesRefreshIn(
  deliveries: readonly Pick<WebhookDelivery, 'status' | 'attempts' | 'next_retry_at'>[],
  now: number,
): number | false {
  const pending = deliveries.filter((d) => d.status === 'pending');
  if (pending.some((d) => d.attempts === 0)) return 3000;
  const due = Math.min(...pending.map((d) => (d.next_retry_at ? Date.parse(d.next_retry_at) : Infinity)));
  if (!Number.isFinite(due)) return false;
  return Math.min(Math.max(due - now + 2000, 3000), 60_000);
}
