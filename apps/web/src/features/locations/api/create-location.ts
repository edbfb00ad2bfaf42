import type { CreateLocationRequest, Location } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LOCATIONS_QUERY_KEY } from '../../../lib/api/list-locations.ts';

export interface LocationResult {
  message: string;
  location: Location;
}

/** POST /locations */
export function createLocation(body: CreateLocationRequest): Promise<LocationResult> {
  return api.post<LocationResult>('/locations', body);
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY }),
    // The form shows field errors itself.
    meta: { silentError: true },
  });
}
