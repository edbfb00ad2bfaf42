import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTION_CODE_MESSAGES, type CreatePromotionCodeRequest } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

type H = { authorization: string };
let t: TestApp;
let admin: H;
let supervisor: H;
let tech: H;
let owner: H;
let firstId: number;
let halfId: number;

const body = (overrides: Partial<CreatePromotionCodeRequest> = {}): CreatePromotionCodeRequest => ({
  code: 'SPRING25',
  description: '$25 off the start-up fee',
  value: 2500,
  is_fixed: true,
  max_uses: 10,
  promotion_code_type_id: 3,
  starts_at: null,
  expires_at: null,
  is_active: true,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  const org = await givenOrganization(t);
  admin = bearer(await tokenFor(t, (await givenUser(t, { roles: ['admin'] })).id, { management: true }));
  supervisor = bearer(
    await tokenFor(t, (await givenUser(t, { roles: ['supervisor'] })).id, { management: true }),
  );
  tech = bearer(
    await tokenFor(t, (await givenUser(t, { roles: ['tech_support'] })).id, { management: true }),
  );
  owner = bearer(
    await tokenFor(t, (await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] })).id),
  );
  // id 1 is the read-only code
  const first = await t.db
    .insertInto('promotion_codes')
    .values({
      code: 'FIRSTMONTHFREE',
      description: 'First month free',
      value: 100,
      is_fixed: false,
      promotion_code_type_id: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  firstId = Number(first.id);
  const half = await t.db
    .insertInto('promotion_codes')
    .values({ code: 'HALFOFF', description: 'Half off', value: 50, is_fixed: false, status_id: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  halfId = Number(half.id);
});
afterAll(() => t?.close());

const url = (path = '') => `${API}/promotion-codes${path}`;

describe('GET /promotion-codes and /promotion-codes/{id}', () => {
  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(`/${halfId}`) })).statusCode).toBe(401);
  });

  it('without promotion-codes.manage, returns 403', async () => {
    for (const headers of [tech, owner]) {
      expect((await t.app.inject({ method: 'GET', url: url(), headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: url(`/${halfId}`), headers })).statusCode).toBe(403);
    }
  });

  it('lists codes newest first, with status, type and the read-only flag', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: supervisor });
    expect(res.statusCode).toBe(200);
    expect(res.json().promotion_codes.meta).toEqual({
      current_page: 1,
      per_page: 10,
      total: 2,
      last_page: 1,
    });
    const [half, first] = res.json().promotion_codes.data;
    expect(first).toMatchObject({
      id: firstId,
      code: 'FIRSTMONTHFREE',
      value: 100,
      is_fixed: false,
      is_active: true,
      read_only: firstId === 1,
    });
    expect(half).toMatchObject({ code: 'HALFOFF', is_active: false, status_id: 2, uses: 0, max_uses: null });
  });

  it('searches by code and filters by status', async () => {
    const search = await t.app.inject({ method: 'GET', url: url('?search=month'), headers: admin });
    expect(search.json().promotion_codes.data.map((c: { code: string }) => c.code)).toEqual([
      'FIRSTMONTHFREE',
    ]);
    const inactive = await t.app.inject({ method: 'GET', url: url('?status=2'), headers: admin });
    expect(inactive.json().promotion_codes.data.map((c: { code: string }) => c.code)).toEqual(['HALFOFF']);
    const bad = await t.app.inject({ method: 'GET', url: url('?status=3'), headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('shows one code; an unknown id is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(`/${halfId}`), headers: admin });
    expect(res.json().promotion_code.code).toBe('HALFOFF');
    expect((await t.app.inject({ method: 'GET', url: url('/999999'), headers: admin })).statusCode).toBe(404);
  });
});

describe('POST /promotion-codes', () => {
  it('without a token 401, without promotion-codes.manage 403', async () => {
    expect((await t.app.inject({ method: 'POST', url: url(), payload: body() })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: url(), payload: body(), headers: tech })).statusCode,
    ).toBe(403);
  });

  it('creates a fixed code in cents (kept in dollars in the table)', async () => {
    const res = await t.app.inject({ method: 'POST', url: url(), payload: body(), headers: supervisor });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: PROMOTION_CODE_MESSAGES.created,
      promotion_code: {
        code: 'SPRING25',
        value: 2500,
        is_fixed: true,
        max_uses: 10,
        uses: 0,
        is_active: true,
        read_only: false,
      },
    });
    const row = await t.db
      .selectFrom('promotion_codes')
      .select('value')
      .where('code', '=', 'SPRING25')
      .executeTakeFirstOrThrow();
    expect(Number(row.value)).toBe(25);
  });

  it('creates a percent code with dates', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      payload: body({
        code: 'SUMMER125',
        value: 12.5,
        is_fixed: false,
        starts_at: '2026-06-01T00:00:00.000Z',
        expires_at: '2026-09-01T00:00:00.000Z',
        is_active: false,
      }),
      headers: admin,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().promotion_code).toMatchObject({
      value: 12.5,
      is_fixed: false,
      is_active: false,
      starts_at: '2026-06-01T00:00:00.000Z',
      expires_at: '2026-09-01T00:00:00.000Z',
    });
  });

  it.each([
    ['code', body({ code: '' }), 'Required'],
    ['code', body({ code: 'spring25' }), PROMOTION_CODE_MESSAGES.codeFormat],
    ['code', body({ code: 'SPRING-25' }), PROMOTION_CODE_MESSAGES.codeFormat],
    ['description', body({ description: ' ' }), 'Required'],
    ['value', body({ value: -1 }), PROMOTION_CODE_MESSAGES.negative],
    ['value', body({ value: -5, is_fixed: false }), PROMOTION_CODE_MESSAGES.negative],
    ['value', body({ value: 101, is_fixed: false }), PROMOTION_CODE_MESSAGES.percentMax],
    ['value', body({ value: 12.345, is_fixed: false }), PROMOTION_CODE_MESSAGES.percentDecimals],
    ['value', body({ value: 25.5 }), PROMOTION_CODE_MESSAGES.invalidNumber],
    ['value', { ...body(), value: undefined }, 'Required'],
    ['promotion_code_type_id', body({ promotion_code_type_id: 9 }), PROMOTION_CODE_MESSAGES.invalidType],
    ['max_uses', body({ max_uses: -1 }), PROMOTION_CODE_MESSAGES.maxUses],
    [
      'expires_at',
      body({ starts_at: '2026-06-01T00:00:00Z', expires_at: '2026-05-01T00:00:00Z' }),
      PROMOTION_CODE_MESSAGES.expiresBeforeStart,
    ],
  ])('%s: %j -> %s', async (field, payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: url(), payload, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('a code already taken answers 422 on code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      payload: body({ code: 'HALFOFF' }),
      headers: admin,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: [PROMOTION_CODE_MESSAGES.codeTaken] });
  });
});

