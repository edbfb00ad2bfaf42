import type { CreatePatientRequest, CreatePatientResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /patients: a case for a given doctor (user_id), from /users/{userId}/patients/add. */
export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePatientRequest) => api.post<CreatePatientResponse>('/patients', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['patients'] }),
    // The form shows the failure itself (field errors and a toast).
    meta: { silentError: true },
  });
}
