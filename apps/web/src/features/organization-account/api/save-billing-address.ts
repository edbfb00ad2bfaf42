import type { BillingAddress, BillingAddressRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** PUT /organizations/{id}/billing_address */
export function saveBillingAddress({
  organizationId,
  body,
}: {
  organizationId: number;
  body: BillingAddressRequest;
}) {
  return api.put<{ message: string; billing_address: BillingAddress }>(
    `/organizations/${organizationId}/billing_address`,
    body,
  );
}

export function useSaveBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingAddress,
    onSuccess: (_r, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'detail'] }),
    // The form shows field errors itself.
    meta: { silentError: true },
  });
}
