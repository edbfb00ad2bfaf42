/** Query keys of the batches feature: invalidating BATCHES_KEY refreshes every batch query. */
export const BATCHES_KEY = ['batches'] as const;
export const batchesListKey = [...BATCHES_KEY, 'list'] as const;
export const batchKey = (id: number) => [...BATCHES_KEY, 'detail', id] as const;
