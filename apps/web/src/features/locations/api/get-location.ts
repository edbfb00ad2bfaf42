import type { Location } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LOCATIONS_QUERY_KEY } from '../../../lib/api/list-locations.ts';

/** GET /locations/{id} */
export async function fetchLocation(id: number, signal?: AbortSignal): Promise<Location> {
  return (await api.get<{ location: Location }>(`/locations/${id}`, { signal })).location;
}

export const locationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...LOCATIONS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => fetchLocation(id, signal),
    meta: { silentError: true },
  });

export function useLocation(id: number) {
  return useQuery(locationQueryOptions(id));
}
