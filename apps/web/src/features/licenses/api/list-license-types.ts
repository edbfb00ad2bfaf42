import type { LicenseType } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /license_types */
export async function listLicenseTypes(signal?: AbortSignal): Promise<LicenseType[]> {
  return (await api.get<{ license_types: LicenseType[] }>('/license_types', { signal })).license_types;
}

export const licenseTypesQuery = () =>
  queryOptions({
    queryKey: ['license-types'],
    queryFn: ({ signal }) => listLicenseTypes(signal),
    staleTime: 5 * 60_000,
  });

export function useLicenseTypes() {
  return useQuery(licenseTypesQuery());
}
