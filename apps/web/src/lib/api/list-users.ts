import type { PaginationMeta, Role, UserListItem } from '@archline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { USERS_KEY } from './users-keys.ts';

export interface UsersFilter {
  search: string;
  roles: readonly Role[];
  organizationId?: number | undefined;
  page: number;
  perPage: number;
}

export interface UsersPage {
  data: UserListItem[];
  meta: PaginationMeta;
}

/** GET /users: searched by name or e-mail, filtered by roles and organization, one page at a time. */
export async function listUsers(filter: UsersFilter, signal?: AbortSignal): Promise<UsersPage> {
  const result = await api.get<{ users: UsersPage }>('/users', {
    query: {
      searchFullNameEmailQuery: filter.search || undefined,
      roles: filter.roles.length ? filter.roles : undefined,
      organizationId: filter.organizationId,
      page: filter.page,
      per_page: filter.perPage,
    },
    signal,
  });
  return result.users;
}

export const usersQuery = (filter: UsersFilter) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'list', filter],
    queryFn: ({ signal }) => listUsers(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(filter: UsersFilter, enabled = true) {
  return useQuery({ ...usersQuery(filter), enabled });
}
