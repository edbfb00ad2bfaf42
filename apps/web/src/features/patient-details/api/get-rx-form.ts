import type { RxFormResponse } from '@archline/contracts/rx-forms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rxFormKey } from './keys.ts';

/** GET /rx-forms/{id}: the Rx form with its names, custom values and modification rules. */
export const rxFormQuery = (id: number | null) =>
  queryOptions({
    queryKey: rxFormKey(id ?? 0),
    queryFn: ({ signal }) => api.get<RxFormResponse>(`/rx-forms/${id}`, { signal }),
    enabled: id !== null,
    meta: { silentError: true },
  });

export function useRxForm(id: number | null) {
  return useQuery(rxFormQuery(id));
}
