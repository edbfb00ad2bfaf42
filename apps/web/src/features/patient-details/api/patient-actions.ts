import type {
  ArchivePatientRequest,
  CaseReversalCheckResponse,
  DeletePatientRequest,
  PatientDetails,
  PatientMessageResponse,
  ToggleHoldRequest,
} from '@archline/contracts/patients';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { caseReversalCheckKey, onHoldNotesKey, PATIENT_LISTS_KEY, patientKey } from './keys.ts';

/** PUT /patients/{id}/toggle_hold: hold or unhold with the reason dialog's name and reason. */
export const toggleHold = (id: number, body: ToggleHoldRequest) =>
  api.put<PatientMessageResponse>(`/patients/${id}/toggle_hold`, body);
/** PUT /patients/{id}/archive */
export const archivePatient = (id: number, body: ArchivePatientRequest) =>
  api.put<PatientMessageResponse>(`/patients/${id}/archive`, body);
/** DELETE /patients/{id} with the name and reason in the body. */
export const deletePatient = (id: number, body: DeletePatientRequest) =>
  apiRequest<PatientMessageResponse>(`/patients/${id}`, { method: 'DELETE', body });
/** POST /patients/{id}/restore */
export const restorePatient = (id: number) => api.post<PatientMessageResponse>(`/patients/${id}/restore`);
/** POST /patients/{id}/complete_setup */
export const completePatient = (id: number) =>
  api.post<PatientMessageResponse>(`/patients/${id}/complete_setup`);
/** POST /patients/{id}/case-reversal */
export const reverseCase = (id: number) =>
  api.post<PatientMessageResponse>(`/patients/${id}/case-reversal`, {});
/** POST /patients/{id}/restore-backup-ios */
export const restoreBackupIos = (id: number) =>
  api.post<{ patient: PatientDetails; message: string }>(`/patients/${id}/restore-backup-ios`);
/** POST /rx-forms/{id}/mark_as_ready: Notify doctor. */
export const markRxFormAsReady = (rxFormId: number) =>
  api.post<{ message: string }>(`/rx-forms/${rxFormId}/mark_as_ready`);

/** GET /patients/{id}/case-reversal/check: whether Reverse case is offered, and its warnings. */
export const caseReversalCheckQuery = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: caseReversalCheckKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<CaseReversalCheckResponse>(`/patients/${id}/case-reversal/check`, { signal })).data,
    enabled,
    meta: { silentError: true },
  });

export function useCaseReversalCheck(id: number, enabled: boolean) {
  return useQuery(caseReversalCheckQuery(id, enabled));
}

export type PatientActionCall =
  | { kind: 'hold'; body: ToggleHoldRequest }
  | { kind: 'archive'; body: ArchivePatientRequest }
  | { kind: 'delete'; body: DeletePatientRequest }
  | { kind: 'restore' }
  | { kind: 'complete' }
  | { kind: 'reverse' }
  | { kind: 'restore_backup_ios' }
  | { kind: 'notify'; rxFormId: number };

function run(id: number, call: PatientActionCall): Promise<{ message: string; patient?: PatientDetails }> {
  switch (call.kind) {
    case 'hold':
      return toggleHold(id, call.body);
    case 'archive':
      return archivePatient(id, call.body);
    case 'delete':
      return deletePatient(id, call.body);
    case 'restore':
      return restorePatient(id);
    case 'complete':
      return completePatient(id);
    case 'reverse':
      return reverseCase(id);
    case 'restore_backup_ios':
      return restoreBackupIos(id);
    case 'notify':
      return markRxFormAsReady(call.rxFormId);
  }
}

/** Every action of the details page; the server's message shows on success and on failure. */
export function usePatientAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: PatientActionCall) => run(id, call),
    onSuccess: (result) => {
      if (result.patient) queryClient.setQueryData(patientKey(id), result.patient);
      void queryClient.invalidateQueries({ queryKey: patientKey(id) });
      void queryClient.invalidateQueries({ queryKey: onHoldNotesKey(id) });
      void queryClient.invalidateQueries({ queryKey: caseReversalCheckKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['patient-files', id] });
      void queryClient.invalidateQueries({ queryKey: ['rx-form'] });
      void queryClient.invalidateQueries({ queryKey: PATIENT_LISTS_KEY });
    },
  });
}
