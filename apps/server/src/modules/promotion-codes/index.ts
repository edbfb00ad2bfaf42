/** What other modules (the billing run, the initial purchase) may use of promotion codes. */
export { findUsablePromotionCode } from './service.ts';
