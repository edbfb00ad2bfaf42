import type { MeResponse } from '@archline/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** GET /me: the signed-in user with roles, permissions and organizations. */
export type MeUser = MeResponse;
export type { MeOrganization } from '@archline/contracts/auth';

export const ME_QUERY_KEY = ['me'] as const;

export function fetchMe(signal?: AbortSignal): Promise<MeUser> {
  return api.get<MeUser>('/me', { signal });
}

export const meQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => fetchMe(signal),
    enabled,
    staleTime: 60_000,
    meta: { silentError: true },
  });

export function useMe(enabled: boolean) {
  return useQuery(meQueryOptions(enabled));
}

export function roleNames(user: Pick<MeUser, 'roles'>): string[] {
  return user.roles.map((r) => r.name);
}

/** The user's current organization (GET /me's `current_organization_id`), if any. */
export function currentOrganizationOf(user: MeUser): MeUser['organizations'][number] | undefined {
  return user.organizations.find((o) => o.id === user.current_organization_id);
}
