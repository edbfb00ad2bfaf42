import type { License, PaginationMeta } from '@archline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LICENSES_KEY } from './keys.ts';

export interface LicensesFilter {
  searchUser: string;
  page: number;
  perPage: number;
}

export interface LicensesPage {
  data: License[];
  meta: PaginationMeta;
}

/** GET /licenses: searched by the license holder's name or e-mail, one page at a time. */
export async function listLicenses(filter: LicensesFilter, signal?: AbortSignal): Promise<LicensesPage> {
  const result = await api.get<{ licenses: LicensesPage }>('/licenses', {
    query: { searchUser: filter.searchUser || undefined, page: filter.page, per_page: filter.perPage },
    signal,
  });
  return result.licenses;
}

export const licensesQuery = (filter: LicensesFilter) =>
  queryOptions({
    queryKey: [...LICENSES_KEY, 'list', filter],
    queryFn: ({ signal }) => listLicenses(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useLicenses(filter: LicensesFilter) {
  return useQuery(licensesQuery(filter));
}
