import type { Device } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** PUT /devices/{id} {name} */
export function renameDevice({
  id,
  name,
}: {
  id: number;
  name: string;
}): Promise<{ message: string; device: Device }> {
  return api.put<{ message: string; device: Device }>(`/devices/${id}`, { name });
}

export function useRenameDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations'] }),
    // The dialog shows field errors itself.
    meta: { silentError: true },
  });
}
