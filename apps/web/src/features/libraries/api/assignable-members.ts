import type { LibraryUser } from '@archline/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignableMembersKey, libraryPath, type LibraryKind } from './keys.ts';

/** GET .../assignable-members: who a library may be assigned to. */
export function useAssignableMembers(organizationId: number, kind: LibraryKind, enabled: boolean) {
  return useQuery({
    queryKey: assignableMembersKey(organizationId, kind),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: LibraryUser[] }>(`${libraryPath(organizationId, kind)}/assignable-members`, {
          signal,
        })
      ).data,
    enabled,
    staleTime: 60_000,
  });
}
