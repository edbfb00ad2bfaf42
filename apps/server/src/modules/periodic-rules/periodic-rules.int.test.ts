import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIODIC_RULE_MESSAGES, type CreatePeriodicRuleRequest } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildContract } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let admin: H;
let superAdmin: H;
let supervisor: H;
let owner: H;
let contractA: number;
let contractB: number;

const url = (path = '') => `${API}/periodic-rules${path}`;
const body = (overrides: Partial<CreatePeriodicRuleRequest> = {}): CreatePeriodicRuleRequest => ({
  contract_id: contractA,
  type: 'Charge',
  value: 2500,
  custom_description: 'Extra storage',
  is_active: true,
  applied_from: '2026-12-01',
  applied_to: null,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  const orgA = await givenOrganization(t, { name: 'Alpha Ortho' });
  const orgB = await givenOrganization(t, { name: 'Beta Ortho' });
  contractA = (await buildContract(t.db, orgA)).id;
  contractB = (await buildContract(t.db, orgB)).id;
  admin = bearer(await tokenFor(t, (await givenUser(t, { roles: ['admin'] })).id, { management: true }));
  superAdmin = bearer(
    await tokenFor(t, (await givenUser(t, { roles: ['super_admin'] })).id, { management: true }),
  );
  supervisor = bearer(
    await tokenFor(t, (await givenUser(t, { roles: ['supervisor'] })).id, { management: true }),
  );
  owner = bearer(
    await tokenFor(t, (await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] })).id),
  );
});
afterAll(() => t?.close());

async function create(overrides: Partial<CreatePeriodicRuleRequest> = {}, headers: H = admin) {
  return t.app.inject({ method: 'POST', url: url(), headers, payload: body(overrides) });
}

describe('POST /periodic-rules', () => {
  it('without a token 401; without periodic-rules.manage 403', async () => {
    expect((await t.app.inject({ method: 'POST', url: url(), payload: body() })).statusCode).toBe(401);
    expect((await create({}, supervisor)).statusCode).toBe(403);
    expect((await create({}, owner)).statusCode).toBe(403);
  });

  it('creates a charge and a discount; the discount answers negated, the table keeps it positive', async () => {
    const charge = await create();
    expect(charge.statusCode).toBe(201);
    expect(charge.json()).toMatchObject({
      message: PERIODIC_RULE_MESSAGES.created,
      periodic_rule: {
        contract_id: contractA,
        type: 'Charge',
        value: 2500,
        custom_description: 'Extra storage',
        is_active: true,
        applied_from: '2026-12-01',
        applied_to: null,
      },
    });
    const discount = await create(
      { type: 'Discount', value: 1050, custom_description: 'Loyalty' },
      superAdmin,
    );
    expect(discount.statusCode).toBe(201);
    expect(discount.json().periodic_rule).toMatchObject({ type: 'Discount', value: -1050 });
    const stored = await t.db
      .selectFrom('periodic_rules')
      .select(['type', 'value'])
      .where('id', '=', discount.json().periodic_rule.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ type: 'discount', value: 10.5 });
  });

  it('answers the validation messages (value, description, is_active required; dates optional)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: admin,
      payload: { contract_id: contractA, type: 'Charge' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      value: [PERIODIC_RULE_MESSAGES.required],
      custom_description: [PERIODIC_RULE_MESSAGES.required],
      is_active: [PERIODIC_RULE_MESSAGES.required],
    });
    const zero = await create({ value: 0 });
    expect(zero.json().errors).toEqual({ value: [PERIODIC_RULE_MESSAGES.invalidValue] });
    const order = await create({ applied_from: '2026-12-10', applied_to: '2026-12-01' });
    expect(order.json().errors).toEqual({ applied_to: [PERIODIC_RULE_MESSAGES.endBeforeStart] });
    const type = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: admin,
      payload: { ...body(), type: 'Refund' },
    });
    expect(type.json().errors).toEqual({ type: [PERIODIC_RULE_MESSAGES.invalidType] });
    const undated = await create({ applied_from: null, applied_to: null });
    expect(undated.statusCode).toBe(201);
  });

  it('an unknown contract is 404', async () => {
    const res = await create({ contract_id: 999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PERIODIC_RULE_MESSAGES.contractNotFound);
  });
});

