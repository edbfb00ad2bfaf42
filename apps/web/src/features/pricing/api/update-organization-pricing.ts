import type { UpdatePricingRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PRICING_KEY } from './keys.ts';
import type { PricingResult } from './update-global-pricing.ts';

/** PUT /organizations/{id}/pricing: the organization's own price list (cents). */
export function useUpdateOrganizationPricing(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePricingRequest) =>
      api.put<PricingResult>(`/organizations/${organizationId}/pricing`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRICING_KEY }),
    meta: { silentError: true },
  });
}
