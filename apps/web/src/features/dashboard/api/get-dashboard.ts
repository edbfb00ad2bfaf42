import type { DashboardData, DashboardTimeFilter } from '@archline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { DASHBOARD_KEY } from './keys.ts';

export interface DashboardFilter {
  timeFilter: DashboardTimeFilter;
  /** custom only (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

/** The user's (the browser's) IANA time zone: the dashboard's days are the user's days. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** GET /dashboard with today's figures (withLiveData) in the browser's time zone. */
export async function getDashboard(filter: DashboardFilter, signal?: AbortSignal): Promise<DashboardData> {
  const custom = filter.timeFilter === 'custom';
  const res = await api.get<{ data: DashboardData }>('/dashboard', {
    signal,
    query: {
      timeFilter: filter.timeFilter,
      dateFilterFrom: custom ? filter.from : undefined,
      dateFilterTo: custom ? filter.to : undefined,
      timeZone: browserTimeZone(),
      withLiveData: true,
    },
  });
  return res.data;
}

export const dashboardQuery = (filter: DashboardFilter) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, filter],
    queryFn: ({ signal }) => getDashboard(filter, signal),
    placeholderData: keepPreviousData,
    // The server reuses a result for a minute; asking again sooner brings nothing new.
    staleTime: 60_000,
  });

export function useDashboard(filter: DashboardFilter, enabled = true) {
  return useQuery({ ...dashboardQuery(filter), enabled });
}
