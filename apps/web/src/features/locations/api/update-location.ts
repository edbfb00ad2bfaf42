import type { UpdateLocationRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LocationResult } from './create-location.ts';
import { LOCATIONS_QUERY_KEY } from '../../../lib/api/list-locations.ts';

/** PUT /locations/{id} */
export function updateLocation({
  id,
  body,
}: {
  id: number;
  body: UpdateLocationRequest;
}): Promise<LocationResult> {
  return api.put<LocationResult>(`/locations/${id}`, body);
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY }),
    meta: { silentError: true },
  });
}
