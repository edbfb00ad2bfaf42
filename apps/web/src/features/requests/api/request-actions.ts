import type {
  AssignPrintingRequestBody,
  CompleteCustomerRequestBody,
  CustomerRequestMessageResponse,
  UpdateShippingBody,
} from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { REQUESTS_KEY, requestKey } from './keys.ts';

/** Every write answers the request as it now is: it replaces the cached one and the lists refetch. */
function useRequestMutation<V>(
  requestId: number,
  call: (vars: V) => Promise<CustomerRequestMessageResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      queryClient.setQueryData(requestKey(requestId), result.customer_request);
      void queryClient.invalidateQueries({ queryKey: [...REQUESTS_KEY, 'list'] });
    },
  });
}

/** POST /customer_requests/{id}/cancel */
export const useCancelRequest = (id: number) =>
  useRequestMutation<void>(id, () => api.post(`/customer_requests/${id}/cancel`, {}));

/** POST /customer_requests/{id}/complete (a tracking number when there is a printing request) */
export const useCompleteRequest = (id: number) =>
  useRequestMutation<CompleteCustomerRequestBody>(id, (body) =>
    api.post(`/customer_requests/${id}/complete`, body),
  );

/** PUT /printing_request_items/{itemId} */
export const useUpdateItem = (id: number) =>
  useRequestMutation<{ itemId: number; insert_brackets: boolean }>(id, ({ itemId, insert_brackets }) =>
    api.put(`/printing_request_items/${itemId}`, { insert_brackets }),
  );

/** DELETE /printing_request_items/{itemId} */
export const useDeleteItem = (id: number) =>
  useRequestMutation<number>(id, (itemId) => api.delete(`/printing_request_items/${itemId}`));

/** PUT /printing_requests/{printingRequestId}/shipping */
export const useUpdateShipping = (id: number) =>
  useRequestMutation<{ printingRequestId: number; body: UpdateShippingBody }>(
    id,
    ({ printingRequestId, body }) => api.put(`/printing_requests/${printingRequestId}/shipping`, body),
  );

/** PUT /printing_requests/{printingRequestId}/assign (only while the request is new) */
export const useAssignPrinting = (id: number) =>
  useRequestMutation<{ printingRequestId: number; body: AssignPrintingRequestBody }>(
    id,
    ({ printingRequestId, body }) => api.put(`/printing_requests/${printingRequestId}/assign`, body),
  );

/** PUT /customer_requests/{id}/management_data (the whole record: the staff's note and the rest) */
export const useUpdateManagementData = (id: number) =>
  useRequestMutation<Record<string, unknown>>(id, (management_data) =>
    api.put(`/customer_requests/${id}/management_data`, { management_data }),
  );

/** POST /printing_requests/{id}/patient_labels: saves the bench labels (PDF); the request then shows them printed. */
export function usePrintPatientLabels(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (printingRequestId: number) =>
      downloadFile(
        `/printing_requests/${printingRequestId}/patient_labels`,
        `patient-labels-${printingRequestId}.pdf`,
        {
          method: 'POST',
        },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: requestKey(requestId) }),
  });
}

/** POST /shipment/print-shipping-label: saves the 4×6 in label (PDF); the request then shows its tracking number. */
export function usePrintShippingLabel(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (printingRequestId: number) =>
      downloadFile('/shipment/print-shipping-label', `shipping-label-${printingRequestId}.pdf`, {
        method: 'POST',
        body: { ids: [printingRequestId] },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: requestKey(requestId) }),
  });
}
