import type { FlagReluJobRequest, PatientFile } from '@archline/contracts/patient-files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientFilesKey } from './keys.ts';

interface ReluJobResult {
  message: string;
  data: PatientFile;
}

/** POST /patient_files/{id}/flag-relu-job */
export function flagReluJob({
  fileId,
  body,
}: {
  fileId: number;
  body: FlagReluJobRequest;
}): Promise<ReluJobResult> {
  return api.post<ReluJobResult>(`/patient_files/${fileId}/flag-relu-job`, body);
}

/** POST /patient_files/{id}/reprocess-relu-job */
export function reprocessReluJob(fileId: number): Promise<ReluJobResult> {
  return api.post<ReluJobResult>(`/patient_files/${fileId}/reprocess-relu-job`);
}

export function useFlagReluJob(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: flagReluJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientFilesKey(patientId) }),
    // The dialog shows the server's field messages itself; other failures as a snackbar there.
    meta: { silentError: true },
  });
}

export function useReprocessReluJob(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessReluJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientFilesKey(patientId) }),
  });
}
