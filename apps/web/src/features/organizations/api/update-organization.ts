import type { OrganizationDetail, OrganizationUpdateRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organizationQueryKey } from './get-organization.ts';

export interface OrganizationMessage {
  organization: OrganizationDetail;
  message: string;
}

/** PUT /organizations/{id}: the Organization Information form and the EasyRx practice id. */
export function updateOrganization(
  id: number,
  body: OrganizationUpdateRequest,
): Promise<OrganizationMessage> {
  return api.put<OrganizationMessage>(`/organizations/${id}`, body);
}

export function useUpdateOrganization(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationUpdateRequest) => updateOrganization(id, body),
    onSuccess: (result) => {
      queryClient.setQueryData(organizationQueryKey(id), result.organization);
      void queryClient.invalidateQueries({ queryKey: ['organizations-users'] });
      void queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] });
    },
    // The forms show field errors themselves.
    meta: { silentError: true },
  });
}
