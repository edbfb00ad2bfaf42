import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING_MESSAGES, PROMOTION_CODE_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

/** Hostile input on pricing and promotion codes: negative cents, huge numbers, text for numbers. */

type H = { authorization: string };
let t: TestApp;
let admin: H;
let org: number;

const valid = () => ({
  arch_fees: { software: 100, initial_case_setup: 100, print: 100, insert_brackets: 100, rush_case: 100 },
  export_fees: {
    export_with_guides: 0,
    export_with_brackets: 0,
    export_tray: 0,
    export_aligner_models: 0,
    tray_design: 0,
  },
  shipping_fees: { express: 0, urgent: 0, lightspeed: 0, international: 0 },
  settings: {
    delay_case_charging: 1,
    delay_payment_processing: 1,
    flat_monthly: 0,
    root_integration: 0,
    root_integration_with_ai: 0,
    additional_seat: 0,
  },
  arch_volume_discounts: [] as unknown[],
});

beforeAll(async () => {
  t = await createTestApp();
  org = await givenOrganization(t);
  admin = bearer(await tokenFor(t, (await givenUser(t, { roles: ['admin'] })).id, { management: true }));
});
afterAll(() => t?.close());

const putPricing = (url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `${API}${url}`, payload: payload as object, headers: admin });

describe('pricing refuses hostile numbers', () => {
  const withFee = (value: unknown) => ({ ...valid(), arch_fees: { ...valid().arch_fees, software: value } });
  it.each([
    ['negative cents', -100],
    ['a fraction of a cent', 12.5],
    ['a huge number', 1e20],
    ['Infinity as text', 'Infinity'],
    ['a numeric string', '100'],
    ['a non-numeric string', 'abc'],
    ['an object', { $gt: 0 }],
    ['an array', [1]],
    ['a boolean', true],
  ])('%s is "Invalid value"', async (_label, value) => {
    for (const url of ['/pricing', `/organizations/${org}/pricing`]) {
      const res = await putPricing(url, withFee(value));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors['arch_fees.software']).toEqual([PRICING_MESSAGES.invalid]);
    }
  });

  it('a null fee is "Required"', async () => {
    const res = await putPricing('/pricing', withFee(null));
    expect(res.json().errors['arch_fees.software']).toEqual([PRICING_MESSAGES.required]);
  });

  it.each([
    ['negative', -1],
    ['above 100', 1000],
    ['three decimals', 10.555],
    ['text', 'ten'],
  ])('a discount %s is "Invalid discount percentage."', async (_label, discount) => {
    const res = await putPricing('/pricing', {
      ...valid(),
      arch_volume_discounts: [{ volume: 1, discount }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['arch_volume_discounts.0.discount']).toEqual([PRICING_MESSAGES.discount]);
  });

  it('huge volumes and day counts are refused', async () => {
    const res = await putPricing('/pricing', {
      ...valid(),
      settings: { ...valid().settings, delay_case_charging: 1e12, delay_payment_processing: -3 },
      arch_volume_discounts: [{ volume: 2 ** 53, discount: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'settings.delay_case_charging': [PRICING_MESSAGES.max20Days],
      'settings.delay_payment_processing': [PRICING_MESSAGES.dayMin],
      'arch_volume_discounts.0.volume': [PRICING_MESSAGES.invalid],
    });
  });

  it('a thousand volume rows are refused before anything is written', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ volume: i, discount: 1 }));
    const res = await putPricing('/pricing', { ...valid(), arch_volume_discounts: rows });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.arch_volume_discounts).toEqual([PRICING_MESSAGES.tooManyRows]);
    expect(await t.db.selectFrom('pricing_volume_discounts').select('id').execute()).toEqual([]);
  });

  it('extra keys are dropped, never stored (organization_id in the body cannot move a list)', async () => {
    const res = await putPricing(`/organizations/${org}/pricing`, {
      ...valid(),
      organization_id: null,
      is_custom: false,
      id: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().pricing).toMatchObject({ organization_id: org, is_custom: true });
    const global = await t.db
      .selectFrom('pricing')
      .select('id')
      .where('organization_id', 'is', null)
      .execute();
    expect(global).toEqual([]);
  });

  it('the largest allowed price round-trips exactly', async () => {
    const res = await putPricing('/pricing', withFee(100_000_000_000));
    expect(res.statusCode).toBe(200);
    expect(res.json().pricing.arch_fees.software).toBe(100_000_000_000);
    expect((await putPricing('/pricing', withFee(100_000_000_001))).statusCode).toBe(400);
  });

  it('a path id that is not a positive number is refused', async () => {
    for (const id of ['abc', '-1', '0', '1e3', '9'.repeat(30)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/organizations/${id}/pricing`,
        headers: admin,
      });
      expect([400, 404]).toContain(res.statusCode);
    }
  });
});

describe('promotion codes refuse hostile values', () => {
  const base = {
    code: 'HOSTILE',
    description: 'x',
    value: 100,
    is_fixed: true,
    promotion_code_type_id: 3,
  };
  const post = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/promotion-codes`,
      payload: payload as object,
      headers: admin,
    });

  it.each([
    ['negative cents', { value: -1 }, PROMOTION_CODE_MESSAGES.negative],
    ['a huge fixed amount', { value: 1e15 }, PROMOTION_CODE_MESSAGES.invalidNumber],
    ['a percent above 100', { value: 1e6, is_fixed: false }, PROMOTION_CODE_MESSAGES.percentMax],
    ['text for a value', { value: '100' }, 'Required'],
  ])('%s', async (_label, overrides, message) => {
    const res = await post({ ...base, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.value).toEqual([message]);
  });

  it.each([
    ['lower case', 'abc'],
    ['SQL', "X'; DROP TABLE promotion_codes;--"],
    ['unicode letters', 'ÄBC'],
    ['spaces inside', 'A B'],
  ])('a code with %s is refused', async (_label, code) => {
    const res = await post({ ...base, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.code).toEqual([PROMOTION_CODE_MESSAGES.codeFormat]);
  });

  it('a code over 64 characters is refused', async () => {
    const res = await post({ ...base, code: 'A'.repeat(65) });
    expect(res.json().errors.code).toEqual([PROMOTION_CODE_MESSAGES.codeTooLong]);
  });

  it('huge max uses and search text with LIKE wildcards are handled', async () => {
    const res = await post({ ...base, max_uses: 1e12 });
    expect(res.json().errors.max_uses).toEqual([PROMOTION_CODE_MESSAGES.maxUses]);
    expect((await post({ ...base, code: 'PCT100' })).statusCode).toBe(201);
    const search = await t.app.inject({
      method: 'GET',
      url: `${API}/promotion-codes?search=%25`,
      headers: admin,
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().promotion_codes.data).toEqual([]);
  });

  it('validate_code with a very long or odd code answers the one refusal', async () => {
    const owner = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
    const headers = bearer(await tokenFor(t, owner.id));
    for (const code of ["' OR 1=1 --", '%', 'A'.repeat(64)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/promotion-codes/validate_code`,
        payload: { code },
        headers,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toEqual([PROMOTION_CODE_MESSAGES.invalidCode]);
    }
    const long = await t.app.inject({
      method: 'POST',
      url: `${API}/promotion-codes/validate_code`,
      payload: { code: 'A'.repeat(65) },
      headers,
    });
    expect(long.statusCode).toBe(400);
  });
});
