/** Query keys of the requests feature: every list and every request sit under REQUESTS_KEY. */
export const REQUESTS_KEY = ['customer-requests'] as const;
export const requestsListKey = (query: unknown) => [...REQUESTS_KEY, 'list', query] as const;
export const requestKey = (id: number) => [...REQUESTS_KEY, 'detail', id] as const;
