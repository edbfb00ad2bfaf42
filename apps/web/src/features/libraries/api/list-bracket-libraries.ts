import type { LibraryListResponse } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bracketLibrariesKey, libraryPath } from './keys.ts';

/** GET /organizations/{id}/bracket-libraries (every library; the page filters low stock itself). */
export const bracketLibrariesQuery = (organizationId: number) =>
  queryOptions({
    queryKey: bracketLibrariesKey(organizationId),
    queryFn: ({ signal }) => api.get<LibraryListResponse>(libraryPath(organizationId, 'bracket'), { signal }),
  });

export function useBracketLibraries(organizationId: number, enabled = true) {
  return useQuery({ ...bracketLibrariesQuery(organizationId), enabled });
}
