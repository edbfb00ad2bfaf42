import { z } from 'zod';
import { REQUIRED_MESSAGE } from './auth.ts';
import { MAX_ADJUSTMENT_CENTS, dollarTextToCents } from './billing.ts';
import { isIsoDate } from './business-days.ts';

/**
 * Periodic rules: a recurring charge or discount on a subscription's (contract's) monthly order.
 * Spec: document 3 sections 2.11, 3 'Periodic rule', 5 'Periodic rule', 6 (periodic-rules.manage;
 * delete is for the admin role), 7 'Periodic rules' (CRUD by contract; create payload adds
 * contract_id; list by contractId; returns rule and message), 8.
 *
 * Requests carry the amount as positive integer cents and the type; answers give `value` negated
 * for a Discount (a discount of $10.00 is -1000).
 */

export const PERIODIC_RULE_MESSAGES = {
  required: REQUIRED_MESSAGE,
  invalidValue: 'The value must be a whole number of cents greater than 0.',
  valueTooLarge: 'The value is too large.',
  invalidType: 'The type must be Charge or Discount.',
  invalidDate: 'The date must be a valid date (YYYY-MM-DD).',
  endBeforeStart: 'The end date must not be before the start date.',
  descriptionTooLong: 'The description may not be longer than 1000 characters.',
  amountFormat: 'Enter an amount in dollars, e.g. 25.00',
  amountPositive: 'The amount must be greater than 0.',
  created: 'Periodic rule successfully created.',
  updated: 'Periodic rule successfully updated.',
  deleted: 'Periodic rule successfully deleted.',
  notFound: 'The periodic rule was not found.',
  contractNotFound: 'The subscription was not found.',
  empty: 'No periodic rules yet.',
} as const;

export const PERIODIC_RULE_TYPES = ['Charge', 'Discount'] as const;
export type PeriodicRuleType = (typeof PERIODIC_RULE_TYPES)[number];

/** The role that may delete a periodic rule (besides holding periodic-rules.manage). */
export const PERIODIC_RULE_DELETE_ROLE = 'admin';

/** The stored (positive) amount shown as the rule's value: negated for a Discount. */
export function signedRuleValue(type: PeriodicRuleType, amountCents: number): number {
  return type === 'Discount' ? -amountCents : amountCents;
}

const date = z
  .string({ error: PERIODIC_RULE_MESSAGES.invalidDate })
  .refine((v) => isIsoDate(v), PERIODIC_RULE_MESSAGES.invalidDate);

const fields = {
  type: z.enum(PERIODIC_RULE_TYPES, { error: PERIODIC_RULE_MESSAGES.invalidType }),
  /** Positive integer cents; the type gives the sign. */
  value: z
    .number({ error: PERIODIC_RULE_MESSAGES.required })
    .int({ error: PERIODIC_RULE_MESSAGES.invalidValue, abort: true })
    .min(1, { error: PERIODIC_RULE_MESSAGES.invalidValue, abort: true })
    .max(MAX_ADJUSTMENT_CENTS, PERIODIC_RULE_MESSAGES.valueTooLarge),
  custom_description: z
    .string({ error: PERIODIC_RULE_MESSAGES.required })
    .trim()
    .min(1, PERIODIC_RULE_MESSAGES.required)
    .max(1000, PERIODIC_RULE_MESSAGES.descriptionTooLong),
  is_active: z.boolean({ error: PERIODIC_RULE_MESSAGES.required }),
  applied_from: date.nullable().optional(),
  applied_to: date.nullable().optional(),
  contract_id: z.number({ error: PERIODIC_RULE_MESSAGES.required }).int().positive(),
};

function checkDates(v: { applied_from?: string | null; applied_to?: string | null }, ctx: z.RefinementCtx) {
  if (v.applied_from && v.applied_to && v.applied_to < v.applied_from)
    ctx.addIssue({ code: 'custom', path: ['applied_to'], message: PERIODIC_RULE_MESSAGES.endBeforeStart });
}

/** POST /periodic-rules */
export const CreatePeriodicRuleRequest = z.object(fields).superRefine(checkDates);
export type CreatePeriodicRuleRequest = z.input<typeof CreatePeriodicRuleRequest>;

