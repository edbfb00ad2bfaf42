import type { LicenseWithDevices } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LICENSES_KEY } from './keys.ts';

/** GET /licenses/{id}: one license with its devices. */
export async function getLicense(id: number, signal?: AbortSignal): Promise<LicenseWithDevices> {
  return (await api.get<{ license: LicenseWithDevices }>(`/licenses/${id}`, { signal })).license;
}

export const licenseQuery = (id: number) =>
  queryOptions({
    queryKey: [...LICENSES_KEY, 'one', id],
    queryFn: ({ signal }) => getLicense(id, signal),
    meta: { silentError: true },
  });

export function useLicense(id: number) {
  return useQuery(licenseQuery(id));
}
