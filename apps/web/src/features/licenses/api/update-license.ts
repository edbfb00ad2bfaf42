import type { UpdateLicenseRequest } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LicenseResult } from './create-license.ts';
import { LICENSES_KEY } from './keys.ts';

/** PUT /licenses/{id}: seats and dates; the license type is sent back unchanged. */
export function updateLicense({
  id,
  body,
}: {
  id: number;
  body: UpdateLicenseRequest;
}): Promise<LicenseResult> {
  return api.put<LicenseResult>(`/licenses/${id}`, body);
}

export function useUpdateLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLicense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LICENSES_KEY }),
    meta: { silentError: true },
  });
}
