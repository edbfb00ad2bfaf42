import type { Pricing } from '@archline/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PRICING_KEY } from './keys.ts';

/** GET /organizations/{id}/pricing: its own list, or the global one (is_custom false). */
export function useOrganizationPricing(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: [...PRICING_KEY, 'organization', organizationId],
    queryFn: async ({ signal }) =>
      (await api.get<{ pricing: Pricing }>(`/organizations/${organizationId}/pricing`, { signal })).pricing,
    enabled,
  });
}
