import type { ListOnboardingsResponse, OnboardingOrder } from '@archline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ONBOARDINGS_KEY } from './keys.ts';

export interface OnboardingsFilter {
  searchOrganizationName: string;
  /** 1 Pending, 5 In Progress, 10 Completed; undefined: all. */
  status: number | undefined;
  order: OnboardingOrder;
  page: number;
  perPage: number;
}

/** GET /onboardings (management): one page, filtered by organization name and status. */
export function listOnboardings(filter: OnboardingsFilter, signal?: AbortSignal) {
  return api.get<ListOnboardingsResponse>('/onboardings', {
    query: {
      searchOrganizationName: filter.searchOrganizationName || undefined,
      status: filter.status,
      order: filter.order,
      page: filter.page,
      perPage: filter.perPage,
    },
    signal,
  });
}

export const onboardingsQuery = (filter: OnboardingsFilter) =>
  queryOptions({
    queryKey: [...ONBOARDINGS_KEY, 'list', filter],
    queryFn: ({ signal }) => listOnboardings(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useOnboardings(filter: OnboardingsFilter) {
  return useQuery(onboardingsQuery(filter));
}
