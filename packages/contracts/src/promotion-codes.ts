import { z } from 'zod';
import { PaginationMeta, pagingQuery } from './users.ts';
import { shippingMoney } from './requests.ts';

/**
 * Promotion codes. Spec: document 3 sections 2.12, 3 'Promotion code', 4 (status 1 active, 2
 * inactive), 5 'Promotion code', 6 (promotion-codes.manage), 7, 9.
 *
 * `value` is integer cents when `is_fixed` (a fixed amount off), otherwise a percentage from 0 to
 * 100 with at most 2 decimals. The code is capital letters and digits, set at creation and never
 * changed; the code with id 1 is read-only.
 */

export const PROMOTION_CODE_MESSAGES = {
  required: 'Required',
  codeFormat: 'Must contain only capital letters and numbers',
  codeTooLong: 'Must contain max 64 characters.',
  negative: 'Value cannot be negative.',
  invalidNumber: 'Please enter a valid number',
  percentMax: 'A percentage cannot be greater than 100.',
  percentDecimals: 'A percentage takes at most 2 decimals.',
  maxUses: 'Max uses must be a whole number of at least 0.',
  expiresBeforeStart: 'Expiration date must be later than the starting date.',
  codeTaken: 'The code has already been taken.',
  codeLocked: 'The code cannot be changed after creation.',
  readOnly: 'This promotion code is read-only.',
  invalidType: 'The selected type is invalid.',
  invalidCode: 'The promotion code is invalid or has expired.',
  valid: 'The promotion code is valid.',
  created: 'Promotion code successfully created.',
  updated: 'Promotion code successfully updated.',
  deleted: 'Promotion code successfully deleted.',
  notFound: 'The promotion code was not found.',
  empty: 'No promotion codes found.',
} as const;

/** Status ids: 1 active, 2 inactive. */
export const PROMOTION_CODE_STATUS = { active: 1, inactive: 2 } as const;

/** The code with this id is read-only (the first-month code every new practice may use). */
export const READ_ONLY_PROMOTION_CODE_ID = 1;

/**
 * What a code applies to (shown as chips): 1 the monthly fee of the first monthly order, 2 the
 * monthly fee of the first two monthly orders, 3 the start-up fee.
 */
export const PROMOTION_CODE_TYPES = [
  { id: 1, label: 'First Month' },
  { id: 2, label: 'First Two Months' },
  { id: 3, label: 'Start-up Fee' },
] as const;
export type PromotionCodeTypeId = (typeof PROMOTION_CODE_TYPES)[number]['id'];

export function promotionCodeTypeLabel(id: number): string {
  return PROMOTION_CODE_TYPES.find((t) => t.id === id)?.label ?? `Type ${id}`;
}

/** The largest fixed amount: $1,000,000,000.00. */
export const MAX_PROMOTION_CENTS = 100_000_000_000;
export const MAX_PROMOTION_USES = 1_000_000_000;

export const PROMOTION_CODES_DEFAULT_PAGE_SIZE = 10;
export const PROMOTION_CODES_MAX_PAGE_SIZE = 100;

export const promotionCodeText = z
  .string({ error: PROMOTION_CODE_MESSAGES.required })
  .trim()
  .min(1, PROMOTION_CODE_MESSAGES.required)
  .max(64, PROMOTION_CODE_MESSAGES.codeTooLong)
  .regex(/^[A-Z0-9]*$/, PROMOTION_CODE_MESSAGES.codeFormat);

const description = z
  .string({ error: PROMOTION_CODE_MESSAGES.required })
  .trim()
  .min(1, PROMOTION_CODE_MESSAGES.required)
  .max(1000, 'Must contain max 1000 characters.');

const dateTime = z.iso
  .datetime({ offset: true, error: 'Invalid date.' })
  .or(z.iso.date({ error: 'Invalid date.' }));

const typeId = z
  .number({ error: PROMOTION_CODE_MESSAGES.required })
  .int(PROMOTION_CODE_MESSAGES.invalidType)
  .refine((v) => PROMOTION_CODE_TYPES.some((t) => t.id === v), PROMOTION_CODE_MESSAGES.invalidType);

