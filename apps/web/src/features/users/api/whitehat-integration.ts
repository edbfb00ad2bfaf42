import type { WhitehatIntegrationRequest, WhitehatIntegrationResponse } from '@archline/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USERS_KEY } from '../../../lib/api/users-keys.ts';

const key = (userId: number) => [...USERS_KEY, 'whitehat', userId] as const;

/** GET /users/{id}/whitehat-integration: the settings; the password is never sent back. */
export function getWhitehatIntegration(
  userId: number,
  signal?: AbortSignal,
): Promise<WhitehatIntegrationResponse> {
  return api.get<WhitehatIntegrationResponse>(`/users/${userId}/whitehat-integration`, { signal });
}

export const whitehatIntegrationQuery = (userId: number) =>
  queryOptions({ queryKey: key(userId), queryFn: ({ signal }) => getWhitehatIntegration(userId, signal) });

export function useWhitehatIntegration(userId: number) {
  return useQuery(whitehatIntegrationQuery(userId));
}

/** POST /users/{id}/whitehat-integration: when enabled, username and password are required. */
export function saveWhitehatIntegration({
  userId,
  body,
}: {
  userId: number;
  body: WhitehatIntegrationRequest;
}) {
  return api.post<WhitehatIntegrationResponse & { message: string }>(
    `/users/${userId}/whitehat-integration`,
    body,
  );
}

export function useSaveWhitehatIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWhitehatIntegration,
    onSuccess: (result, { userId }) =>
      queryClient.setQueryData(key(userId), { data: result.data, metadata: result.metadata }),
    meta: { silentError: true },
  });
}
