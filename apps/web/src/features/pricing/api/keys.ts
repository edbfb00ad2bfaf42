/** Query keys of the pricing feature: invalidating PRICING_KEY refreshes every price list. */
export const PRICING_KEY = ['pricing'] as const;
