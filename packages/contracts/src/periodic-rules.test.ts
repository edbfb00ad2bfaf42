import { describe, expect, it } from 'vitest';
import {
  CreatePeriodicRuleRequest,
  PERIODIC_RULE_MESSAGES,
  PeriodicRuleForm,
  periodicRuleFormValues,
  signedRuleValue,
  type PeriodicRule,
} from './periodic-rules.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('signedRuleValue', () => {
  it('negates a discount and keeps a charge', () => {
    expect(signedRuleValue('Discount', 1000)).toBe(-1000);
    expect(signedRuleValue('Charge', 1000)).toBe(1000);
  });
});

describe('CreatePeriodicRuleRequest', () => {
  const body = {
    contract_id: 3,
    type: 'Charge',
    value: 2500,
    custom_description: 'Extra storage',
    is_active: true,
  };

  it('takes value, description and is_active as required; dates optional', () => {
    expect(CreatePeriodicRuleRequest.safeParse(body).success).toBe(true);
    expect(messages(CreatePeriodicRuleRequest.safeParse({ contract_id: 3, type: 'Charge' }))).toEqual({
      value: PERIODIC_RULE_MESSAGES.required,
      custom_description: PERIODIC_RULE_MESSAGES.required,
      is_active: PERIODIC_RULE_MESSAGES.required,
    });
    expect(messages(CreatePeriodicRuleRequest.safeParse({ ...body, custom_description: '  ' }))).toEqual({
      custom_description: PERIODIC_RULE_MESSAGES.required,
    });
  });

  it('refuses a value that is not positive whole cents, and dates in the wrong order', () => {
    for (const value of [0, -100, 10.5])
      expect(messages(CreatePeriodicRuleRequest.safeParse({ ...body, value }))).toEqual({
        value: PERIODIC_RULE_MESSAGES.invalidValue,
      });
    expect(
      messages(
        CreatePeriodicRuleRequest.safeParse({
          ...body,
          applied_from: '2026-12-01',
          applied_to: '2026-11-01',
        }),
      ),
    ).toEqual({ applied_to: PERIODIC_RULE_MESSAGES.endBeforeStart });
    expect(messages(CreatePeriodicRuleRequest.safeParse({ ...body, applied_from: '2026-13-01' }))).toEqual({
      applied_from: PERIODIC_RULE_MESSAGES.invalidDate,
    });
  });
});

describe('PeriodicRuleForm', () => {
  it('turns dollars into exact cents and empty dates into null', () => {
    const out = PeriodicRuleForm.parse({
      ...periodicRuleFormValues(),
      type: 'Discount',
      amount: '19.99',
      custom_description: ' Loyalty ',
    });
    expect(out).toEqual({
      type: 'Discount',
      value: 1999,
      custom_description: 'Loyalty',
      is_active: true,
      applied_from: null,
      applied_to: null,
    });
  });

  it('shows a saved discount in positive dollars with 2 decimals', () => {
    const rule: PeriodicRule = {
      id: 1,
      contract_id: 2,
      type: 'Discount',
      value: -1050,
      custom_description: 'Loyalty',
      is_active: false,
      applied_from: '2026-12-01',
      applied_to: null,
      created_at: '',
      updated_at: '',
    };
    expect(periodicRuleFormValues(rule)).toMatchObject({ amount: '10.50', is_active: false, applied_to: '' });
  });

  it('gives the spec messages', () => {
    expect(messages(PeriodicRuleForm.safeParse({ ...periodicRuleFormValues(), amount: '' }))).toMatchObject({
      amount: PERIODIC_RULE_MESSAGES.required,
      custom_description: PERIODIC_RULE_MESSAGES.required,
    });
    expect(
      messages(
        PeriodicRuleForm.safeParse({ ...periodicRuleFormValues(), amount: '1.234', custom_description: 'x' }),
      ),
    ).toEqual({ amount: PERIODIC_RULE_MESSAGES.amountFormat });
  });
});
