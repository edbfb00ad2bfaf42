import type { PatientWorkflowResponse } from '@archline/contracts/tech-workflows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientWorkflowKey } from './keys.ts';

/** GET /patients/{id}/tech-workflows: the case header, its workflows, its requests and the caller's pending task. */
export function getPatientWorkflow(
  patientId: number,
  signal?: AbortSignal,
): Promise<PatientWorkflowResponse> {
  return api.get<PatientWorkflowResponse>(`/patients/${patientId}/tech-workflows`, { signal });
}

export const patientWorkflowQuery = (patientId: number) =>
  queryOptions({
    queryKey: patientWorkflowKey(patientId),
    queryFn: ({ signal }) => getPatientWorkflow(patientId, signal),
    meta: { silentError: true },
  });

export function usePatientWorkflow(patientId: number) {
  return useQuery(patientWorkflowQuery(patientId));
}
