import type { Pricing } from '@archline/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PRICING_KEY } from './keys.ts';

/** GET /pricing: the global price list (cents). */
export function useGlobalPricing() {
  return useQuery({
    queryKey: [...PRICING_KEY, 'global'],
    queryFn: async ({ signal }) => (await api.get<{ pricing: Pricing }>('/pricing', { signal })).pricing,
  });
}