describe('GET /periodic-rules?contractId and /periodic-rules/{id}', () => {
  it('without a token 401; without periodic-rules.manage 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(`?contractId=${contractA}`) })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: url(`?contractId=${contractA}`), headers: supervisor }))
        .statusCode,
    ).toBe(403);
  });

  it("lists the contract's rules only; contractId is required", async () => {
    await create({ contract_id: contractB, custom_description: 'Beta only' });
    const res = await t.app.inject({ method: 'GET', url: url(`?contractId=${contractA}`), headers: admin });
    expect(res.statusCode).toBe(200);
    const rules = res.json().periodic_rules as { contract_id: number; custom_description: string }[];
    expect(rules.length).toBeGreaterThanOrEqual(2);
    expect(rules.every((r) => r.contract_id === contractA)).toBe(true);
    expect(rules.map((r) => r.custom_description)).not.toContain('Beta only');
    const missing = await t.app.inject({ method: 'GET', url: url(), headers: admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.contractId).toEqual([PERIODIC_RULE_MESSAGES.required]);
  });

  it('shows one rule; named under another contract it is 404', async () => {
    const id = (await create()).json().periodic_rule.id;
    const one = await t.app.inject({
      method: 'GET',
      url: url(`/${id}?contractId=${contractA}`),
      headers: admin,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().periodic_rule.id).toBe(id);
    const other = await t.app.inject({
      method: 'GET',
      url: url(`/${id}?contractId=${contractB}`),
      headers: admin,
    });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(`/${id}`) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(`/${id}`), headers: supervisor })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: url('/999999'), headers: admin })).statusCode).toBe(404);
  });
});

describe('PUT /periodic-rules/{id}', () => {
  it('updates every field and answers the message', async () => {
    const id = (await create()).json().periodic_rule.id;
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${id}`),
      headers: admin,
      payload: body({
        type: 'Discount',
        value: 999,
        custom_description: 'Now a discount',
        is_active: false,
        applied_from: null,
        applied_to: '2027-01-31',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PERIODIC_RULE_MESSAGES.updated,
      periodic_rule: {
        id,
        type: 'Discount',
        value: -999,
        custom_description: 'Now a discount',
        is_active: false,
        applied_from: null,
        applied_to: '2027-01-31',
      },
    });
  });

  it('401, 403, validation, and 404 for a rule of another contract', async () => {
    const id = (await create()).json().periodic_rule.id;
    const put = (payload: unknown, headers?: H) =>
      t.app.inject({ method: 'PUT', url: url(`/${id}`), headers, payload: payload as object });
    expect((await put(body())).statusCode).toBe(401);
    expect((await put(body(), supervisor)).statusCode).toBe(403);
    const invalid = await put({ ...body(), custom_description: ' ', is_active: undefined }, admin);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      custom_description: [PERIODIC_RULE_MESSAGES.required],
      is_active: [PERIODIC_RULE_MESSAGES.required],
    });
    expect((await put(body({ contract_id: contractB }), admin)).statusCode).toBe(404);
  });
});

describe('DELETE /periodic-rules/{id}', () => {
  it('is for the admin role: a super admin without it is 403', async () => {
    const id = (await create()).json().periodic_rule.id;
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${id}`) })).statusCode).toBe(401);
    for (const headers of [supervisor, superAdmin, owner])
      expect((await t.app.inject({ method: 'DELETE', url: url(`/${id}`), headers })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: url(`/${id}?contractId=${contractB}`), headers: admin }))
        .statusCode,
    ).toBe(404);
    const res = await t.app.inject({
      method: 'DELETE',
      url: url(`/${id}?contractId=${contractA}`),
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PERIODIC_RULE_MESSAGES.deleted });
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${id}`), headers: admin })).statusCode).toBe(
      404,
    );
  });
});
