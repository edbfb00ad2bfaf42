import type {
  TechWorkflowProcessMessageResponse,
  UpdateTechWorkflowProcessRequest,
} from '@archline/contracts/tech-workflows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientWorkflowKey } from './keys.ts';

/** PATCH /tech-workflow-processes/{id}/start */
export const startProcess = (id: number) =>
  api.patch<TechWorkflowProcessMessageResponse>(`/tech-workflow-processes/${id}/start`);
/** PATCH /tech-workflow-processes/{id}/finish */
export const finishProcess = (id: number) =>
  api.patch<TechWorkflowProcessMessageResponse>(`/tech-workflow-processes/${id}/finish`);
/** PUT /tech-workflow-processes/{id}: an admin's edit of the assignee and the times. */
export const updateProcess = (id: number, body: UpdateTechWorkflowProcessRequest) =>
  api.put<TechWorkflowProcessMessageResponse>(`/tech-workflow-processes/${id}`, body);

export type ProcessCall =
  | { kind: 'start'; id: number }
  | { kind: 'finish'; id: number }
  | { kind: 'update'; id: number; body: UpdateTechWorkflowProcessRequest };

function run(call: ProcessCall) {
  switch (call.kind) {
    case 'start':
      return startProcess(call.id);
    case 'finish':
      return finishProcess(call.id);
    case 'update':
      return updateProcess(call.id, call.body);
  }
}

/**
 * Start, finish or edit a process of the page's case. Success or failure, the page is read again:
 * a refused start may mean another process changed meanwhile, or that the caller has a pending task.
 * A failure shows the server's message as a toast unless `silentError` (a dialog that shows it).
 */
export function useProcessAction(patientId: number, options: { silentError?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { silentError: options.silentError ?? false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientWorkflowKey(patientId) }),
  });
}
