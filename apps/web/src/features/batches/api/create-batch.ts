import type { CreateBatchRequest, CreateBatchResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { batchesListKey } from './keys.ts';

export type CreateBatchResult = z.infer<typeof CreateBatchResponse>;

/** POST /batches: a batch of the given cases; `proceed` confirms unfinished tray generations. */
export function createBatch(body: CreateBatchRequest): Promise<CreateBatchResult> {
  return api.post<CreateBatchResult>('/batches', body);
}

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchesListKey }),
    // The dialog asks for the confirmation, puts field errors under the field, or shows the message.
    meta: { silentError: true },
  });
}
