import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccessHistoryResponse, AccessHistoryUsersResponse } from '@archline/contracts/access-history';
import { api } from '../../../lib/api-client.ts';

/** GET /patients/{id}/access-history: one page of who read or changed the patient. */
export function useAccessHistory(
  patientId: number,
  q: { page: number; perPage: number; userId: number | null },
) {
  return useQuery({
    queryKey: ['access-history', patientId, q],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(q.page), per_page: String(q.perPage) });
      if (q.userId !== null) params.set('user_id', String(q.userId));
      return api.get<AccessHistoryResponse>(`/patients/${patientId}/access-history?${params}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** The users in the patient's access history (the filter's choices). */
export function useAccessHistoryUsers(patientId: number) {
  return useQuery({
    queryKey: ['access-history-users', patientId],
    queryFn: () => api.get<AccessHistoryUsersResponse>(`/patients/${patientId}/access-history/users`),
  });
}