const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** The rules of `value` against `is_fixed`, shared by the API and the form. */
function checkValue(v: { value: number; is_fixed: boolean }, ctx: z.RefinementCtx) {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
  if (v.value < 0) return issue(PROMOTION_CODE_MESSAGES.negative);
  if (v.is_fixed) {
    if (!Number.isInteger(v.value) || v.value > MAX_PROMOTION_CENTS)
      issue(PROMOTION_CODE_MESSAGES.invalidNumber);
  } else if (v.value > 100) issue(PROMOTION_CODE_MESSAGES.percentMax);
  else if (!hasAtMostTwoDecimals(v.value)) issue(PROMOTION_CODE_MESSAGES.percentDecimals);
}

function checkDates(v: { starts_at?: string | null; expires_at?: string | null }, ctx: z.RefinementCtx) {
  if (v.starts_at && v.expires_at && new Date(v.expires_at) <= new Date(v.starts_at))
    ctx.addIssue({
      code: 'custom',
      path: ['expires_at'],
      message: PROMOTION_CODE_MESSAGES.expiresBeforeStart,
    });
}

const fields = {
  description,
  /** Cents when is_fixed, else percent. */
  value: z.number({ error: PROMOTION_CODE_MESSAGES.required }),
  is_fixed: z.boolean({ error: PROMOTION_CODE_MESSAGES.required }),
  max_uses: z
    .number({ error: PROMOTION_CODE_MESSAGES.maxUses })
    .int({ error: PROMOTION_CODE_MESSAGES.maxUses, abort: true })
    .min(0, { error: PROMOTION_CODE_MESSAGES.maxUses, abort: true })
    .max(MAX_PROMOTION_USES, PROMOTION_CODE_MESSAGES.maxUses)
    .nullable()
    .optional(),
  promotion_code_type_id: typeId,
  starts_at: dateTime.nullable().optional(),
  expires_at: dateTime.nullable().optional(),
  is_active: z.boolean().optional(),
};

/** POST /promotion-codes */
export const CreatePromotionCodeRequest = z
  .object({ code: promotionCodeText, ...fields })
  .superRefine(checkValue)
  .superRefine(checkDates);
export type CreatePromotionCodeRequest = z.input<typeof CreatePromotionCodeRequest>;

/** PUT /promotion-codes/{id}: everything but the code (sent back unchanged, or left out). */
export const UpdatePromotionCodeRequest = z
  .object({ code: z.string().max(64).optional(), ...fields })
  .superRefine(checkValue)
  .superRefine(checkDates);
export type UpdatePromotionCodeRequest = z.input<typeof UpdatePromotionCodeRequest>;

export const PromotionCodeIdParams = z.object({ id: z.coerce.number().int().positive() });

/** GET /promotion-codes: search by code, status 1 active / 2 inactive. */
export const ListPromotionCodesQuery = z.object({
  search: z.string().trim().max(64).optional(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, 'The status must be 1 (active) or 2 (inactive).')
    .optional(),
  ...pagingQuery(PROMOTION_CODES_DEFAULT_PAGE_SIZE, PROMOTION_CODES_MAX_PAGE_SIZE),
});
export type ListPromotionCodesQuery = z.infer<typeof ListPromotionCodesQuery>;

