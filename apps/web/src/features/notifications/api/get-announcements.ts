import type { AnnouncementListResponse } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /settings/announcements: what the caller's profile shows (doctor or internal). */
export const ANNOUNCEMENTS_QUERY_KEY = ['announcements'] as const;

export function fetchAnnouncements(signal?: AbortSignal): Promise<AnnouncementListResponse> {
  return api.get<AnnouncementListResponse>('/settings/announcements', { signal });
}

export const announcementsQueryOptions = () =>
  queryOptions({
    queryKey: ANNOUNCEMENTS_QUERY_KEY,
    queryFn: ({ signal }) => fetchAnnouncements(signal),
    staleTime: 5 * 60_000,
  });

export function useAnnouncements(enabled = true) {
  return useQuery({ ...announcementsQueryOptions(), enabled });
}
