import type { QuickGlance } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /organizations/{id}/quick_glance: the organization at a glance (staff). */
export async function fetchQuickGlance(id: number, signal?: AbortSignal): Promise<QuickGlance> {
  return (await api.get<{ data: QuickGlance }>(`/organizations/${id}/quick_glance`, { signal })).data;
}

export const quickGlanceQueryOptions = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['organizations', id, 'quick-glance'] as const,
    queryFn: ({ signal }) => fetchQuickGlance(id, signal),
    enabled,
    staleTime: 60_000,
  });

export function useQuickGlance(id: number, enabled: boolean) {
  return useQuery(quickGlanceQueryOptions(id, enabled));
}
