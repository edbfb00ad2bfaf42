/**
 * The page envelope of the list endpoints and the past-the-end rule, written once.
 *
 * A list query carries its total on every row (`count(*) over ()`), so one statement answers a
 * page; an empty page has no row to carry it and reports -1. An empty page past the first may
 * still have matches before it: only then is a second query run to count them. An empty first
 * page means nothing matches.
 */

export interface PageRequest {
  page: number;
  perPage: number;
}

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** The last page of `total` rows in pages of `perPage`: 1 when there are none. */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { current_page: page, per_page: perPage, total, last_page: lastPage(total, perPage) };
}

/** The total of a page whose query reported `windowTotal` (-1: the page came back empty). */
export async function totalOf(
  windowTotal: number,
  page: number,
  countAll: () => Promise<number>,
): Promise<number> {
  if (windowTotal >= 0) return windowTotal;
  return page > 1 ? Math.max(0, await countAll()) : 0;
}

/**
 * One page of a list: `load` runs the page's query (rows and window total); past the end it runs
 * again for the first row of page 1, which carries the total.
 */
export async function paginate<T>(
  request: PageRequest,
  load: (page: PageRequest) => Promise<{ rows: T[]; total: number }>,
): Promise<{ data: T[]; meta: PageMeta }> {
  const { rows, total: windowTotal } = await load(request);
  const total = await totalOf(
    windowTotal,
    request.page,
    async () => (await load({ page: 1, perPage: 1 })).total,
  );
  return { data: windowTotal >= 0 ? rows : [], meta: pageMeta(request.page, request.perPage, total) };
}
