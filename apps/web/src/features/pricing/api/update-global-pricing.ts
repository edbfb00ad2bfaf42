import type { Pricing, UpdatePricingRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PRICING_KEY } from './keys.ts';

export interface PricingResult {
  message: string;
  pricing: Pricing;
}

/** PUT /pricing: the whole global price list (cents). */
export function useUpdateGlobalPricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePricingRequest) => api.put<PricingResult>('/pricing', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRICING_KEY }),
    meta: { silentError: true },
  });
}
