import type { SetWebhooksEnabledResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../../session/me.ts';
import { webhookKeys, webhooksPath } from './keys.ts';

/** POST /organizations/{id}/webhooks/set-enable {value} */
export function useSetWebhooksEnabled(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: boolean) =>
      api.post<SetWebhooksEnabledResponse>(`${webhooksPath(organizationId)}/set-enable`, { value }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
  });
}