export const PromotionCode = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  value: z.number(),
  is_fixed: z.boolean(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  promotion_code_type_id: z.number().int(),
  status_id: z.number().int(),
  is_active: z.boolean(),
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The code with id 1: shown, never changed. */
  read_only: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PromotionCode = z.infer<typeof PromotionCode>;

export const ListPromotionCodesResponse = z.object({
  promotion_codes: z.object({ data: z.array(PromotionCode), meta: PaginationMeta }),
});
export const PromotionCodeResponse = z.object({ promotion_code: PromotionCode });
export const PromotionCodeMessageResponse = z.object({ message: z.string(), promotion_code: PromotionCode });

/** POST /promotion-codes/validate_code: whether a code can be used now. */
export const ValidatePromotionCodeRequest = z.object({
  code: z
    .string({ error: PROMOTION_CODE_MESSAGES.required })
    .trim()
    .min(1, PROMOTION_CODE_MESSAGES.required)
    .max(64, PROMOTION_CODE_MESSAGES.invalidCode),
});
export const ValidatePromotionCodeResponse = z.object({
  message: z.string(),
  promotion_code: z.object({
    id: z.number().int(),
    code: z.string(),
    description: z.string(),
    value: z.number(),
    is_fixed: z.boolean(),
    promotion_code_type_id: z.number().int(),
  }),
});

// ---------------------------------------------------------------------------------------------
// The promotion code form: value typed in dollars (fixed) or percent, dates as days
// ---------------------------------------------------------------------------------------------

const optionalWhole = z.union([z.string(), z.number(), z.null()]).transform((v, ctx) => {
  const text = v === null ? '' : String(v).trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text) || Number(text) > MAX_PROMOTION_USES) {
    ctx.addIssue({ code: 'custom', message: PROMOTION_CODE_MESSAGES.maxUses });
    return z.NEVER;
  }
  return Number(text);
});

/**
 * The Create/Update form. `value` is typed as text: dollars when fixed (turned into cents by the
 * bundled shipments' money transform), a percent otherwise. Its output is the request body.
 */
export const PromotionCodeForm = z
  .object({
    code: promotionCodeText,
    description,
    is_fixed: z.boolean(),
    value: z.string().superRefine((v, ctx) => {
      const text = v.trim();
      if (text === '') ctx.addIssue({ code: 'custom', message: PROMOTION_CODE_MESSAGES.required });
      else if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text))
        ctx.addIssue({ code: 'custom', message: PROMOTION_CODE_MESSAGES.invalidNumber });
      else if (Number(text) < 0) ctx.addIssue({ code: 'custom', message: PROMOTION_CODE_MESSAGES.negative });
    }),
    max_uses: optionalWhole,
    promotion_code_type_id: z.union([z.number(), z.string()]).transform((v, ctx) => {
      const n = Number(v);
      if (v === '' || !PROMOTION_CODE_TYPES.some((t) => t.id === n)) {
        ctx.addIssue({ code: 'custom', message: PROMOTION_CODE_MESSAGES.required });
        return z.NEVER;
      }
      return n;
    }),
    starts_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    is_active: z.boolean(),
  })
  .transform((v, ctx) => {
    const text = v.value.trim();
    const issue = (message: string) => {
      ctx.addIssue({ code: 'custom', path: ['value'], message });
      return z.NEVER;
    };
    if (text === '') return issue(PROMOTION_CODE_MESSAGES.required);
    if (/^-/.test(text) && Number.isFinite(Number(text))) return issue(PROMOTION_CODE_MESSAGES.negative);
    let value: number;
    if (v.is_fixed) {
      const cents = shippingMoney.safeParse(text);
      if (!cents.success || cents.data === null || cents.data === undefined)
        return issue(PROMOTION_CODE_MESSAGES.invalidNumber);
      value = cents.data;
    } else {
      if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return issue(PROMOTION_CODE_MESSAGES.invalidNumber);
      value = Number(text);
    }
    const body = {
      code: v.code,
      description: v.description,
      value,
      is_fixed: v.is_fixed,
      max_uses: v.max_uses,
      promotion_code_type_id: v.promotion_code_type_id,
      starts_at: v.starts_at || null,
      expires_at: v.expires_at || null,
      is_active: v.is_active,
    };
    const checked = CreatePromotionCodeRequest.safeParse(body);
    if (!checked.success) {
      for (const i of checked.error.issues)
        ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
      return z.NEVER;
    }
    return body;
  });
export type PromotionCodeFormInput = z.input<typeof PromotionCodeForm>;
export type PromotionCodeFormOutput = z.output<typeof PromotionCodeForm>;
