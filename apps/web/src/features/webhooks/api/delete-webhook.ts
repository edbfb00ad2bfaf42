import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys, webhooksPath } from './keys.ts';

/** DELETE /organizations/{id}/webhooks/{webhookId} */
export function useDeleteWebhook(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${webhooksPath(organizationId)}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(organizationId) }),
  });
}
