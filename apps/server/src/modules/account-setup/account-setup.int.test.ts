import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SETUP_MESSAGES, SURVEY_OTHER_ANSWER_ID } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  API,
  bearer,
  givenOrganization,
  givenUser,
  solveAltcha,
  tokenFor,
} from '../../../test/auth-helpers.ts';
import { buildLicenseType, buildOnboarding, buildOrganization } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let owner: { id: number; headers: H };
let member: H;
let ownerB: H;
let admin: H;
let standardTypeId: number;

const details = {
  organization: 'bright smiles dental',
  first_name: '  olive ',
  last_name: 'owner',
  email: 'ignored@example.test',
  phone_number: '+13035550100',
  street_address: '1 Main Street',
  street_address_line_2: 'Suite 5',
  city: 'Denver',
  state: 'CO',
  country: 'USA',
  zip_code: '80202',
  survey_question_id: 1,
  survey_answer_id: 3,
};

/** A fresh sign-up: an organization flagged for the account setup with its owner signed in. */
async function newAccount(name = "Fresh Person's Account") {
  const org = await buildOrganization(t.db, { name, account_number: null, initial_setup_required: true });
  await buildOnboarding(t.db, org.id, { status: 1, current_step: 0 });
  const user = await givenUser(t, { organizations: [{ id: org.id, role: 'organization_owner' }] });
  return { orgId: org.id, userId: user.id, headers: bearer(await tokenFor(t, user.id)) };
}

const cardToken = (last4 = '4242', random = 'a1') => `offline_card_visa_${last4}_203012_${random}`;
const bankToken = (last4 = '6789', random = 'b1') => `offline_bank_savings_${last4}_${random}`;

async function addMethod(headers: H, organizationId: number, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/f_m_payment_methods`,
    headers,
    payload: { organization_id: organizationId, token, altcha: await solveAltcha(t) },
  });
}

async function promotionCode(code: string, values: Record<string, unknown> = {}) {
  return t.db
    .insertInto('promotion_codes')
    .values({
      code,
      description: `${code} description`,
      value: 25,
      is_fixed: true,
      // Start-up fee codes unless a test says otherwise.
      promotion_code_type_id: 3,
      ...values,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

const isoDay = (days = 0) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await newAccount("Olive Owner's Account");
  orgA = a.orgId;
  owner = { id: a.userId, headers: a.headers };
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const m = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_member' }] });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  const ad = await givenUser(t, { roles: ['admin'] });
  member = bearer(await tokenFor(t, m.id));
  ownerB = bearer(await tokenFor(t, ob.id));
  admin = bearer(await tokenFor(t, ad.id, { management: true }));
  standardTypeId = (await buildLicenseType(t.db, { name: 'Standard', default_seats: 3, monthly_fee: 299 }))
    .id;
  await buildLicenseType(t.db, { name: 'Premium', default_seats: 10, monthly_fee: 599 });
  await promotionCode('TESTFIXED25', { value: 25, is_fixed: true });
  await promotionCode('TESTHALF', { value: 50, is_fixed: false });
  await promotionCode('TESTALL', { value: 100, is_fixed: false, description: 'Start-up fee waived' });
  await promotionCode('TESTMONTHFREE', { value: 100, is_fixed: false, promotion_code_type_id: 1 });
  await promotionCode('TESTEXPIRED', { expires_at: new Date(Date.now() - 86_400_000) });
  await promotionCode('TESTLATER', { starts_at: new Date(Date.now() + 86_400_000) });
  await promotionCode('TESTINACTIVE', { status_id: 2 });
  await promotionCode('TESTMAXED', { max_uses: 1, uses: 1 });
});
afterAll(() => t?.close());

describe('GET /survey_questions/{id}', () => {
  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API}/survey_questions/1` })).statusCode).toBe(401);
  });

  it('answers the seeded question with its seven answers, 7 being Other', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/survey_questions/1`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.has_questions).toBe(true);
    expect(body.survey_question.question).toBe('How did you hear about us?');
    expect(body.survey_question.survey_answers.map((a: { id: number }) => a.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(body.survey_question.survey_answers[6]).toEqual({ id: SURVEY_OTHER_ANSWER_ID, answer: 'Other' });
  });

  it('answers null for an unknown question', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/survey_questions/999`,
      headers: owner.headers,
    });
    expect(res.json()).toEqual({ survey_question: null, has_questions: true });
  });
});

