import type { Batch } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { batchKey } from './keys.ts';

/** GET /batches/{id}: one batch with its cases and each case's next print step. */
export async function getBatch(id: number, signal?: AbortSignal): Promise<Batch> {
  return (await api.get<{ data: Batch }>(`/batches/${id}`, { signal })).data;
}

export const batchQuery = (id: number) =>
  queryOptions({ queryKey: batchKey(id), queryFn: ({ signal }) => getBatch(id, signal) });

/** The batch; `id` null (an address that names no batch) asks nothing. */
export function useBatch(id: number | null) {
  return useQuery({ ...batchQuery(id ?? 0), enabled: id !== null });
}
