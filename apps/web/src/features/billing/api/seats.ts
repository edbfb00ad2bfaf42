import type { BuySeatsRequest, BuySeatsResponse, OrganizationSeatsResponse } from '@archline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { BILLING_KEY, organizationSeatsKey } from './keys.ts';

/** GET /organizations/{id}/seats: the contract's license, whether seats may be bought, the seat price. */
export function useOrganizationSeats(organizationId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: organizationSeatsKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<OrganizationSeatsResponse>(`/organizations/${organizationId}/seats`, { signal }),
  });
}

/** POST /organizations/{id}/buy-seats {quantity}: the license gains them, the current order their price. */
export function useBuySeats(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuySeatsRequest) =>
      api.post<BuySeatsResponse>(`/organizations/${organizationId}/buy-seats`, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
        // The Devices tab's licenses (available seats).
        queryClient.invalidateQueries({ queryKey: ['organizations', organizationId] }),
      ]);
    },
    meta: { silentError: true },
  });
}
