import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  ORGANIZATION_MESSAGES,
  PRICING_MESSAGES,
  type UpdatePricingRequest,
} from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let archived: number;
let admin: H;
let supervisor: H;
let tech: H;
let ownerA: H;

function validPricing(overrides: Partial<UpdatePricingRequest> = {}): UpdatePricingRequest {
  return {
    arch_fees: {
      software: 2500,
      initial_case_setup: 7500,
      print: 4000,
      insert_brackets: 3000,
      rush_case: 5000,
    },
    export_fees: {
      export_with_guides: 2000,
      export_with_brackets: 3500,
      export_tray: 1500,
      export_aligner_models: 2500,
      tray_design: 3000,
    },
    shipping_fees: { express: 2500, urgent: 4500, lightspeed: 9000, international: 6000 },
    settings: {
      delay_case_charging: 5,
      delay_payment_processing: 3,
      flat_monthly: 19999,
      root_integration: 4000,
      root_integration_with_ai: 6050,
      additional_seat: 4500,
    },
    arch_volume_discounts: [
      { volume: 10, discount: 5 },
      { volume: 50, discount: 12.5 },
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  archived = await givenOrganization(t, { name: 'Closed Practice' });
  await t.db
    .updateTable('organizations')
    .set({ deleted_at: new Date() })
    .where('id', '=', archived)
    .execute();
  admin = bearer(await tokenFor(t, (await givenUser(t, { roles: ['admin'] })).id, { management: true }));
  supervisor = bearer(
    await tokenFor(t, (await givenUser(t, { roles: ['supervisor'] })).id, { management: true }),
  );
  tech = bearer(
    await tokenFor(t, (await givenUser(t, { roles: ['tech_support'] })).id, { management: true }),
  );
  const owner = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  ownerA = bearer(await tokenFor(t, owner.id));
});
afterAll(() => t?.close());

const put = (url: string, payload: unknown, headers?: H) =>
  t.app.inject({ method: 'PUT', url: `${API}${url}`, payload: payload as object, headers });
const get = (url: string, headers?: H) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });

