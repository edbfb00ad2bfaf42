import type { FlawedTrayMessageResponse } from '@archline/contracts/tray-corrections';
import { PATIENT_FILE_TYPES } from '@archline/contracts/patient-files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getUploadLink, putFile } from '../../../lib/api/upload-file.ts';
import { REQUESTS_KEY, requestKey } from './keys.ts';

/**
 * The flawed tray operations of a request. Each answers the tray; the request is fetched again
 * (its group status and modification date follow) and the lists refetch.
 */
function useFlawedTrayMutation<V>(requestId: number, call: (vars: V) => Promise<FlawedTrayMessageResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: requestKey(requestId) });
      void queryClient.invalidateQueries({ queryKey: [...REQUESTS_KEY, 'list'] });
    },
  });
}

/**
 * Correct: the STL goes up through upload_link and its PUT, then POST /flawed_trays/{id}/correct
 * records it as the patient's file together with the tray's change (one transaction).
 */
export const useCorrectFlawedTray = (requestId: number, patientId: number) =>
  useFlawedTrayMutation<{ trayId: number; file: File; onProgress: (percent: number) => void }>(
    requestId,
    async ({ trayId, file, onProgress }) => {
      const link = await getUploadLink({
        name: file.name,
        type: PATIENT_FILE_TYPES.stl,
        patient_id: patientId,
        size: file.size,
      });
      await putFile(link, file, onProgress);
      return api.post<FlawedTrayMessageResponse>(`/flawed_trays/${trayId}/correct`, {
        file_path: link.file_path,
        name: file.name,
      });
    },
  );

/** DELETE /flawed_trays/{id}/corrected_file: Remove File. */
export const useRemoveCorrectedFile = (requestId: number) =>
  useFlawedTrayMutation<number>(requestId, (trayId) =>
    api.delete<FlawedTrayMessageResponse>(`/flawed_trays/${trayId}/corrected_file`),
  );

/** PUT /flawed_trays/{id}: whether the lab prints the corrected tray. */
export const useUpdateFlawedTray = (requestId: number) =>
  useFlawedTrayMutation<{ trayId: number; print: boolean }>(requestId, ({ trayId, print }) =>
    api.put<FlawedTrayMessageResponse>(`/flawed_trays/${trayId}`, { print }),
  );
