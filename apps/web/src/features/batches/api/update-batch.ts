import type { Batch, UpdateBatchRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { batchesListKey, batchKey } from './keys.ts';

/** PUT /batches/{id}: name, status (sent back unchanged) and notes. */
export function updateBatch({ id, body }: { id: number; body: UpdateBatchRequest }) {
  return api.put<{ message: string; data: Batch }>(`/batches/${id}`, body);
}

export function useUpdateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBatch,
    onSuccess: (result) => {
      queryClient.setQueryData(batchKey(result.data.id), result.data);
      return queryClient.invalidateQueries({ queryKey: batchesListKey });
    },
    // The form puts field errors under their fields and shows the message itself.
    meta: { silentError: true },
  });
}
