import type { OrganizationCreateRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organizationQueryKey } from './get-organization.ts';
import type { OrganizationMessage } from './update-organization.ts';

/** POST /organizations: management creates an organization from the organization form. */
export function createOrganization(body: OrganizationCreateRequest): Promise<OrganizationMessage> {
  return api.post<OrganizationMessage>('/organizations', body);
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: (result) => {
      queryClient.setQueryData(organizationQueryKey(result.organization.id), result.organization);
      void queryClient.invalidateQueries({ queryKey: ['organizations-users'] });
      void queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] });
    },
    // The form shows field errors itself.
    meta: { silentError: true },
  });
}
