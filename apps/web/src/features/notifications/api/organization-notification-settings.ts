import type {
  OrganizationNotificationSettingsResponse,
  UpdateOrganizationNotificationSettingsRequest,
  UpdateOrganizationNotificationSettingsResponse,
} from '@archline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const keyOf = (organizationId: number) => ['organizations', organizationId, 'notification-settings'] as const;

/** GET /organizations/{id}/notification-settings: every key with its e-mail and text settings. */
export function useOrganizationNotificationSettings(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: keyOf(organizationId),
    queryFn: ({ signal }) =>
      api.get<OrganizationNotificationSettingsResponse>(
        `/organizations/${organizationId}/notification-settings`,
        { signal },
      ),
    enabled,
  });
}

/** PUT /organizations/{id}/notification-settings: the keys given (others keep theirs). */
export function useUpdateOrganizationNotificationSettings(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<UpdateOrganizationNotificationSettingsRequest>) =>
      api.put<UpdateOrganizationNotificationSettingsResponse>(
        `/organizations/${organizationId}/notification-settings`,
        body,
      ),
    onSuccess: (result) =>
      queryClient.setQueryData(keyOf(organizationId), { data: result.data, metadata: result.metadata }),
    meta: { silentError: true },
  });
}
