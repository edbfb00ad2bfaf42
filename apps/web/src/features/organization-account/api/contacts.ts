import type { Contact, ContactsRequest } from '@archline/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const contactsKey = (organizationId: number) => ['organizations', organizationId, 'contacts'] as const;

/** GET /organizations/{id}/contacts: the additional office staff. */
export async function fetchContacts(organizationId: number, signal?: AbortSignal): Promise<Contact[]> {
  return (await api.get<{ contacts: Contact[] }>(`/organizations/${organizationId}/contacts`, { signal }))
    .contacts;
}

export const contactsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: contactsKey(organizationId),
    queryFn: ({ signal }) => fetchContacts(organizationId, signal),
  });

export function useContacts(organizationId: number) {
  return useQuery(contactsQueryOptions(organizationId));
}

/** PUT /organizations/{id}/contacts: replaces the whole list. */
export function saveContacts({ organizationId, body }: { organizationId: number; body: ContactsRequest }) {
  return api.put<{ message: string; contacts: Contact[] }>(`/organizations/${organizationId}/contacts`, body);
}

export function useSaveContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContacts,
    onSuccess: (result, { organizationId }) =>
      queryClient.setQueryData(contactsKey(organizationId), result.contacts),
    // A failed contact save is silent (spec); field errors show on the form.
    meta: { silentError: true },
  });
}
