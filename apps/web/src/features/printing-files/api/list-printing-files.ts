import type { ListPrintingFilesResponse, PrintingFileOrderColumn } from '@archline/contracts/printing-files';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PrintingFilesFilter {
  searchByUser: string;
  searchByPatient: string;
  orderBy: PrintingFileOrderColumn;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** GET /printing-files: one page of the printing files, searched by doctor and by patient. */
export function listPrintingFiles(
  filter: PrintingFilesFilter,
  signal?: AbortSignal,
): Promise<ListPrintingFilesResponse> {
  return api.get<ListPrintingFilesResponse>('/printing-files', {
    query: {
      ...filter,
      searchByUser: filter.searchByUser || undefined,
      searchByPatient: filter.searchByPatient || undefined,
    },
    signal,
  });
}

export const printingFilesQuery = (filter: PrintingFilesFilter) =>
  queryOptions({
    queryKey: ['printing-files', 'list', filter],
    queryFn: ({ signal }) => listPrintingFiles(filter, signal),
    placeholderData: keepPreviousData,
  });

export function usePrintingFiles(filter: PrintingFilesFilter) {
  return useQuery(printingFilesQuery(filter));
}
