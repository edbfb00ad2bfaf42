import type { PromotionCode } from '@archline/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PROMOTION_CODES_KEY } from './keys.ts';

/** GET /promotion-codes/{id} */
export function usePromotionCode(id: number) {
  return useQuery({
    queryKey: [...PROMOTION_CODES_KEY, 'one', id],
    queryFn: async ({ signal }) =>
      (await api.get<{ promotion_code: PromotionCode }>(`/promotion-codes/${id}`, { signal })).promotion_code,
    enabled: Number.isInteger(id) && id > 0,
  });
}