/** PUT /periodic-rules/{id} (the rule's contract_id goes with it). */
export const UpdatePeriodicRuleRequest = CreatePeriodicRuleRequest;
export type UpdatePeriodicRuleRequest = z.input<typeof UpdatePeriodicRuleRequest>;

export const PeriodicRuleIdParams = z.object({ id: z.coerce.number().int().positive() });

/** GET /periodic-rules?contractId= */
export const ListPeriodicRulesQuery = z.object({
  contractId: z.coerce.number({ error: PERIODIC_RULE_MESSAGES.required }).int().positive(),
});

/** GET and DELETE /periodic-rules/{id}?contractId= (the contract the rule must belong to). */
export const PeriodicRuleContractQuery = z.object({
  contractId: z.coerce.number().int().positive().optional(),
});

export const PeriodicRule = z.object({
  id: z.number().int(),
  contract_id: z.number().int(),
  type: z.enum(PERIODIC_RULE_TYPES),
  /** Integer cents, negative for a Discount. */
  value: z.number().int(),
  custom_description: z.string(),
  is_active: z.boolean(),
  applied_from: z.string().nullable(),
  applied_to: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PeriodicRule = z.infer<typeof PeriodicRule>;

export const ListPeriodicRulesResponse = z.object({ periodic_rules: z.array(PeriodicRule) });
export type ListPeriodicRulesResponse = z.infer<typeof ListPeriodicRulesResponse>;
export const PeriodicRuleResponse = z.object({ periodic_rule: PeriodicRule });
export type PeriodicRuleResponse = z.infer<typeof PeriodicRuleResponse>;
export const PeriodicRuleMessageResponse = z.object({ message: z.string(), periodic_rule: PeriodicRule });
export type PeriodicRuleMessageResponse = z.infer<typeof PeriodicRuleMessageResponse>;

// ---------------------------------------------------------------------------------------------
// The form: the amount typed in dollars (shown with 2 decimals), stored as integer cents
// ---------------------------------------------------------------------------------------------

const optionalDay = z
  .string()
  .trim()
  .refine((v) => v === '' || isIsoDate(v), PERIODIC_RULE_MESSAGES.invalidDate);

/** The create and update form; its output (with contract_id added) is the request body. */
export const PeriodicRuleForm = z
  .object({
    type: z.enum(PERIODIC_RULE_TYPES, { error: PERIODIC_RULE_MESSAGES.required }),
    amount: z
      .string()
      .trim()
      .min(1, { error: PERIODIC_RULE_MESSAGES.required, abort: true })
      .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: PERIODIC_RULE_MESSAGES.amountFormat, abort: true })
      .refine((v) => Number(v) > 0, PERIODIC_RULE_MESSAGES.amountPositive),
    custom_description: z
      .string()
      .trim()
      .min(1, PERIODIC_RULE_MESSAGES.required)
      .max(1000, PERIODIC_RULE_MESSAGES.descriptionTooLong),
    is_active: z.boolean({ error: PERIODIC_RULE_MESSAGES.required }),
    applied_from: optionalDay,
    applied_to: optionalDay,
  })
  .superRefine((v, ctx) => {
    if (v.applied_from && v.applied_to && v.applied_to < v.applied_from)
      ctx.addIssue({ code: 'custom', path: ['applied_to'], message: PERIODIC_RULE_MESSAGES.endBeforeStart });
  })
  .transform((v) => ({
    type: v.type,
    value: dollarTextToCents(v.amount),
    custom_description: v.custom_description,
    is_active: v.is_active,
    applied_from: v.applied_from || null,
    applied_to: v.applied_to || null,
  }));
export type PeriodicRuleFormInput = z.input<typeof PeriodicRuleForm>;
export type PeriodicRuleFormOutput = z.output<typeof PeriodicRuleForm>;

/** The form's starting values: empty for a new rule, the rule's (amount in dollars) otherwise. */
export function periodicRuleFormValues(rule?: PeriodicRule): PeriodicRuleFormInput {
  if (!rule)
    return {
      type: 'Charge',
      amount: '',
      custom_description: '',
      is_active: true,
      applied_from: '',
      applied_to: '',
    };
  return {
    type: rule.type,
    amount: (Math.abs(rule.value) / 100).toFixed(2),
    custom_description: rule.custom_description,
    is_active: rule.is_active,
    applied_from: rule.applied_from ?? '',
    applied_to: rule.applied_to ?? '',
  };
}
