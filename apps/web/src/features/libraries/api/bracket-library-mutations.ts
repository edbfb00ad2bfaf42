import type { BracketLibrary, UpdateBracketLibraryRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bracketLibrariesKey, libraryPath } from './keys.ts';

/** POST /organizations/{id}/bracket-libraries: one library per uploaded file. */
export function useStoreBracketLibraries(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { upload_ids: number[]; format?: 1 | 2 }) =>
      api.post<{ message: string; data: BracketLibrary[] }>(libraryPath(organizationId, 'bracket'), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bracketLibrariesKey(organizationId) }),
    meta: { silentError: true },
  });
}

/** PUT /organizations/{id}/bracket-libraries/{libraryId}: name, format, users, location, hide. */
export function useUpdateBracketLibrary(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateBracketLibraryRequest }) =>
      api.put<{ message: string; data: BracketLibrary }>(
        `${libraryPath(organizationId, 'bracket')}/${id}`,
        body,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bracketLibrariesKey(organizationId) }),
    meta: { silentError: true },
  });
}

/** DELETE /organizations/{id}/bracket-libraries/{libraryId} */
export function useRemoveBracketLibrary(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<{ message: string }>(`${libraryPath(organizationId, 'bracket')}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bracketLibrariesKey(organizationId) }),
    meta: { silentError: true },
  });
}
