import type {
  RequestTrayCorrectionBody,
  RequestTrayCorrectionResponse,
  TrayCorrectionStatusResponse,
} from '@archline/contracts/tray-corrections';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PATIENT_LISTS_KEY, patientKey, trayCorrectionKey } from './keys.ts';

export type TrayCorrectionStatus = TrayCorrectionStatusResponse['tray_correction'];

/** GET /patients/{id}/tray-correction: whether Request Tray Correction is offered, and the requests. */
export const trayCorrectionQuery = (patientId: number) =>
  queryOptions({
    queryKey: trayCorrectionKey(patientId),
    queryFn: async ({ signal }) =>
      (await api.get<TrayCorrectionStatusResponse>(`/patients/${patientId}/tray-correction`, { signal }))
        .tray_correction,
    meta: { silentError: true },
  });

export function useTrayCorrection(patientId: number) {
  return useQuery(trayCorrectionQuery(patientId));
}

/** POST /organizations/{id}/arch: the correction of the ticked arches. */
export const requestTrayCorrection = (organizationId: number, body: RequestTrayCorrectionBody) =>
  api.post<RequestTrayCorrectionResponse>(`/organizations/${organizationId}/arch`, body);

export function useRequestTrayCorrection(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog shows the refusal itself.
    meta: { silentError: true },
    mutationFn: (v: { organizationId: number; body: RequestTrayCorrectionBody }) =>
      requestTrayCorrection(v.organizationId, v.body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trayCorrectionKey(patientId) });
      void queryClient.invalidateQueries({ queryKey: patientKey(patientId) });
      void queryClient.invalidateQueries({ queryKey: PATIENT_LISTS_KEY });
    },
  });
}
