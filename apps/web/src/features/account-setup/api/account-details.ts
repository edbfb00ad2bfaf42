import type {
  AccountDetails,
  AccountDetailsForm,
  AccountDetailsResponse,
  AccountDetailsSavedResponse,
} from '@archline/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../../session/me.ts';

export const accountDetailsKey = (organizationId: number) =>
  ['organizations', organizationId, 'account-details'] as const;

/** GET /organizations/{id}/account-details: what the Account Details step starts from. */
export async function fetchAccountDetails(
  organizationId: number,
  signal?: AbortSignal,
): Promise<AccountDetails> {
  return (
    await api.get<AccountDetailsResponse>(`/organizations/${organizationId}/account-details`, { signal })
  ).data;
}

export const accountDetailsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: accountDetailsKey(organizationId),
    queryFn: ({ signal }) => fetchAccountDetails(organizationId, signal),
  });

export function useAccountDetails(organizationId: number) {
  return useQuery(accountDetailsQueryOptions(organizationId));
}

/** PUT /organizations/{id}/account-details; then the current user is refreshed. */
export function saveAccountDetails({
  organizationId,
  body,
}: {
  organizationId: number;
  body: AccountDetailsForm;
}) {
  return api.put<AccountDetailsSavedResponse>(`/organizations/${organizationId}/account-details`, body);
}

export function useSaveAccountDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccountDetails,
    onSuccess: async (result, { organizationId }) => {
      queryClient.setQueryData(ME_QUERY_KEY, result.user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: accountDetailsKey(organizationId) }),
      ]);
    },
    // The form shows field errors itself.
    meta: { silentError: true },
  });
}
