import type { PaginationMeta, PromotionCode } from '@archline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PROMOTION_CODES_KEY } from './keys.ts';

export interface PromotionCodesFilter {
  search: string;
  /** 1 active, 2 inactive. */
  status: 1 | 2;
  page: number;
  perPage: number;
}

export interface PromotionCodesPage {
  data: PromotionCode[];
  meta: PaginationMeta;
}

/** GET /promotion-codes: searched by code, active or inactive, one page at a time. */
export function usePromotionCodes(filter: PromotionCodesFilter, enabled = true) {
  return useQuery({
    queryKey: [...PROMOTION_CODES_KEY, 'list', filter],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ promotion_codes: PromotionCodesPage }>('/promotion-codes', {
          query: {
            search: filter.search || undefined,
            status: filter.status,
            page: filter.page,
            per_page: filter.perPage,
          },
          signal,
        })
      ).promotion_codes,
    placeholderData: keepPreviousData,
    enabled,
  });
}
