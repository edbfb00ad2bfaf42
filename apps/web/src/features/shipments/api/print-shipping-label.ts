import type { PrintShippingLabelBody } from '@archline/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';

/**
 * POST /shipment/print-shipping-label: `{ ids }` buys one label for open printing requests that
 * ship to one location and bundles them; `{ bundled_shipment_id }` prints a bundle's label again.
 * Saves the 4×6 in label (PDF).
 */
export function printShippingLabel(body: PrintShippingLabelBody): Promise<void> {
  const name =
    body.bundled_shipment_id !== undefined
      ? `shipping-label-bundle-${body.bundled_shipment_id}.pdf`
      : `shipping-label-${(body.ids ?? []).join('-')}.pdf`;
  return downloadFile('/shipment/print-shipping-label', name, { method: 'POST', body });
}

export function usePrintShippingLabel() {
  return useMutation({ mutationFn: printShippingLabel, meta: { silentError: true } });
}