describe('account details', () => {
  const url = (id: number) => `${API}/organizations/${id}/account-details`;

  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(orgA) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: url(orgA), payload: details })).statusCode).toBe(401);
  });

  it('for an organization_member, returns 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(orgA), headers: member })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'PUT', url: url(orgA), headers: member, payload: details });
    expect(res.statusCode).toBe(403);
  });

  it("for another organization's owner, returns 404", async () => {
    expect((await t.app.inject({ method: 'GET', url: url(orgA), headers: ownerB })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'PUT', url: url(orgA), headers: ownerB, payload: details });
    expect(res.statusCode).toBe(404);
  });

  it("prefills an empty organization name while it is the sign-up's default", async () => {
    const res = await t.app.inject({ method: 'GET', url: url(orgA), headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      organization: '',
      country: 'USA',
      phone_number: '',
      survey_answer_id: null,
    });
  });

  it("names every refused field with the spec's message (400, like every schema check)", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(orgA),
      headers: owner.headers,
      payload: { survey_question_id: 1, email: 'a@b.co' },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    for (const field of ['organization', 'first_name', 'last_name', 'street_address', 'city', 'zip_code'])
      expect(errors[field], field).toEqual(['Required']);
    expect(errors.phone_number).toEqual(['Required']);
    expect(errors.state).toEqual(['Required']);
    expect(errors.street_address_line_2).toBeUndefined();
    expect(errors.survey_answer_id).toEqual(['Must not be empty.']);

    const formats = await t.app.inject({
      method: 'PUT',
      url: url(orgA),
      headers: owner.headers,
      payload: { ...details, phone_number: '+0123', state: 'COL', survey_answer_id: SURVEY_OTHER_ANSWER_ID },
    });
    expect(formats.statusCode).toBe(400);
    expect(formats.json().errors).toEqual({
      phone_number: ['Invalid phone number.'],
      state: ['State must be exactly 2 characters.'],
      survey_response_other: ['Required'],
    });
  });

  it('requires an answer while a question exists, and one that belongs to it', async () => {
    const missing = await t.app.inject({
      method: 'PUT',
      url: url(orgA),
      headers: owner.headers,
      payload: { ...details, survey_question_id: null, survey_answer_id: null },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ survey_answer_id: ['Must not be empty.'] });
    const unknown = await t.app.inject({
      method: 'PUT',
      url: url(orgA),
      headers: owner.headers,
      payload: { ...details, survey_answer_id: 999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ survey_answer_id: [ACCOUNT_SETUP_MESSAGES.surveyAnswerInvalid] });
  });

  it('saves organization, user, billing address, main location and survey in one go', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(orgA),
      headers: owner.headers,
      payload: details,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Account details successfully saved.');
    expect(body.credits).toEqual([]);
    expect(body.user).toMatchObject({ id: owner.id, first_name: 'Olive', last_name: 'Owner' });
    expect(body.user.initial_setup_required).toBe(true);
    expect(body.organization).toMatchObject({
      id: orgA,
      name: 'bright smiles dental',
      initial_order: null,
      main_location: {
        location_name: 'bright smiles dental',
        city: 'Denver',
        state: 'CO',
        zip_code: '80202',
      },
    });

    const org = await t.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', orgA)
      .executeTakeFirstOrThrow();
    expect(org.name).toBe('bright smiles dental');
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect([user.first_name, user.last_name]).toEqual(['Olive', 'Owner']);
    const billing = await t.db
      .selectFrom('billing_addresses')
      .selectAll()
      .where('organization_id', '=', orgA)
      .executeTakeFirstOrThrow();
    expect(billing).toMatchObject({
      first_name: 'Olive',
      email: user.email,
      phone_number: '+13035550100',
      street_address_line_2: 'Suite 5',
      country: 'USA',
    });
    const locations = await t.db
      .selectFrom('locations')
      .selectAll()
      .where('organization_id', '=', orgA)
      .execute();
    expect(locations).toHaveLength(1);
    expect(org.main_location_id).toBe(locations[0]!.id);
    expect(locations[0]).toMatchObject({ location_name: 'bright smiles dental', email: user.email });
    const assigned = await t.db
      .selectFrom('location_user')
      .select('user_id')
      .where('location_id', '=', locations[0]!.id)
      .execute();
    expect(assigned.map((r) => r.user_id)).toEqual([owner.id]);
    const survey = await t.db
      .selectFrom('survey_responses')
      .selectAll()
      .where('organization_id', '=', orgA)
      .executeTakeFirstOrThrow();
    expect(survey).toMatchObject({ survey_question_id: 1, survey_answer_id: 3, user_id: owner.id });
  });

  it('saving again updates the same rows; the form reads back what was saved', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(orgA),
      headers: owner.headers,
      payload: {
        ...details,
        organization: 'Bright Smiles Dental',
        city: 'Boulder',
        survey_answer_id: SURVEY_OTHER_ANSWER_ID,
        survey_response_other: 'A podcast',
      },
    });
    expect(res.statusCode).toBe(200);
    const locations = await t.db
      .selectFrom('locations')
      .selectAll()
      .where('organization_id', '=', orgA)
      .execute();
    expect(locations.map((l) => [l.location_name, l.city])).toEqual([['Bright Smiles Dental', 'Boulder']]);
    const read = await t.app.inject({ method: 'GET', url: url(orgA), headers: owner.headers });
    expect(read.json().data).toEqual({
      organization: 'Bright Smiles Dental',
      first_name: 'Olive',
      last_name: 'Owner',
      email: (
        await t.db.selectFrom('users').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow()
      ).email,
      phone_number: '+13035550100',
      street_address: '1 Main Street',
      street_address_line_2: 'Suite 5',
      city: 'Boulder',
      state: 'CO',
      country: 'USA',
      zip_code: '80202',
      survey_question_id: 1,
      survey_answer_id: SURVEY_OTHER_ANSWER_ID,
      survey_response_other: 'A podcast',
    });
  });

  it('management with organizations.manage may save it for the owner', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(orgA),
      headers: admin,
      payload: { ...details, organization: 'Bright Smiles Dental', userId: owner.id },
    });
    expect(res.statusCode).toBe(200);
    const notMember = await t.app.inject({
      method: 'PUT',
      url: url(orgA),
      headers: admin,
      payload: { ...details, userId: 999_999 },
    });
    expect(notMember.statusCode).toBe(422);
    expect(notMember.json().errors).toEqual({ userId: ['The selected user is invalid.'] });
  });
});

