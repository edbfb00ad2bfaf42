import type { PatientFilesResponse } from '@archline/contracts/patient-files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientFilesKey } from './keys.ts';

/** GET /patients/{id}/files: the sections the caller may see with their files and the caller's gates. */
export function fetchPatientFiles(patientId: number, signal?: AbortSignal): Promise<PatientFilesResponse> {
  return api.get<PatientFilesResponse>(`/patients/${patientId}/files`, { signal });
}

export const patientFilesQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: patientFilesKey(patientId),
    queryFn: ({ signal }) => fetchPatientFiles(patientId, signal),
  });

export function usePatientFiles(patientId: number) {
  return useQuery(patientFilesQueryOptions(patientId));
}
