import type { PatientFile } from '@archline/contracts/patient-files';
import type { PatientDetails } from '@archline/contracts/patients';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /patients/{id}: the case the viewer opens (its name and case number). */
export function useViewerPatient(id: number | null) {
  return useQuery({
    queryKey: ['viewer', 'patient', id],
    queryFn: async ({ signal }) =>
      (await api.get<{ patient: PatientDetails }>(`/patients/${id}`, { signal })).patient,
    enabled: id !== null,
    retry: false,
    meta: { silentError: true },
  });
}

/** GET /patient_files?patient_id: the case's STL scans. */
export function useViewerStlFiles(id: number | null) {
  return useQuery({
    queryKey: ['viewer', 'stl-files', id],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: PatientFile[] }>(`/patient_files?patient_id=${id}`, { signal })).data,
    enabled: id !== null,
    retry: false,
    meta: { silentError: true },
  });
}

/** GET /patient_files/{id}/download_link: a short-lived address of the file's bytes. */
export async function fetchStlUrl(fileId: number): Promise<string> {
  return (await api.get<{ url: string }>(`/patient_files/${fileId}/download_link`)).url;
}
