import type { ArchWireLibrary, ArchWireListResponse } from '@archline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { archWiresKey, libraryPath } from './keys.ts';

/** GET /organizations/{id}/arch-wires */
export function useArchWires(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: archWiresKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<ArchWireListResponse>(libraryPath(organizationId, 'arch-wire'), { signal }),
    enabled,
  });
}

/** POST /organizations/{id}/arch-wires */
export function useStoreArchWires(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { upload_ids: number[] }) =>
      api.post<{ message: string; data: ArchWireLibrary[] }>(libraryPath(organizationId, 'arch-wire'), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: archWiresKey(organizationId) }),
    meta: { silentError: true },
  });
}

/** PUT /organizations/{id}/arch-wires/{archWireId}: the assigned users. */
export function useUpdateArchWire(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userIds }: { id: number; userIds: number[] }) =>
      api.put<{ message: string }>(`${libraryPath(organizationId, 'arch-wire')}/${id}`, { userIds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: archWiresKey(organizationId) }),
    meta: { silentError: true },
  });
}

/** DELETE /organizations/{id}/arch-wires/{archWireId} */
export function useRemoveArchWire(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<{ message: string }>(`${libraryPath(organizationId, 'arch-wire')}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: archWiresKey(organizationId) }),
    meta: { silentError: true },
  });
}
