import type { CreatePromotionCodeRequest, PromotionCode } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PROMOTION_CODES_KEY } from './keys.ts';

export interface PromotionCodeResult {
  message: string;
  promotion_code: PromotionCode;
}

/** POST /promotion-codes */
export function useCreatePromotionCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromotionCodeRequest) => api.post<PromotionCodeResult>('/promotion-codes', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMOTION_CODES_KEY }),
    meta: { silentError: true },
  });
}
