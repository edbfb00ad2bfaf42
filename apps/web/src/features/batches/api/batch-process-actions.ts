import type {
  TechWorkflowProcessMessageResponse,
  UpdateTechWorkflowProcessRequest,
} from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { batchKey } from './keys.ts';

const processPath = (batchId: number, processId: number) =>
  `/batches/${batchId}/workflow/processes/${processId}`;

export type BatchProcessCall =
  | { kind: 'start'; id: number }
  | { kind: 'finish'; id: number }
  | { kind: 'update'; id: number; body: UpdateTechWorkflowProcessRequest };

/** PATCH .../start, PATCH .../finish or PUT (an edit of the assignee and times) of a process of the batch's workflow. */
export function runBatchProcessCall(batchId: number, call: BatchProcessCall) {
  const path = processPath(batchId, call.id);
  switch (call.kind) {
    case 'start':
      return api.patch<TechWorkflowProcessMessageResponse>(`${path}/start`);
    case 'finish':
      return api.patch<TechWorkflowProcessMessageResponse>(`${path}/finish`);
    case 'update':
      return api.put<TechWorkflowProcessMessageResponse>(path, call.body);
  }
}

/**
 * Start, finish or edit a process of the batch's workflow. Success or failure, the batch is read
 * again (its workflow with it): a refused start may mean the workflow changed meanwhile. A failure
 * shows the server's message as a toast unless `silentError` (the edit dialog shows it).
 */
export function useBatchProcessAction(batchId: number, options: { silentError?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: BatchProcessCall) => runBatchProcessCall(batchId, call),
    meta: { silentError: options.silentError ?? false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: batchKey(batchId) }),
  });
}
