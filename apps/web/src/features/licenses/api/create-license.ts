import type { CreateLicenseRequest, LicenseWithDevices } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LICENSES_KEY } from './keys.ts';

export interface LicenseResult {
  message: string;
  license: LicenseWithDevices;
}

/** POST /licenses: issues a license to a user (in their organization). */
export function createLicense(body: CreateLicenseRequest): Promise<LicenseResult> {
  return api.post<LicenseResult>('/licenses', body);
}

export function useCreateLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLicense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LICENSES_KEY }),
    // The form shows field errors itself.
    meta: { silentError: true },
  });
}
