import type { BatchWorkflowResponse } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { batchWorkflowKey } from './keys.ts';

/** GET /batches/{id}/workflow: the batch's technician workflow, the user picker, abilities and pending task. */
export function getBatchWorkflow(id: number, signal?: AbortSignal): Promise<BatchWorkflowResponse> {
  return api.get<BatchWorkflowResponse>(`/batches/${id}/workflow`, { signal });
}

export const batchWorkflowQuery = (id: number) =>
  queryOptions({
    queryKey: batchWorkflowKey(id),
    queryFn: ({ signal }) => getBatchWorkflow(id, signal),
    // The card shows the failure itself.
    meta: { silentError: true },
  });

export function useBatchWorkflow(id: number) {
  return useQuery(batchWorkflowQuery(id));
}
