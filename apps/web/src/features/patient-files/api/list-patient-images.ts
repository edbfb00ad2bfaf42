import type { PatientImage } from '@archline/contracts/patient-files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientFilesKey } from './keys.ts';

/** GET /patients/{id}/images: signed inline addresses of the patient's images. */
export async function fetchPatientImages(patientId: number, signal?: AbortSignal): Promise<PatientImage[]> {
  return (await api.get<{ images: PatientImage[] }>(`/patients/${patientId}/images`, { signal })).images;
}

/** Under the files key, so every upload or delete refreshes the grid too. */
export const patientImagesQueryOptions = (patientId: number, enabled: boolean) =>
  queryOptions({
    queryKey: [...patientFilesKey(patientId), 'images'],
    queryFn: ({ signal }) => fetchPatientImages(patientId, signal),
    enabled,
    // The addresses expire: never show stale ones after a while.
    staleTime: 60_000,
  });

export function usePatientImages(patientId: number, enabled: boolean) {
  return useQuery(patientImagesQueryOptions(patientId, enabled));
}