describe('payment methods', () => {
  let account: Awaited<ReturnType<typeof newAccount>>;
  let card: number;
  let bank: number;
  beforeAll(async () => {
    account = await newAccount();
  });
  const infoUrl = (id: number) => `${API}/organizations/${id}/f_m_payment_infos`;

  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: infoUrl(orgA) })).statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: `${API}/f_m_payment_methods`,
      payload: { organization_id: orgA, token: cardToken() },
    });
    expect(post.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${API}/f_m_payment_methods/1`,
          payload: { is_primary: true },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/f_m_payment_methods/1` })).statusCode).toBe(
      401,
    );
  });

  it('for an organization_member or manager, returns 403; for another organization, 404', async () => {
    const manager = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_manager' }] });
    const managerHeaders = bearer(await tokenFor(t, manager.id));
    expect(
      (await t.app.inject({ method: 'GET', url: infoUrl(orgA), headers: managerHeaders })).statusCode,
    ).toBe(403);
    expect((await addMethod(managerHeaders, orgA, cardToken())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: infoUrl(orgA), headers: member })).statusCode).toBe(403);
    expect((await addMethod(member, orgA, cardToken())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: infoUrl(orgA), headers: ownerB })).statusCode).toBe(404);
    expect((await addMethod(ownerB, account.orgId, cardToken())).statusCode).toBe(404);
  });

  it('refuses a missing or unknown token and a failed bot check', async () => {
    const empty = await addMethod(account.headers, account.orgId, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ token: ['Required'] });
    const unknown = await addMethod(account.headers, account.orgId, 'tok_4242424242424242');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ token: [ACCOUNT_SETUP_MESSAGES.paymentMethodInvalid] });
    const noAltcha = await t.app.inject({
      method: 'POST',
      url: `${API}/f_m_payment_methods`,
      headers: account.headers,
      payload: { organization_id: account.orgId, token: cardToken() },
    });
    expect(noAltcha.statusCode).toBe(422);
    expect(Object.keys(noAltcha.json().errors)).toEqual(['altcha']);
  });

  it('adds a card (primary, being the first) and a bank account', async () => {
    const first = await addMethod(account.headers, account.orgId, cardToken());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Payment method successfully added.',
      payment_method: {
        payment_method_nickname: 'Visa ending in 4242',
        payment_method_type: 'card',
        card_exp_datetime: '2030-12-31',
        is_primary: true,
      },
    });
    card = first.json().payment_method.id;
    const second = await addMethod(account.headers, account.orgId, bankToken());
    expect(second.statusCode).toBe(201);
    expect(second.json().payment_method).toMatchObject({
      payment_method_type: 'bank',
      card_exp_datetime: null,
      is_primary: false,
    });
    bank = second.json().payment_method.id;
    const info = await t.app.inject({ method: 'GET', url: infoUrl(account.orgId), headers: account.headers });
    expect(info.statusCode).toBe(200);
    expect(info.json().payment_info).toMatchObject({
      customer_id: `offline_cus_${account.orgId}`,
      billing_address: null,
    });
    expect(info.json().payment_info.payment_methods.map((m: { id: number }) => m.id)).toEqual([card, bank]);
  });

  it("refuses a method already added: 'Your payment method has already been added.'", async () => {
    for (const token of [cardToken(), cardToken('4242', 'another'), bankToken('6789', 'again')]) {
      const res = await addMethod(account.headers, account.orgId, token);
      expect(res.statusCode, token).toBe(422);
      expect(res.json()).toEqual({
        message: 'Your payment method has already been added.',
        errors: { token: ['Your payment method has already been added.'] },
      });
    }
  });

  it('makes another method primary (only one stays primary)', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${API}/f_m_payment_methods/${bank}`,
          headers: ownerB,
          payload: { is_primary: true },
        })
      ).statusCode,
    ).toBe(404);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/f_m_payment_methods/${bank}`,
      headers: account.headers,
      payload: { is_primary: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Primary payment method updated.',
      payment_method: { id: bank, is_primary: true },
    });
    const rows = await t.db
      .selectFrom('payment_methods')
      .select(['id', 'is_primary'])
      .where('organization_id', '=', account.orgId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: card, is_primary: false },
      { id: bank, is_primary: true },
    ]);
    // And back to the first one (the older row): still exactly one primary.
    const back = await t.app.inject({
      method: 'PUT',
      url: `${API}/f_m_payment_methods/${card}`,
      headers: account.headers,
      payload: { is_primary: true },
    });
    expect(back.statusCode, back.body).toBe(200);
    const after = await t.db
      .selectFrom('payment_methods')
      .select(['id', 'is_primary'])
      .where('organization_id', '=', account.orgId)
      .orderBy('id')
      .execute();
    expect(after).toEqual([
      { id: card, is_primary: true },
      { id: bank, is_primary: false },
    ]);
    await t.app.inject({
      method: 'PUT',
      url: `${API}/f_m_payment_methods/${bank}`,
      headers: account.headers,
      payload: { is_primary: true },
    });
  });

  it('removes a method; removing the primary one promotes the remaining one', async () => {
    const forbiddenRes = await t.app.inject({
      method: 'DELETE',
      url: `${API}/f_m_payment_methods/${bank}`,
      headers: ownerB,
    });
    expect(forbiddenRes.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${API}/f_m_payment_methods/${bank}`,
      headers: account.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Payment method successfully removed.' });
    const rows = await t.db
      .selectFrom('payment_methods')
      .select(['id', 'is_primary'])
      .where('organization_id', '=', account.orgId)
      .execute();
    expect(rows).toEqual([{ id: card, is_primary: true }]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${API}/f_m_payment_methods/${bank}`,
      headers: account.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('POST calculate_initial_order', () => {
  let account: Awaited<ReturnType<typeof newAccount>>;
  const url = (id: number) => `${API}/organizations/${id}/calculate_initial_order`;
  const calculate = (headers: H, id: number, promo_code?: string) =>
    t.app.inject({ method: 'POST', url: url(id), headers, payload: promo_code ? { promo_code } : {} });
  beforeAll(async () => {
    account = await newAccount();
  });

  it('without a token 401, for a member 403, for another organization 404', async () => {
    expect((await t.app.inject({ method: 'POST', url: url(orgA), payload: {} })).statusCode).toBe(401);
    expect((await calculate(member, orgA)).statusCode).toBe(403);
    expect((await calculate(ownerB, orgA)).statusCode).toBe(404);
  });

  it('without a payment method: the start-up fee, no card fee, the monthly terms', async () => {
    const res = await calculate(account.headers, account.orgId);
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    expect(order).toMatchObject({
      discounts: [],
      subtotal: 50_000,
      credit_card_fee: 0,
      total: 50_000,
      payment_method_type: null,
      monthly_fee: 29_900,
      first_monthly_billing_date: isoDay(30),
    });
    expect(order.items).toEqual([
      { product: { id: expect.any(Number), name: 'Start-up Fee' }, value: 50_000, struck_through: false },
    ]);
  });

  it('with a card: 1.49% card fee; with a bank account: none', async () => {
    expect((await addMethod(account.headers, account.orgId, cardToken('1111', 'c'))).statusCode).toBe(201);
    const card = (await calculate(account.headers, account.orgId)).json().order;
    expect(card).toMatchObject({
      payment_method_type: 'card',
      subtotal: 50_000,
      credit_card_fee: 745,
      total: 50_745,
    });
    const withCode = (await calculate(account.headers, account.orgId, 'testfixed25')).json().order;
    expect(withCode).toMatchObject({ credit_card_fee: 708, total: 48_208 });
    expect(withCode.discounts).toEqual([
      {
        promotion_code: {
          id: expect.any(Number),
          code: 'TESTFIXED25',
          description: 'TESTFIXED25 description',
        },
        value: 2_500,
      },
    ]);
    const bank = await addMethod(account.headers, account.orgId, bankToken('2222', 'd'));
    await t.app.inject({
      method: 'PUT',
      url: `${API}/f_m_payment_methods/${bank.json().payment_method.id}`,
      headers: account.headers,
      payload: { is_primary: true },
    });
    const ach = (await calculate(account.headers, account.orgId, 'TESTHALF')).json().order;
    expect(ach).toMatchObject({ payment_method_type: 'bank', credit_card_fee: 0, total: 25_000 });
    expect(ach.items[0].struck_through).toBe(false);
  });

  it('a code covering the whole start-up fee strikes it through', async () => {
    const order = (await calculate(account.headers, account.orgId, 'TESTALL')).json().order;
    expect(order.items[0]).toMatchObject({ value: 50_000, struck_through: true });
    expect(order.discounts[0].value).toBe(50_000);
    expect(order.total).toBe(0);
  });

  it('a First Month code leaves the start-up fee whole: it is recorded for the monthly billing', async () => {
    const order = (await calculate(account.headers, account.orgId, 'TESTMONTHFREE')).json().order;
    expect(order.items[0]).toMatchObject({ value: 50_000, struck_through: false });
    expect(order.discounts).toEqual([
      {
        promotion_code: {
          id: expect.any(Number),
          code: 'TESTMONTHFREE',
          description: 'TESTMONTHFREE description',
        },
        value: 0,
      },
    ]);
    expect(order.total).toBe(50_000);
  });

  it('refuses unknown, expired, not yet valid, inactive and used-up codes', async () => {
    for (const code of ['NOSUCHCODE', 'TESTEXPIRED', 'TESTLATER', 'TESTINACTIVE', 'TESTMAXED']) {
      const res = await calculate(account.headers, account.orgId, code);
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors).toEqual({ promo_code: ['The promotion code is invalid or has expired.'] });
    }
  });
});

describe('POST process_initial_purchase', () => {
  const url = (id: number) => `${API}/organizations/${id}/process_initial_purchase`;
  const purchase = (headers: H, id: number, promo_code?: string) =>
    t.app.inject({ method: 'POST', url: url(id), headers, payload: promo_code ? { promo_code } : {} });
  const me = async (headers: H) => (await t.app.inject({ method: 'GET', url: `${API}/me`, headers })).json();
  const countsOf = async (organizationId: number) => {
    const count = async (table: 'licenses' | 'contracts' | 'orders') =>
      (await t.db.selectFrom(table).select('id').where('organization_id', '=', organizationId).execute())
        .length;
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .innerJoin('contracts', 'contracts.id', 'payment_attempts.contract_id')
      .select('payment_attempts.id')
      .where('contracts.organization_id', '=', organizationId)
      .execute();
    return {
      licenses: await count('licenses'),
      contracts: await count('contracts'),
      orders: await count('orders'),
      attempts: attempts.length,
    };
  };

  it('without a token 401, for a member 403, for another organization 404', async () => {
    expect((await t.app.inject({ method: 'POST', url: url(orgA), payload: {} })).statusCode).toBe(401);
    expect((await purchase(member, orgA)).statusCode).toBe(403);
    expect((await purchase(ownerB, orgA)).statusCode).toBe(404);
  });

  it("without a payment method: 'Please add a payment method.'", async () => {
    const account = await newAccount();
    const res = await purchase(account.headers, account.orgId);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Please add a payment method.');
  });

  it('a declined card writes nothing and keeps the setup required', async () => {
    const account = await newAccount();
    await addMethod(account.headers, account.orgId, cardToken('0002', 'decline'));
    const res = await purchase(account.headers, account.orgId, 'TESTFIXED25');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The card was declined.');
    expect(await countsOf(account.orgId)).toEqual({ licenses: 0, contracts: 0, orders: 0, attempts: 0 });
    const code = await t.db
      .selectFrom('promotion_codes')
      .select('uses')
      .where('code', '=', 'TESTFIXED25')
      .executeTakeFirstOrThrow();
    expect(code.uses).toBe(0);
    expect((await me(account.headers)).initial_setup_required).toBe(true);
  });

  it('a refused promotion code charges nothing', async () => {
    const account = await newAccount();
    await addMethod(account.headers, account.orgId, cardToken('4444', 'p'));
    const res = await purchase(account.headers, account.orgId, 'TESTEXPIRED');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ promo_code: ['The promotion code is invalid or has expired.'] });
    expect(await countsOf(account.orgId)).toEqual({ licenses: 0, contracts: 0, orders: 0, attempts: 0 });
  });

  it('charges the start-up fee and writes license, contract, order, payment attempt and onboarding', async () => {
    const account = await newAccount();
    expect((await me(account.headers)).initial_setup_required).toBe(true);
    const method = (await addMethod(account.headers, account.orgId, cardToken('5555', 'ok'))).json()
      .payment_method;
    const res = await purchase(account.headers, account.orgId, 'TESTFIXED25');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Your Archline account is ready.');
    expect(body.license).toMatchObject({
      organization_id: account.orgId,
      user: { id: account.userId },
      license_type: { id: standardTypeId, name: 'Standard' },
      seats: 3,
      active: true,
      devices: [],
    });

    const contract = await t.db
      .selectFrom('contracts')
      .selectAll()
      .where('organization_id', '=', account.orgId)
      .executeTakeFirstOrThrow();
    expect(contract).toMatchObject({
      license_id: body.license.id,
      payment_status: 'PAID',
      initial_payment_date: isoDay(),
      last_payment_date: isoDay(),
      next_payment_date: isoDay(30),
    });
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('organization_id', '=', account.orgId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      kind: 'initial',
      contract_id: contract.id,
      fm_invoice_status: 'PAID',
      subtotal: 500,
      credit_card_fee: 7.08,
      total: 482.08,
    });
    expect(order.paid_at).not.toBeNull();
    const items = await t.db
      .selectFrom('order_items')
      .select(['value'])
      .where('order_id', '=', order.id)
      .execute();
    expect(items).toEqual([{ value: 500 }]);
    const adjustments = await t.db
      .selectFrom('order_adjustments')
      .select(['kind', 'value', 'promotion_code_id'])
      .where('order_id', '=', order.id)
      .execute();
    expect(adjustments).toEqual([{ kind: 'discount', value: 25, promotion_code_id: expect.any(Number) }]);
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('contract_id', '=', contract.id)
      .execute();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      status: 'success',
      amount: 482.08,
      order_id: order.id,
      payment_method_id: method.id,
    });
    const code = await t.db
      .selectFrom('promotion_codes')
      .select('uses')
      .where('code', '=', 'TESTFIXED25')
      .executeTakeFirstOrThrow();
    expect(code.uses).toBe(1);
    const org = await t.db
      .selectFrom('organizations')
      .select('initial_setup_required')
      .where('id', '=', account.orgId)
      .executeTakeFirstOrThrow();
    expect(org.initial_setup_required).toBe(false);
    const onboarding = await t.db
      .selectFrom('onboardings')
      .select(['status', 'current_step'])
      .where('organization_id', '=', account.orgId)
      .executeTakeFirstOrThrow();
    expect(onboarding).toEqual({ status: 5, current_step: 0 });
    expect((await me(account.headers)).initial_setup_required).toBe(false);

    const again = await purchase(account.headers, account.orgId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The initial setup is already complete.');
    expect(await countsOf(account.orgId)).toEqual({ licenses: 1, contracts: 1, orders: 1, attempts: 1 });
  });

  it('management with organizations.manage may place it; the license goes to the owner', async () => {
    const account = await newAccount();
    await addMethod(account.headers, account.orgId, cardToken('6666', 'adm'));
    const tech = await givenUser(t, { roles: ['tech_support'] });
    expect(
      (await purchase(bearer(await tokenFor(t, tech.id, { management: true })), account.orgId)).statusCode,
    ).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: `${API}/organizations/${account.orgId}/account-details`,
      headers: admin,
    });
    expect(read.statusCode).toBe(200);
    const ownerRow = await t.db
      .selectFrom('users')
      .select(['email'])
      .where('id', '=', account.userId)
      .executeTakeFirstOrThrow();
    expect(read.json().data.email).toBe(ownerRow.email);
    const res = await purchase(admin, account.orgId);
    expect(res.statusCode).toBe(201);
    expect(res.json().license.user.id).toBe(account.userId);
    expect((await me(account.headers)).initial_setup_required).toBe(false);
  });

  it('a bank account pays no card fee; a code waiving the whole fee charges nothing', async () => {
    const account = await newAccount();
    await addMethod(account.headers, account.orgId, bankToken('0002', 'free'));
    const res = await purchase(account.headers, account.orgId, 'TESTALL');
    expect(res.statusCode).toBe(201);
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('organization_id', '=', account.orgId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ subtotal: 500, credit_card_fee: 0, total: 0 });
  });
});
