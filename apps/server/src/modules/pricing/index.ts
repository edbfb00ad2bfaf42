/** What other modules (the billing run) may use of pricing: the price lists in cents. */
export { effectivePricing, globalPriceList } from './service.ts';
