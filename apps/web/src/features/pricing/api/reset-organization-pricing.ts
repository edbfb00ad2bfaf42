import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PRICING_KEY } from './keys.ts';
import type { PricingResult } from './update-global-pricing.ts';

/** DELETE /organizations/{id}/pricing: the organization goes back to the global prices. */
export function useResetOrganizationPricing(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<PricingResult>(`/organizations/${organizationId}/pricing`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRICING_KEY }),
    meta: { silentError: true },
  });
}
