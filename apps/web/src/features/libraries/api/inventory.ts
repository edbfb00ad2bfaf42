import type {
  BracketInventoryResponse,
  InventoryChangelogItem,
  PaginationMeta,
  UpdateBracketInventoryRequest,
} from '@archline/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bracketChangelogKey, bracketInventoryKey, bracketLibrariesKey, libraryPath } from './keys.ts';

const base = (organizationId: number, libraryId: number) =>
  `${libraryPath(organizationId, 'bracket')}/${libraryId}`;

/** GET .../{libraryId}/inventory */
export function useBracketInventory(organizationId: number, libraryId: number) {
  return useQuery({
    queryKey: bracketInventoryKey(organizationId, libraryId),
    queryFn: ({ signal }) =>
      api.get<BracketInventoryResponse>(`${base(organizationId, libraryId)}/inventory`, { signal }),
  });
}

/** POST .../{libraryId}/inventory: increments, threshold and reason. */
export function useUpdateBracketInventory(organizationId: number, libraryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBracketInventoryRequest) =>
      api.post<{ message: string; data: BracketInventoryResponse }>(
        `${base(organizationId, libraryId)}/inventory`,
        body,
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(bracketInventoryKey(organizationId, libraryId), result.data);
      return queryClient.invalidateQueries({ queryKey: bracketLibrariesKey(organizationId) });
    },
    meta: { silentError: true },
  });
}

/** GET .../{libraryId}/inventory-changelog (10 a page). */
export function useInventoryChangelog(organizationId: number, libraryId: number, page: number) {
  return useQuery({
    queryKey: bracketChangelogKey(organizationId, libraryId, page),
    queryFn: ({ signal }) =>
      api.get<{ data: InventoryChangelogItem[]; meta: PaginationMeta }>(
        `${base(organizationId, libraryId)}/inventory-changelog`,
        { query: { page, perPage: 10 }, signal },
      ),
    placeholderData: keepPreviousData,
  });
}
