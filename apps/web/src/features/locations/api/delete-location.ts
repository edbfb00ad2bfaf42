import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LOCATIONS_QUERY_KEY } from '../../../lib/api/list-locations.ts';

/** DELETE /locations/{id} */
export function deleteLocation(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/locations/${id}`);
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: [...LOCATIONS_QUERY_KEY, 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: [...LOCATIONS_QUERY_KEY, 'list'] });
    },
    meta: { silentError: true },
  });
}
