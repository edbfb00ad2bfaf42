import type { PatientDetails } from '@archline/contracts/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientKey } from './keys.ts';

/** GET /patients/{id}: the patient with its Rx form summary, notes the caller may read and abilities. */
export async function getPatient(id: number, signal?: AbortSignal): Promise<PatientDetails> {
  return (await api.get<{ patient: PatientDetails }>(`/patients/${id}`, { signal })).patient;
}

export const patientQuery = (id: number) =>
  queryOptions({
    queryKey: patientKey(id),
    queryFn: ({ signal }) => getPatient(id, signal),
    meta: { silentError: true },
  });

export function usePatient(id: number) {
  return useQuery(patientQuery(id));
}
