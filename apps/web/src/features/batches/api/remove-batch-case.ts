import type { RemoveBatchCaseResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { batchesListKey } from './keys.ts';

export type RemoveBatchCaseResult = z.infer<typeof RemoveBatchCaseResponse>;

/** DELETE /batches/{id}/cases/{caseId}: the last case takes the batch with it (`batch_removed`). */
export function removeBatchCase({ id, caseId }: { id: number; caseId: number }) {
  return api.delete<RemoveBatchCaseResult>(`/batches/${id}/cases/${caseId}`);
}

/** Failures show the server's message (the query client's error snackbar). */
export function useRemoveBatchCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBatchCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchesListKey }),
  });
}
