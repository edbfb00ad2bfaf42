import { describe, expect, it } from 'vitest';
import {
  PROMOTION_CODE_MESSAGES,
  PromotionCodeForm,
  type PromotionCodeFormInput,
} from './promotion-codes.ts';

const form = (overrides: Partial<PromotionCodeFormInput> = {}): PromotionCodeFormInput => ({
  code: 'SPRING25',
  description: 'Spring',
  is_fixed: true,
  value: '25.50',
  max_uses: '',
  promotion_code_type_id: 3,
  starts_at: '',
  expires_at: '',
  is_active: true,
  ...overrides,
});
const errorsOf = (input: PromotionCodeFormInput) => {
  const r = PromotionCodeForm.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the promotion code form', () => {
  it('sends dollars as cents when fixed, a percent otherwise', () => {
    expect(PromotionCodeForm.parse(form())).toMatchObject({ value: 2550, is_fixed: true, max_uses: null });
    expect(PromotionCodeForm.parse(form({ is_fixed: false, value: '12.5', max_uses: '3' }))).toMatchObject({
      value: 12.5,
      is_fixed: false,
      max_uses: 3,
    });
  });

  it.each([
    [{ code: 'spring' }, 'code', PROMOTION_CODE_MESSAGES.codeFormat],
    [{ code: '' }, 'code', PROMOTION_CODE_MESSAGES.required],
    [{ description: '' }, 'description', PROMOTION_CODE_MESSAGES.required],
    [{ value: '' }, 'value', PROMOTION_CODE_MESSAGES.required],
    [{ value: '-5' }, 'value', PROMOTION_CODE_MESSAGES.negative],
    [{ value: 'abc' }, 'value', PROMOTION_CODE_MESSAGES.invalidNumber],
    [{ value: '150', is_fixed: false }, 'value', PROMOTION_CODE_MESSAGES.percentMax],
    [{ promotion_code_type_id: '' }, 'promotion_code_type_id', PROMOTION_CODE_MESSAGES.required],
    [{ max_uses: '1.5' }, 'max_uses', PROMOTION_CODE_MESSAGES.maxUses],
    [
      { starts_at: '2026-05-02', expires_at: '2026-05-01' },
      'expires_at',
      PROMOTION_CODE_MESSAGES.expiresBeforeStart,
    ],
  ])('%j -> %s: %s', (overrides, field, message) => {
    expect(errorsOf(form(overrides as Partial<PromotionCodeFormInput>))[field]).toBe(message);
  });

  it('a negative value says so even while other fields are still empty', () => {
    expect(errorsOf(form({ code: '', value: '-1' })).value).toBe(PROMOTION_CODE_MESSAGES.negative);
  });
});
