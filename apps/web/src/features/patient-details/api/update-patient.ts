import type { PatientMessageResponse, UpdatePatientRequest } from '@archline/contracts/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PATIENT_LISTS_KEY, patientKey } from './keys.ts';

/** PUT /patients/{id}: the changed fields only (also a single note field). */
export function updatePatient(id: number, body: UpdatePatientRequest): Promise<PatientMessageResponse> {
  return api.put<PatientMessageResponse>(`/patients/${id}`, body);
}

export function useUpdatePatient(id: number, options: { silentError?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePatientRequest) => updatePatient(id, body),
    meta: { silentError: options.silentError ?? false },
    onSuccess: (result) => {
      queryClient.setQueryData(patientKey(id), result.patient);
      void queryClient.invalidateQueries({ queryKey: PATIENT_LISTS_KEY });
    },
  });
}
