import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';

/**
 * POST /printing_requests/{id}/patient_labels: saves the bench's patient labels of a printing
 * request (a PDF, one label per item); the server marks them printed.
 */
export function printPatientLabels(printingRequestId: number): Promise<void> {
  return downloadFile(
    `/printing_requests/${printingRequestId}/patient_labels`,
    `patient-labels-${printingRequestId}.pdf`,
    { method: 'POST' },
  );
}

export function usePrintPatientLabels() {
  // The dialog shows the failure itself.
  return useMutation({ mutationFn: printPatientLabels, meta: { silentError: true } });
}
