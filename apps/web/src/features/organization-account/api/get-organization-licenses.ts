import type { LicenseWithDevices } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const organizationLicensesKey = (organizationId: number | null) =>
  ['organizations', organizationId, 'licenses'] as const;

/** GET /organizations/{id}/licenses: the organization's licenses with their devices and available seats. */
export async function fetchOrganizationLicenses(
  organizationId: number,
  signal?: AbortSignal,
): Promise<LicenseWithDevices[]> {
  return (
    await api.get<{ licenses: LicenseWithDevices[] }>(`/organizations/${organizationId}/licenses`, { signal })
  ).licenses;
}

export const organizationLicensesQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: organizationLicensesKey(organizationId),
    queryFn: ({ signal }) => fetchOrganizationLicenses(organizationId!, signal),
    enabled: organizationId !== null,
  });

export function useOrganizationLicenses(organizationId: number | null) {
  return useQuery(organizationLicensesQueryOptions(organizationId));
}
