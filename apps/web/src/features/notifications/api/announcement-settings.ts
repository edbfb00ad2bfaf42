import type {
  AnnouncementListResponse,
  UpdateAnnouncementRequest,
  UpdateAnnouncementResponse,
} from '@archline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ANNOUNCEMENTS_QUERY_KEY } from './get-announcements.ts';

const ALL_KEY = [...ANNOUNCEMENTS_QUERY_KEY, 'all'] as const;

/** GET /settings/announcements?scope=all: the doctor and the internal announcement (announcement.update). */
export function useAllAnnouncements() {
  return useQuery({
    queryKey: ALL_KEY,
    queryFn: ({ signal }) =>
      api.get<AnnouncementListResponse>('/settings/announcements?scope=all', { signal }),
  });
}

/** PUT /settings/announcements: sets the announcement of one visibility; an empty body deletes it. */
export function useUpdateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAnnouncementRequest) =>
      api.put<UpdateAnnouncementResponse>('/settings/announcements', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_QUERY_KEY }),
    meta: { silentError: true },
  });
}
