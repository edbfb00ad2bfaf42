import type { CustomerRequestResponse } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { requestKey } from './keys.ts';

/** GET /customer_requests/{id}: the request with its flawed trays, printing request and tray design. */
export function fetchRequest(id: number, signal?: AbortSignal) {
  return api
    .get<CustomerRequestResponse>(`/customer_requests/${id}`, { signal })
    .then((r) => r.customer_request);
}

export const requestQueryOptions = (id: number) =>
  queryOptions({ queryKey: requestKey(id), queryFn: ({ signal }) => fetchRequest(id, signal) });

export function useCustomerRequest(id: number) {
  return useQuery(requestQueryOptions(id));
}
