import type { PaymentInfoResponse, PaymentMethodResponse, UpdateExpiryRequest } from '@archline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organizationContractKey, paymentInfoKey } from './keys.ts';

export type PaymentInfo = PaymentInfoResponse['payment_info'];

/** GET /organizations/{id}/f_m_payment_infos: the payment methods of the organization. */
export function usePaymentInfo(organizationId: number) {
  return useQuery({
    queryKey: paymentInfoKey(organizationId),
    queryFn: async ({ signal }) =>
      (await api.get<PaymentInfoResponse>(`/organizations/${organizationId}/f_m_payment_infos`, { signal }))
        .payment_info,
  });
}

function useRefresh(organizationId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentInfoKey(organizationId) }),
      queryClient.invalidateQueries({ queryKey: organizationContractKey(organizationId) }),
    ]);
}

/** PUT /f_m_payment_methods/{id} {is_primary: true}. */
export function useMakePrimary(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (id: number) =>
      api.put<PaymentMethodResponse>(`/f_m_payment_methods/${id}`, { is_primary: true }),
    onSuccess: refresh,
  });
}

/** DELETE /f_m_payment_methods/{id}. */
export function useRemovePaymentMethod(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/f_m_payment_methods/${id}`),
    onSuccess: refresh,
  });
}

/** PUT /f_m_payment_methods/{id}/update_exp_date {card_exp_datetime: 'YYYY-MM'}. */
export function useUpdateExpiry(organizationId: number) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateExpiryRequest & { id: number }) =>
      api.put<PaymentMethodResponse>(`/f_m_payment_methods/${id}/update_exp_date`, body),
    onSuccess: refresh,
    // The dialog shows the error itself.
    meta: { silentError: true },
  });
}
