import type { Credit, CreditRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organizationQueryKey } from './get-organization.ts';

/** POST /organizations/{id}/credits: grants a credit. */
export function addCredit(id: number, body: CreditRequest): Promise<{ credit: Credit; message: string }> {
  return api.post<{ credit: Credit; message: string }>(`/organizations/${id}/credits`, body);
}

export function useAddCredit(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditRequest) => addCredit(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationQueryKey(id) }),
    meta: { silentError: true },
  });
}
