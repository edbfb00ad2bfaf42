import type { ListPatientsFilters, ListPatientsResponse, PatientCounts } from '@archline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /patients filters as the server reads them (ListPatientsFilters, the parsed ListPatientsQuery
 * of @archline/contracts); the API client writes them into the address, empty values left out.
 */
export type PatientsQuery = Partial<ListPatientsFilters>;

export const PATIENTS_QUERY_KEY = ['patients'] as const;

function toQuery(query: Partial<PatientsQuery>) {
  return {
    ...query,
    search: query.search || undefined,
    doctor: query.doctor || undefined,
    organization: query.organization || undefined,
    location_ids: query.location_ids?.length ? query.location_ids.join(',') : undefined,
  };
}

/** GET /patients: one page of the patients the caller may see. */
export function fetchPatients(query: PatientsQuery, signal?: AbortSignal): Promise<ListPatientsResponse> {
  return api.get<ListPatientsResponse>('/patients', { signal, query: toQuery(query) });
}

export const patientsQueryOptions = (query: PatientsQuery) =>
  queryOptions({
    queryKey: [...PATIENTS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => fetchPatients(query, signal),
    placeholderData: keepPreviousData,
  });

export function usePatients(query: PatientsQuery, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...patientsQueryOptions(query), refetchInterval: options.refetchInterval ?? false });
}

export type PatientCountsFilter = Pick<PatientsQuery, 'search' | 'doctor' | 'location_ids'>;

/** GET /organizations/{id}/patient_counts_per_status: the status tab counts of the practice. */
export function fetchPatientCounts(
  organizationId: number,
  filter: PatientCountsFilter,
  signal?: AbortSignal,
): Promise<PatientCounts> {
  return api
    .get<{ counts: PatientCounts }>(`/organizations/${organizationId}/patient_counts_per_status`, {
      signal,
      query: toQuery(filter),
    })
    .then((r) => r.counts);
}

export function usePatientCounts(organizationId: number | null, filter: PatientCountsFilter) {
  return useQuery({
    queryKey: [...PATIENTS_QUERY_KEY, 'counts', organizationId, filter],
    queryFn: ({ signal }) => fetchPatientCounts(organizationId as number, filter, signal),
    enabled: organizationId !== null,
    placeholderData: keepPreviousData,
  });
}
