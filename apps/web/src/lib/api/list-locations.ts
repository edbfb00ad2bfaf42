import type { Location, PaginationMeta } from '@archline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export interface LocationsFilter {
  organizationId?: number;
  locationInfo?: string;
  page: number;
  perPage: number;
}

export interface LocationsPage {
  data: Location[];
  meta: PaginationMeta;
}

export const LOCATIONS_QUERY_KEY = ['locations'] as const;

/** GET /locations: the locations the caller may see (practice users: their assigned ones). */
export async function fetchLocations(filter: LocationsFilter, signal?: AbortSignal): Promise<LocationsPage> {
  const result = await api.get<{ locations: LocationsPage }>('/locations', {
    signal,
    query: {
      organizationId: filter.organizationId,
      locationInfo: filter.locationInfo || undefined,
      page: filter.page,
      per_page: filter.perPage,
    },
  });
  return result.locations;
}

export const locationsQueryOptions = (filter: LocationsFilter) =>
  queryOptions({
    queryKey: [...LOCATIONS_QUERY_KEY, 'list', filter],
    queryFn: ({ signal }) => fetchLocations(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useLocations(filter: LocationsFilter) {
  return useQuery(locationsQueryOptions(filter));
}
