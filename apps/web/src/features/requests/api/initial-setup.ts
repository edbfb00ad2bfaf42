import type {
  AssignmentValue,
  RxFormMessageResponse,
  RxFormPreferenceResponse,
  RxFormResponse,
} from '@archline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { REQUESTS_KEY, requestKey } from './keys.ts';

const rxFormKey = (id: number) => [...REQUESTS_KEY, 'rx-form', id] as const;

/** GET /rx-forms/{id}: the initial setup's label, status, assignment and what the caller may change. */
export function useSetupRxForm(id: number) {
  return useQuery({
    queryKey: rxFormKey(id),
    queryFn: ({ signal }) => api.get<RxFormResponse>(`/rx-forms/${id}`, { signal }),
  });
}

/** GET /organizations/{id}/rx_form_preference: the initial setup assignments the organization offers. */
export function useInitialSetupOptions(organizationId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...REQUESTS_KEY, 'rx-form-preference', organizationId],
    queryFn: ({ signal }) =>
      api
        .get<RxFormPreferenceResponse>(`/organizations/${organizationId}/rx_form_preference`, { signal })
        .then((r) => r.data.initial_setup_assignments),
    enabled,
    staleTime: 60_000,
  });
}

/** The Rx form changed: it and the request (its modification date) are read again. */
function useRxFormMutation<V>(
  rxFormId: number,
  requestId: number,
  call: (vars: V) => Promise<RxFormMessageResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rxFormKey(rxFormId) });
      void queryClient.invalidateQueries({ queryKey: requestKey(requestId) });
    },
  });
}

/** POST /rx-forms/{id}/mark_as_ready: Notify Doctor (the setup is ready for approval). */
export const useNotifyDoctor = (rxFormId: number, requestId: number) =>
  useRxFormMutation<void>(rxFormId, requestId, () => api.post(`/rx-forms/${rxFormId}/mark_as_ready`));

/** PATCH /rx-forms/{id} with the initial setup assignment (only while the setup is new). */
export const useSetInitialSetupAssignment = (rxFormId: number, requestId: number) =>
  useRxFormMutation<AssignmentValue>(rxFormId, requestId, (initial_setup_assignment) =>
    api.patch(`/rx-forms/${rxFormId}`, { initial_setup_assignment }),
  );
