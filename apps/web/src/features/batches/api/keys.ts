/** Query keys of the batches feature: invalidating BATCHES_KEY refreshes every batch query. */
export const BATCHES_KEY = ['batches'] as const;
export const batchesListKey = [...BATCHES_KEY, 'list'] as const;
/** A batch; its workflow's key starts with it, so refreshing the batch refreshes the workflow too. */
export const batchKey = (id: number) => [...BATCHES_KEY, 'detail', id] as const;
export const batchWorkflowKey = (id: number) => [...batchKey(id), 'workflow'] as const;
