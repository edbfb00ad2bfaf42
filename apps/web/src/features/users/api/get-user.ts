import type { UserDetail } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USERS_KEY } from '../../../lib/api/users-keys.ts';

/** GET /users/{id}: the user page. */
export async function getUser(id: number, signal?: AbortSignal): Promise<UserDetail> {
  return (await api.get<{ user: UserDetail }>(`/users/${id}`, { signal })).user;
}

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'one', id],
    queryFn: ({ signal }) => getUser(id, signal),
    meta: { silentError: true },
  });

export function useUser(id: number) {
  return useQuery(userQuery(id));
}
