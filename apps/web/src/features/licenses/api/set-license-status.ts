import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LicenseResult } from './create-license.ts';
import { LICENSES_KEY } from './keys.ts';

/** POST /licenses/{id}/set_status: activates or deactivates a license. */
export function setLicenseStatus({ id, active }: { id: number; active: boolean }): Promise<LicenseResult> {
  return api.post<LicenseResult>(`/licenses/${id}/set_status`, { active });
}

export function useSetLicenseStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLicenseStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LICENSES_KEY }),
  });
}
