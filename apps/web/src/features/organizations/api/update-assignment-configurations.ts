import type {
  InitialSetupConfigurationForm,
  InitialSetupConfigurationSavedResponse,
  PrintRequestConfigurationForm,
  PrintRequestConfigurationSavedResponse,
} from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import {
  initialSetupConfigurationKey,
  printRequestConfigurationKey,
} from './get-assignment-configurations.ts';

/** PUT /organizations/{id}/initial_setup_configuration */
export function useUpdateInitialSetupConfiguration(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InitialSetupConfigurationForm) =>
      api.put<InitialSetupConfigurationSavedResponse>(
        `/organizations/${id}/initial_setup_configuration`,
        body,
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(initialSetupConfigurationKey(id), result);
      void queryClient.invalidateQueries({ queryKey: ['rx-form-preference', id] });
    },
    // The form shows field errors itself.
    meta: { silentError: true },
  });
}

/** PUT /organizations/{id}/print_request_configuration */
export function useUpdatePrintRequestConfiguration(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrintRequestConfigurationForm) =>
      api.put<PrintRequestConfigurationSavedResponse>(
        `/organizations/${id}/print_request_configuration`,
        body,
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(printRequestConfigurationKey(id), result);
      void queryClient.invalidateQueries({ queryKey: ['rx-form-preference', id] });
    },
    meta: { silentError: true },
  });
}