describe('PUT /promotion-codes/{id}', () => {
  it('without a token 401, without promotion-codes.manage 403, unknown 404', async () => {
    const payload = body({ code: 'HALFOFF', value: 40, is_fixed: false });
    expect((await t.app.inject({ method: 'PUT', url: url(`/${halfId}`), payload })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: url(`/${halfId}`), payload, headers: owner })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: url('/999999'), payload, headers: admin })).statusCode,
    ).toBe(404);
  });

  it('updates everything but the code', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${halfId}`),
      payload: body({
        code: 'HALFOFF',
        description: 'Forty off',
        value: 40,
        is_fixed: false,
        is_active: true,
      }),
      headers: supervisor,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PROMOTION_CODE_MESSAGES.updated,
      promotion_code: { code: 'HALFOFF', description: 'Forty off', value: 40, is_active: true },
    });
  });

  it('refuses a new code: the code is set at creation', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${halfId}`),
      payload: body({ code: 'OTHER', value: 40, is_fixed: false }),
      headers: admin,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: [PROMOTION_CODE_MESSAGES.codeLocked] });
  });

  it('the code with id 1 is read-only', async () => {
    if (firstId !== 1) return; // the fresh database starts at 1
    const res = await t.app.inject({
      method: 'PUT',
      url: url('/1'),
      payload: body({ code: 'FIRSTMONTHFREE', value: 50, is_fixed: false }),
      headers: admin,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PROMOTION_CODE_MESSAGES.readOnly);
    const del = await t.app.inject({ method: 'DELETE', url: url('/1'), headers: admin });
    expect(del.statusCode).toBe(403);
  });
});

describe('DELETE /promotion-codes/{id}', () => {
  it('401, 403, 404, then deletes', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: url(),
      payload: body({ code: 'GONE' }),
      headers: admin,
    });
    const id = created.json().promotion_code.id;
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${id}`) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${id}`), headers: tech })).statusCode).toBe(
      403,
    );
    const res = await t.app.inject({ method: 'DELETE', url: url(`/${id}`), headers: supervisor });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROMOTION_CODE_MESSAGES.deleted);
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${id}`), headers: admin })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /promotion-codes/validate_code', () => {
  const validate = (code: unknown, headers?: H) =>
    t.app.inject({ method: 'POST', url: url('/validate_code'), payload: { code }, headers });

  it('without a token, returns 401', async () => {
    expect((await validate('SPRING25')).statusCode).toBe(401);
  });

  it('any signed-in user learns whether a code is usable now', async () => {
    const res = await validate('spring25', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: PROMOTION_CODE_MESSAGES.valid,
      promotion_code: expect.objectContaining({
        code: 'SPRING25',
        value: 2500,
        is_fixed: true,
        promotion_code_type_id: 3,
      }),
    });
  });

  it('unknown, inactive, not started, expired or used-up codes all answer the same 422', async () => {
    await t.db
      .insertInto('promotion_codes')
      .values([
        { code: 'OFFCODE', description: 'x', value: 5, status_id: 2 },
        { code: 'LATER', description: 'x', value: 5, starts_at: new Date(Date.now() + 86_400_000) },
        { code: 'OLD', description: 'x', value: 5, expires_at: new Date(Date.now() - 86_400_000) },
        { code: 'USEDUP', description: 'x', value: 5, max_uses: 1, uses: 1 },
      ])
      .execute();
    for (const code of ['NOPE', 'OFFCODE', 'LATER', 'OLD', 'USEDUP']) {
      const res = await validate(code, owner);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ code: [PROMOTION_CODE_MESSAGES.invalidCode] });
    }
    const empty = await validate('', owner);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ code: ['Required'] });
  });
});
