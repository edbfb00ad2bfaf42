import type { BundledCompletionBody, BundledShipmentResponse } from '@archline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /bundled_completion: completes the printing requests that ship together in one parcel,
 * with its tracking number (and the fees, for those who may apply them).
 */
export function completeBundledShipment(body: BundledCompletionBody): Promise<BundledShipmentResponse> {
  return api.post<BundledShipmentResponse>('/bundled_completion', body);
}

export function useCompleteBundledShipment() {
  // The dialog puts field errors under the fields and shows any other message.
  return useMutation({ mutationFn: completeBundledShipment, meta: { silentError: true } });
}
