import type {
  AddPaymentMethodRequest,
  PaymentInfoResponse,
  PaymentMethodResponse,
} from '@archline/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type PaymentInfo = PaymentInfoResponse['payment_info'];

export const paymentInfoKey = (organizationId: number) =>
  ['organizations', organizationId, 'payment-info'] as const;

/** GET /organizations/{id}/f_m_payment_infos: the saved payment methods and billing address. */
export async function fetchPaymentInfo(organizationId: number, signal?: AbortSignal): Promise<PaymentInfo> {
  return (
    await api.get<PaymentInfoResponse>(`/organizations/${organizationId}/f_m_payment_infos`, { signal })
  ).payment_info;
}

export const paymentInfoQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: paymentInfoKey(organizationId),
    queryFn: ({ signal }) => fetchPaymentInfo(organizationId, signal),
  });

export function usePaymentInfo(organizationId: number) {
  return useQuery(paymentInfoQueryOptions(organizationId));
}

/** The order's card fee follows the primary method: a change there recalculates the order. */
function refreshAfterChange(queryClient: QueryClient, organizationId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: paymentInfoKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'initial-order'] }),
  ]);
}

/** POST /f_m_payment_methods: saves a token made in the browser (never the card details). */
export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPaymentMethodRequest) =>
      api.post<PaymentMethodResponse>('/f_m_payment_methods', body),
    onSuccess: (_r, body) => refreshAfterChange(queryClient, body.organization_id),
    // The form shows the error itself.
    meta: { silentError: true },
  });
}

/** PUT /f_m_payment_methods/{id} {is_primary: true}. */
export function useMakePrimaryPaymentMethod(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.put<PaymentMethodResponse>(`/f_m_payment_methods/${id}`, { is_primary: true }),
    onSuccess: () => refreshAfterChange(queryClient, organizationId),
  });
}

/** DELETE /f_m_payment_methods/{id}. */
export function useRemovePaymentMethod(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/f_m_payment_methods/${id}`),
    onSuccess: () => refreshAfterChange(queryClient, organizationId),
  });
}
