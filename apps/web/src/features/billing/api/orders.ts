import type {
  AddDiscountOrChargeRequest,
  CurrentOrderResponse,
  OrderMessageResponse,
  OrdersResponse,
  OrganizationContractResponse,
} from '@archline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { BILLING_KEY, currentOrderKey, organizationContractKey, organizationOrdersKey } from './keys.ts';

/** GET /organizations/{id}/contract: the subscription summary (next payment date). */
export function useOrganizationContract(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: organizationContractKey(organizationId),
    queryFn: async ({ signal }) =>
      (await api.get<OrganizationContractResponse>(`/organizations/${organizationId}/contract`, { signal }))
        .contract,
    enabled,
  });
}

/** GET /organizations/{id}/list_orders: every order, newest first. */
export function useOrganizationOrders(organizationId: number) {
  return useQuery({
    queryKey: organizationOrdersKey(organizationId),
    queryFn: async ({ signal }) =>
      (await api.get<OrdersResponse>(`/organizations/${organizationId}/list_orders`, { signal })).orders,
  });
}

/** GET /organizations/{id}/current_order: the open order, or null. */
export function useCurrentOrder(organizationId: number) {
  return useQuery({
    queryKey: currentOrderKey(organizationId),
    queryFn: async ({ signal }) =>
      (await api.get<CurrentOrderResponse>(`/organizations/${organizationId}/current_order`, { signal }))
        .order,
  });
}

/** POST /orders/{id}/add_discount_or_charge (value in cents: negative for a discount). */
export function useAddDiscountOrCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: AddDiscountOrChargeRequest & { orderId: number }) =>
      api.post<OrderMessageResponse>(`/orders/${orderId}/add_discount_or_charge`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
    meta: { silentError: true },
  });
}

/** POST /orders/{id}/remove_discount {discount_id} or remove_charge {charge_id}. */
export function useRemoveAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, kind, id }: { orderId: number; kind: 'discount' | 'charge'; id: number }) =>
      api.post<OrderMessageResponse>(
        `/orders/${orderId}/remove_${kind}`,
        kind === 'discount' ? { discount_id: id } : { charge_id: id },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
