/** Query keys of the promotion codes feature: invalidating PROMOTION_CODES_KEY refreshes them all. */
export const PROMOTION_CODES_KEY = ['promotion-codes'] as const;