describe('GET and PUT /pricing (global)', () => {
  it('without a token, returns 401', async () => {
    expect((await get('/pricing')).statusCode).toBe(401);
    expect((await put('/pricing', validPricing())).statusCode).toBe(401);
  });

  it('without pricing.update, returns 403', async () => {
    for (const headers of [supervisor, tech, ownerA]) {
      expect((await get('/pricing', headers)).statusCode).toBe(403);
      expect((await put('/pricing', validPricing(), headers)).statusCode).toBe(403);
    }
  });

  it('before any save, the global list is all zero with the shortest delays (a seat $50.00)', async () => {
    const res = await get('/pricing', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().pricing).toMatchObject({
      organization_id: null,
      is_custom: false,
      arch_fees: { software: 0, rush_case: 0 },
      settings: {
        delay_case_charging: 1,
        delay_payment_processing: 1,
        flat_monthly: 0,
        additional_seat: 5000,
      },
      arch_volume_discounts: [],
    });
  });

  it('saves the whole list in cents and keeps dollars in the tables', async () => {
    const res = await put('/pricing', validPricing(), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PRICING_MESSAGES.updated);
    expect(res.json().pricing).toMatchObject({
      organization_id: null,
      arch_fees: { software: 2500, rush_case: 5000 },
      shipping_fees: { lightspeed: 9000 },
      settings: {
        delay_case_charging: 5,
        delay_payment_processing: 3,
        flat_monthly: 19999,
        root_integration_with_ai: 6050,
        additional_seat: 4500,
      },
      arch_volume_discounts: [
        { volume: 10, discount: 5, is_global: true },
        { volume: 50, discount: 12.5, is_global: true },
      ],
    });
    const row = await t.db
      .selectFrom('pricing')
      .select(['flat_monthly', 'additional_seat', 'arch_fees', 'updated_by_user_id'])
      .where('organization_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(row.flat_monthly)).toBe(199.99);
    expect(Number(row.additional_seat)).toBe(45);
    expect((row.arch_fees as { rush_case: number }).rush_case).toBe(50);
    const again = await get('/pricing', admin);
    expect(again.json().pricing.settings.flat_monthly).toBe(19999);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'pricing.update')
      .executeTakeFirst();
    expect(audit).toBeDefined();
  });

  it('a second save replaces the volume discounts', async () => {
    const res = await put(
      '/pricing',
      validPricing({ arch_volume_discounts: [{ volume: 0, discount: 1.25 }] }),
      admin,
    );
    expect(res.json().pricing.arch_volume_discounts).toEqual([
      { volume: 0, discount: 1.25, is_global: true },
    ]);
  });

  const settings = (s: Partial<UpdatePricingRequest['settings']>) =>
    validPricing({ settings: { ...validPricing().settings, ...s } });
  it.each([
    ['settings.delay_case_charging', settings({ delay_case_charging: 0 }), PRICING_MESSAGES.dayMin],
    ['settings.delay_case_charging', settings({ delay_case_charging: 21 }), PRICING_MESSAGES.max20Days],
    ['settings.delay_payment_processing', settings({ delay_payment_processing: 0 }), PRICING_MESSAGES.dayMin],
    [
      'settings.delay_payment_processing',
      settings({ delay_payment_processing: 11 }),
      PRICING_MESSAGES.max10Days,
    ],
    ['settings.flat_monthly', settings({ flat_monthly: -1 }), PRICING_MESSAGES.invalid],
    ['settings.additional_seat', settings({ additional_seat: -1 }), PRICING_MESSAGES.invalid],
    ['settings.additional_seat', settings({ additional_seat: 12.5 }), PRICING_MESSAGES.invalid],
    [
      'arch_fees.print',
      validPricing({ arch_fees: { ...validPricing().arch_fees, print: undefined as unknown as number } }),
      PRICING_MESSAGES.required,
    ],
    [
      'arch_volume_discounts.0.discount',
      validPricing({ arch_volume_discounts: [{ volume: 5, discount: 100.5 }] }),
      PRICING_MESSAGES.discount,
    ],
    [
      'arch_volume_discounts.0.volume',
      validPricing({ arch_volume_discounts: [{ discount: 5 } as { volume: number; discount: number }] }),
      PRICING_MESSAGES.required,
    ],
    [
      'arch_volume_discounts',
      validPricing({
        arch_volume_discounts: [1, 2, 3, 4, 5].map((volume) => ({ volume, discount: volume })),
      }),
      PRICING_MESSAGES.tooManyRows,
    ],
    [
      'arch_volume_discounts.1.volume',
      validPricing({
        arch_volume_discounts: [
          { volume: 5, discount: 1 },
          { volume: 5, discount: 2 },
        ],
      }),
      PRICING_MESSAGES.duplicateVolume,
    ],
  ])('%s: %s', async (field, payload, message) => {
    const res = await put('/pricing', payload, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });
});

describe('GET, PUT and DELETE /organizations/{id}/pricing', () => {
  it('without a token, returns 401', async () => {
    expect((await get(`/organizations/${orgA}/pricing`)).statusCode).toBe(401);
    expect((await put(`/organizations/${orgA}/pricing`, validPricing())).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${API}/organizations/${orgA}/pricing` })).statusCode,
    ).toBe(401);
  });

  it('without organization.pricing.update, returns 403', async () => {
    for (const headers of [supervisor, tech, ownerA]) {
      expect((await get(`/organizations/${orgA}/pricing`, headers)).statusCode).toBe(403);
      expect((await put(`/organizations/${orgA}/pricing`, validPricing(), headers)).statusCode).toBe(403);
    }
  });

  it("another organization's pricing, or an unknown one, answers 404", async () => {
    expect((await get(`/organizations/${orgB}/pricing`, ownerA)).statusCode).toBe(404);
    expect((await put(`/organizations/${orgB}/pricing`, validPricing(), ownerA)).statusCode).toBe(404);
    expect((await get('/organizations/999999/pricing', admin)).statusCode).toBe(404);
  });

  it('an organization without its own list shows the global one', async () => {
    await put('/pricing', validPricing(), admin);
    const res = await get(`/organizations/${orgB}/pricing`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().pricing).toMatchObject({
      organization_id: orgB,
      is_custom: false,
      arch_fees: { rush_case: 5000 },
      arch_volume_discounts: [
        { volume: 10, is_global: true },
        { volume: 50, is_global: true },
      ],
    });
  });

  it("saves an organization's own list; the global list is unchanged", async () => {
    const body = validPricing({
      arch_fees: { software: 1999, initial_case_setup: 0, print: 3333, insert_brackets: 1, rush_case: 7550 },
      arch_volume_discounts: [{ volume: 20, discount: 7.75 }],
    });
    const res = await put(`/organizations/${orgA}/pricing`, body, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PRICING_MESSAGES.updated,
      pricing: {
        organization_id: orgA,
        is_custom: true,
        arch_fees: { software: 1999, print: 3333, insert_brackets: 1, rush_case: 7550 },
        arch_volume_discounts: [{ volume: 20, discount: 7.75, is_global: false }],
      },
    });
    expect((await get(`/organizations/${orgA}/pricing`, admin)).json().pricing.arch_fees.rush_case).toBe(
      7550,
    );
    expect((await get('/pricing', admin)).json().pricing.arch_fees.rush_case).toBe(5000);
  });

  it('the case form reads the organization rush fee in dollars from the same row', async () => {
    const row = await t.db
      .selectFrom('pricing')
      .select('arch_fees')
      .where('organization_id', '=', orgA)
      .executeTakeFirstOrThrow();
    expect((row.arch_fees as { rush_case: number }).rush_case).toBe(75.5);
  });

  it('an archived organization is read-only (409)', async () => {
    const res = await put(`/organizations/${archived}/pricing`, validPricing(), admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORGANIZATION_MESSAGES.readOnlyArchived);
  });

  it('validation messages are the same as on the global list', async () => {
    const res = await put(
      `/organizations/${orgA}/pricing`,
      validPricing({ settings: { ...validPricing().settings, delay_case_charging: 25 } }),
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['settings.delay_case_charging']).toEqual([PRICING_MESSAGES.max20Days]);
  });

  it('DELETE puts the organization back on the global list', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${API}/organizations/${orgA}/pricing`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PRICING_MESSAGES.reset);
    expect(res.json().pricing).toMatchObject({ is_custom: false, arch_fees: { rush_case: 5000 } });
    const forbidden = await t.app.inject({
      method: 'DELETE',
      url: `${API}/organizations/${orgA}/pricing`,
      headers: supervisor,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('custom Rx form field prices', () => {
  it("lists the default layout's fee-enabled fields with their options, and saves their prices in cents", async () => {
    const layout = JSON.parse(JSON.stringify(DEFAULT_LAYOUT)) as unknown[];
    layout.push({
      type: 'section',
      id: 'section-retainer',
      columns: [
        {
          id: 'column-retainer',
          controls: [
            {
              id: 'custom-retainer',
              system_type: 'dropdown',
              system_name: 'dropdown',
              custom_system_name: 'retainer',
              props: {
                label: 'Retainer',
                options: [
                  { id: 'essix', name: 'Essix' },
                  { id: 'vivera', name: 'Vivera' },
                ],
              },
              rules: { required: false },
              fee_enabled: true,
              marker: null,
            },
          ],
        },
      ],
    });
    await t.db
      .insertInto('form_builder_layouts')
      .values({ organization_id: null, form_data: JSON.stringify(layout) })
      .execute();
    const before = await get('/pricing', admin);
    expect(before.json().pricing.custom_rxform).toEqual([
      {
        id: 'custom-retainer',
        label: 'Retainer',
        options: [
          { id: 'essix', label: 'Essix', price: 0 },
          { id: 'vivera', label: 'Vivera', price: 0 },
        ],
      },
    ]);
    const saved = await put(
      '/pricing',
      validPricing({
        custom_rxform: [
          {
            id: 'custom-retainer',
            label: 'Retainer',
            options: [
              { id: 'essix', label: 'Essix', price: 1500 },
              { id: 'vivera', label: 'Vivera', price: 4999 },
            ],
          },
        ],
      }),
      admin,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().pricing.custom_rxform[0].options.map((o: { price: number }) => o.price)).toEqual([
      1500, 4999,
    ]);
    const row = await t.db
      .selectFrom('pricing')
      .select('custom_rxform')
      .where('organization_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(row.custom_rxform).toEqual([
      {
        id: 'custom-retainer',
        label: 'Retainer',
        options: [
          { id: 'essix', label: 'Essix', price: 15 },
          { id: 'vivera', label: 'Vivera', price: 49.99 },
        ],
      },
    ]);
    // An organization without a layout of its own prices the same fields.
    const org = await get(`/organizations/${orgB}/pricing`, admin);
    expect(org.json().pricing.custom_rxform[0].options[1].price).toBe(4999);
    const negative = await put(
      '/pricing',
      validPricing({
        custom_rxform: [
          { id: 'custom-retainer', label: 'Retainer', options: [{ id: 'essix', label: 'Essix', price: -1 }] },
        ],
      }),
      admin,
    );
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors['custom_rxform.0.options.0.price']).toEqual([PRICING_MESSAGES.invalid]);
  });
});
