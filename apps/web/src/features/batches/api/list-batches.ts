import type { BatchStatusFilter, ListBatchesResponse } from '@archline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { batchesListKey } from './keys.ts';

export type BatchOrderBy = 'id' | 'name' | 'created_at';

export interface BatchesFilter {
  searchByName: string;
  status: BatchStatusFilter;
  orderBy: BatchOrderBy;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** GET /batches: one page of the print batches, searched by name and filtered by status. */
export function listBatches(filter: BatchesFilter, signal?: AbortSignal): Promise<ListBatchesResponse> {
  return api.get<ListBatchesResponse>('/batches', {
    query: { ...filter, searchByName: filter.searchByName || undefined },
    signal,
  });
}

export const batchesQuery = (filter: BatchesFilter) =>
  queryOptions({
    queryKey: [...batchesListKey, filter],
    queryFn: ({ signal }) => listBatches(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useBatches(filter: BatchesFilter) {
  return useQuery(batchesQuery(filter));
}
