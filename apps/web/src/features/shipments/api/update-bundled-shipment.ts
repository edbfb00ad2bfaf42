import type { BundledShipmentResponse, UpdateBundledShipmentBody } from '@archline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** PATCH /bundled-shipments/{id}: the bundle's tracking number and fees. */
export function updateBundledShipment({
  id,
  body,
}: {
  id: number;
  body: UpdateBundledShipmentBody;
}): Promise<BundledShipmentResponse> {
  return api.patch<BundledShipmentResponse>(`/bundled-shipments/${id}`, body);
}

export function useUpdateBundledShipment() {
  return useMutation({ mutationFn: updateBundledShipment, meta: { silentError: true } });
}
