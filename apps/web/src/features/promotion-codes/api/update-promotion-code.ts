import type { UpdatePromotionCodeRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { PromotionCodeResult } from './create-promotion-code.ts';
import { PROMOTION_CODES_KEY } from './keys.ts';

/** PUT /promotion-codes/{id}: everything but the code. */
export function useUpdatePromotionCode(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePromotionCodeRequest) =>
      api.put<PromotionCodeResult>(`/promotion-codes/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMOTION_CODES_KEY }),
    meta: { silentError: true },
  });
}
