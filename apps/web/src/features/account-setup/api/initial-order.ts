import type { InitialOrder, InitialOrderResponse, InitialPurchaseResponse } from '@archline/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /organizations/{id}/calculate_initial_order: the order preview (nothing is saved). */
export async function calculateInitialOrder(
  organizationId: number,
  promoCode: string,
  signal?: AbortSignal,
): Promise<InitialOrder> {
  return (
    await api.post<InitialOrderResponse>(
      `/organizations/${organizationId}/calculate_initial_order`,
      promoCode ? { promo_code: promoCode } : {},
      { signal },
    )
  ).order;
}

export const initialOrderQueryOptions = (organizationId: number, promoCode: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'initial-order', promoCode],
    queryFn: ({ signal }) => calculateInitialOrder(organizationId, promoCode, signal),
    staleTime: 0,
    // A refused promotion code shows on its field.
    meta: { silentError: true },
  });

export function useInitialOrder(organizationId: number, promoCode: string) {
  return useQuery(initialOrderQueryOptions(organizationId, promoCode));
}

/** POST /organizations/{id}/process_initial_purchase: charges the start-up fee, creates the license. */
export function useProcessInitialPurchase() {
  return useMutation({
    mutationFn: ({ organizationId, promoCode }: { organizationId: number; promoCode: string }) =>
      api.post<InitialPurchaseResponse>(
        `/organizations/${organizationId}/process_initial_purchase`,
        promoCode ? { promo_code: promoCode } : {},
      ),
    // The order step shows the failure itself.
    meta: { silentError: true },
  });
}
