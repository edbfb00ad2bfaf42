import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LICENSES_KEY } from './keys.ts';

/** DELETE /devices/{id}: removes a device and frees its seat. */
export function deleteDevice(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/devices/${id}`);
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LICENSES_KEY }),
  });
}
