import type {
  InitialSetupConfigurationResponse,
  PrintRequestConfigurationResponse,
} from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The query keys the case form reads the same configurations under, so a save shows there at once.
 * The options are the RxForm preference's too (key ['rx-form-preference', id]).
 */
export const initialSetupConfigurationKey = (id: number) =>
  ['assignment-configuration', 'initial-setup', id] as const;
export const printRequestConfigurationKey = (id: number) =>
  ['assignment-configuration', 'print-request', id] as const;

/** GET /organizations/{id}/initial_setup_configuration */
export const initialSetupConfigurationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: initialSetupConfigurationKey(id),
    queryFn: ({ signal }) =>
      api.get<InitialSetupConfigurationResponse>(`/organizations/${id}/initial_setup_configuration`, {
        signal,
      }),
    meta: { silentError: true },
  });

/** GET /organizations/{id}/print_request_configuration */
export const printRequestConfigurationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: printRequestConfigurationKey(id),
    queryFn: ({ signal }) =>
      api.get<PrintRequestConfigurationResponse>(`/organizations/${id}/print_request_configuration`, {
        signal,
      }),
    meta: { silentError: true },
  });

export function useInitialSetupConfiguration(id: number, enabled: boolean) {
  return useQuery({ ...initialSetupConfigurationQueryOptions(id), enabled });
}

export function usePrintRequestConfiguration(id: number, enabled: boolean) {
  return useQuery({ ...printRequestConfigurationQueryOptions(id), enabled });
}
