import type { SettingsResponse } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** GET /settings: global settings the shell needs (activity throttle, promotion flag, name correction). */
export const SETTINGS_QUERY_KEY = ['settings'] as const;

export function fetchSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return api.get<SettingsResponse>('/settings', { signal });
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => fetchSettings(signal),
    staleTime: 10 * 60_000,
    meta: { silentError: true },
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
