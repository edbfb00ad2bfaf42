import type { ListWebhooksResponse } from '@archline/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys, webhooksPath } from './keys.ts';

/** GET /organizations/{id}/webhooks */
export function useWebhooks(organizationId: number) {
  return useQuery({
    queryKey: webhookKeys.endpoints(organizationId),
    queryFn: ({ signal }) => api.get<ListWebhooksResponse>(webhooksPath(organizationId), { signal }),
  });
}
