import type { PatientFile, UpdateTrayDesignRequestBody } from '@archline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { REQUESTS_KEY, requestKey } from './keys.ts';

/** GET /patient_files?patient_id: the patient's STL files (the tray design's file choices and names). */
export function usePatientStlFiles(patientId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...REQUESTS_KEY, 'stl-files', patientId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: PatientFile[] }>(`/patient_files?patient_id=${patientId}`, { signal })
        .then((r) => r.data),
    enabled,
  });
}

/** PUT /tray-design-requests/{id}: the maxillary and mandibular files; the request is read again. */
export function useUpdateTrayDesign(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trayDesignId, body }: { trayDesignId: number; body: UpdateTrayDesignRequestBody }) =>
      api.put<{ message: string }>(`/tray-design-requests/${trayDesignId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKey(requestId) }),
  });
}
