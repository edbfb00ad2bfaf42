import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientFilesKey, patientKey } from './keys.ts';

/** DELETE /patient_files/{id} */
export function deletePatientFile(fileId: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/patient_files/${fileId}`);
}

export function useDeletePatientFile(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatientFile,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: patientFilesKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: patientKey(patientId) }),
      ]),
  });
}
