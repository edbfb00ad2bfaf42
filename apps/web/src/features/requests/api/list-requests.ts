import type { ListCustomerRequestsFilters, ListCustomerRequestsResponse } from '@archline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { requestsListKey } from './keys.ts';

export type RequestsQuery = Partial<ListCustomerRequestsFilters>;

/** GET /customer_requests: one page of the requests the caller may see, with the patient's doctor. */
export function fetchRequests(
  query: RequestsQuery,
  signal?: AbortSignal,
): Promise<ListCustomerRequestsResponse> {
  return api.get<ListCustomerRequestsResponse>('/customer_requests', {
    signal,
    query: {
      ...query,
      includes: 'patient.user',
      patient: query.patient || undefined,
      doctor: query.doctor || undefined,
      location_ids: query.location_ids?.length ? query.location_ids.join(',') : undefined,
    },
  });
}

export const requestsQueryOptions = (query: RequestsQuery) =>
  queryOptions({
    queryKey: requestsListKey(query),
    queryFn: ({ signal }) => fetchRequests(query, signal),
    placeholderData: keepPreviousData,
  });

export function useRequests(query: RequestsQuery) {
  return useQuery(requestsQueryOptions(query));
}
