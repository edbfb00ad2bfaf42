import type {
  CustomBracketSetItem,
  CustomBracketSetRequest,
  CustomBracketSetsResponse,
} from '@archline/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customSetsKey, customSetsPath } from './keys.ts';

export type CustomSetFilter = 'owned' | 'created_by_management';

/** GET /organizations/{id}/custom-bracket-sets?filter&page&per_page */
export function useCustomBracketSets(
  organizationId: number,
  filter: CustomSetFilter,
  page: { page: number; perPage: number },
  enabled = true,
) {
  return useQuery({
    queryKey: [...customSetsKey(organizationId), filter, page.page, page.perPage],
    queryFn: ({ signal }) =>
      api.get<CustomBracketSetsResponse>(
        `${customSetsPath(organizationId)}?${new URLSearchParams({
          filter,
          page: String(page.page),
          per_page: String(page.perPage),
        }).toString()}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

type Saved = { message: string; data: CustomBracketSetItem };

function useSetMutation<V, R>(organizationId: number, fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customSetsKey(organizationId) }),
    meta: { silentError: true },
  });
}

/** POST /organizations/{id}/custom-bracket-sets */
export const useCreateCustomBracketSet = (organizationId: number) =>
  useSetMutation(organizationId, (body: CustomBracketSetRequest) =>
    api.post<Saved>(customSetsPath(organizationId), body),
  );

/** PUT /organizations/{id}/custom-bracket-sets/{setId} */
export const useUpdateCustomBracketSet = (organizationId: number) =>
  useSetMutation(organizationId, ({ id, body }: { id: number; body: CustomBracketSetRequest }) =>
    api.put<Saved>(`${customSetsPath(organizationId)}/${id}`, body),
  );

/** DELETE /organizations/{id}/custom-bracket-sets/{setId} */
export const useDeleteCustomBracketSet = (organizationId: number) =>
  useSetMutation(organizationId, (id: number) =>
    api.delete<{ message: string }>(`${customSetsPath(organizationId)}/${id}`),
  );

/** POST /organizations/{id}/custom-bracket-sets/set-enable: the organization's Enable switch. */
export const useEnableCustomBracketSets = (organizationId: number) =>
  useSetMutation(organizationId, (value: boolean) =>
    api.post<{ message: string; enabled: boolean }>(`${customSetsPath(organizationId)}/set-enable`, {
      value,
    }),
  );
