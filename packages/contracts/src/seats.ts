import { z } from 'zod';
import { Order } from './billing.ts';
import { License } from './licenses.ts';

/**
 * Buying seats: the account page's Extra tab (document 3 section 2.5: 'only if the contract's
 * license type allows buying seats'). The contract's license gains the seats at once; their price
 * (the price lists' additional_seat setting, cents per seat) goes on the organization's current
 * order as 'Additional seats (n)', which the billing run charges.
 */

export const SEAT_LIMITS = { min: 1, max: 50 } as const;

export const SEAT_MESSAGES = {
  required: 'Required',
  integer: 'Must be a whole number.',
  min: `Must be at least ${SEAT_LIMITS.min}.`,
  max: `Must not exceed ${SEAT_LIMITS.max}.`,
  notAllowed: "The contract's license type does not allow buying seats.",
  noLicense: 'The organization has no license to add seats to.',
  suspended: 'A suspended subscription cannot buy seats. Resume it first.',
  ownerOnly: "Seats are bought by the practice's owner (who manages its payment methods).",
  bought: (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'} successfully added to the license.`,
  confirm: (n: number, total: string) =>
    `Buy ${n} ${n === 1 ? 'seat' : 'seats'} for ${total}? The license gains them now; the amount is added to the current invoice.`,
} as const;

/** The order item's description: 'Additional seats (n)'. */
export const additionalSeatsLabel = (quantity: number) => `Additional seats (${quantity})`;

/** The product of the order items of bought seats. */
export const ADDITIONAL_SEATS_PRODUCT = { code: 'additional_seats', name: 'Additional Seats' } as const;

/** quantity × price per seat, in cents. */
export const seatsTotalCents = (quantity: number, seatPriceCents: number) => quantity * seatPriceCents;

const quantity = z
  .number({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? SEAT_MESSAGES.required : SEAT_MESSAGES.integer,
  })
  .int({ error: SEAT_MESSAGES.integer, abort: true })
  .min(SEAT_LIMITS.min, { error: SEAT_MESSAGES.min, abort: true })
  .max(SEAT_LIMITS.max, SEAT_MESSAGES.max);

/** POST /organizations/{id}/buy-seats */
export const BuySeatsRequest = z.object({ quantity });
export type BuySeatsRequest = z.input<typeof BuySeatsRequest>;

/** The Extra tab's quantity field (typed as text). */
export const BuySeatsForm = z.object({
  quantity: z.string().transform((v, ctx) => {
    const text = v.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: SEAT_MESSAGES.required });
      return z.NEVER;
    }
    const result = quantity.safeParse(/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
      return z.NEVER;
    }
    return result.data;
  }),
});
export type BuySeatsFormInput = z.input<typeof BuySeatsForm>;

/** GET /organizations/{id}/seats: what the Extra tab shows. */
export const OrganizationSeatsResponse = z.object({
  /** The contract's license (null without a contract or license). */
  license: License.nullable(),
  /** Whether its license type allows buying seats. */
  allow_buy_seats: z.boolean(),
  /** The price of one seat, in cents (the organization's price list, else the global one). */
  seat_price: z.number().int(),
});
export type OrganizationSeatsResponse = z.infer<typeof OrganizationSeatsResponse>;

export const BuySeatsResponse = z.object({
  message: z.string(),
  license: License,
  order: Order,
});
export type BuySeatsResponse = z.infer<typeof BuySeatsResponse>;
