import type {
  RxFormPreferenceForm,
  RxFormPreferenceResponse,
  RxFormPreferenceSavedResponse,
} from '@archline/contracts/form-builder';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const rxFormPreferenceQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: ['rx-form-preference', organizationId],
    queryFn: ({ signal }) =>
      api.get<RxFormPreferenceResponse>(`/organizations/${organizationId}/rx_form_preference`, { signal }),
    meta: { silentError: true },
  });

/** GET /organizations/{id}/rx_form_preference: data and metadata (hideable fields, third party partner). */
export function useRxFormPreference(organizationId: number) {
  return useQuery(rxFormPreferenceQueryOptions(organizationId));
}

/** PUT /organizations/{id}/rx_form_preference */
export function useUpdateRxFormPreference(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RxFormPreferenceForm) =>
      api.put<RxFormPreferenceSavedResponse>(`/organizations/${organizationId}/rx_form_preference`, body),
    onSuccess: (result) => {
      queryClient.setQueryData(rxFormPreferenceQueryOptions(organizationId).queryKey, result);
      // The assignment configurations share the assignment options.
      void queryClient.invalidateQueries({ queryKey: ['assignment-configuration'] });
    },
    meta: { silentError: true },
  });
}
