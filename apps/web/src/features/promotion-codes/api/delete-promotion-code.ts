import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PROMOTION_CODES_KEY } from './keys.ts';

/** DELETE /promotion-codes/{id} (promotion-codes.manage). */
export function useDeletePromotionCode(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/promotion-codes/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMOTION_CODES_KEY }),
    meta: { silentError: true },
  });
}
