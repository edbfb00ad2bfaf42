import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organizationQueryKey } from './get-organization.ts';
import type { OrganizationMessage } from './update-organization.ts';

/** PUT /organizations/{id}/archive or /un-archive. */
export function setOrganizationArchived(id: number, archived: boolean): Promise<OrganizationMessage> {
  return api.put<OrganizationMessage>(`/organizations/${id}/${archived ? 'archive' : 'un-archive'}`);
}

export function useSetOrganizationArchived(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archived: boolean) => setOrganizationArchived(id, archived),
    onSuccess: (result) => {
      queryClient.setQueryData(organizationQueryKey(id), result.organization);
      void queryClient.invalidateQueries({ queryKey: ['organizations-users'] });
      void queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] });
    },
  });
}
