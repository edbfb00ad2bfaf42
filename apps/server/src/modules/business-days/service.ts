import {
  bondingDateBounds,
  calendarDays,
  isValidBusinessDate,
  type CalendarDaysQuery,
  type IsValidBusinessDateQuery,
  type NextBusinessDateQuery,
} from '@archline/contracts';
import type { AppContext } from '../../platform/context.ts';
import { findShippingMethod } from '../case-entry-lookups/service.ts';
import { fieldError } from '../../platform/http/errors.ts';

export const SHIPPING_METHOD_INVALID = 'The selected shipping method is invalid.';

/** The caller's "now" and the shipping method's transit days. */
async function optionsOf(ctx: AppContext, query: NextBusinessDateQuery) {
  let transitDays = 0;
  if (query.shipping_method) {
    const method = await findShippingMethod(ctx, query.shipping_method);
    if (!method) throw fieldError('shipping_method', SHIPPING_METHOD_INVALID);
    transitDays = method.transit_days;
  }
  return {
    now: query.datetime ?? new Date(),
    opts: { offsetMinutes: query.offset ?? 0, transitDays },
  };
}

/** GET /misc/next-business-date: the minimum bonding date (and the latest). */
export async function nextBusinessDate(ctx: AppContext, query: NextBusinessDateQuery) {
  const { now, opts } = await optionsOf(ctx, query);
  const { min, max } = bondingDateBounds(now, opts);
  return { next_business_date: min, max_business_date: max };
}

/** GET /misc/calendar-days */
export function monthCalendar(query: CalendarDaysQuery) {
  return { data: calendarDays(query.year_month) };
}

/** GET /misc/is-valid-business-date */
export async function isValidDate(ctx: AppContext, query: IsValidBusinessDateQuery) {
  const { now, opts } = await optionsOf(ctx, query);
  return { is_valid: isValidBusinessDate(query.business_date, now, opts) };
}
