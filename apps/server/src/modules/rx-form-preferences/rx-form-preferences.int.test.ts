import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDEABLE_FIELDS, RX_FORM_PREFERENCE_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let supervisor: H;
let owner: H;
let ownerB: H;

const url = (org: number) => `${API}/organizations/${org}/rx_form_preference`;
const form = (over: Record<string, unknown> = {}) => ({
  initial_setup_assignments: [1, 2],
  print_assignments: [1, 2],
  insert_brackets_assignments: [2],
  allowed_dibs_options: [1, 4],
  hidden_fields: ['special_instructions'],
  rush_case_enabled: true,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const s = await givenUser(t, { roles: ['supervisor'] });
  const o = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  const partner = await givenUser(t, { roles: ['lab_partner'], first_name: 'Lab', last_name: 'Partner' });
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: orgA, third_party_partner_user_id: partner.id, print_assignments: [1, 3] })
    .execute();
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  supervisor = bearer(await tokenFor(t, s.id, { management: true }));
  owner = bearer(await tokenFor(t, o.id));
  ownerB = bearer(await tokenFor(t, ob.id));
});
afterAll(() => t?.close());

describe('GET /organizations/{id}/rx_form_preference', () => {
  it('without a token, 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(orgA) })).statusCode).toBe(401);
  });

  it("a member reads its organization's preference with the hideable fields and the partner's name", async () => {
    const res = await t.app.inject({ method: 'GET', url: url(orgA), headers: owner });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({
      organization_id: orgA,
      print_assignments: [1, 3],
      allowed_dibs_options: [1],
    });
    expect(body.metadata.third_party_partner).toMatchObject({ name: 'Lab Partner' });
    expect(body.metadata.hidden_fields.map((f: { name: string }) => f.name)).toEqual(HIDEABLE_FIELDS);
  });

  it('an organization without a stored preference gets the defaults and no partner', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(orgB), headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        initial_setup_assignments: [1],
        print_assignments: [1],
        hidden_fields: [],
        rush_case_enabled: false,
        updated_at: null,
      },
      metadata: { third_party_partner: null },
    });
  });

  it('another organization answers 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(orgA), headers: ownerB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(999999), headers: admin })).statusCode).toBe(404);
  });
});

describe('PUT /organizations/{id}/rx_form_preference', () => {
  const put = (headers: H | undefined, org: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: url(org), headers, payload });

  it('401 without a token, 404 for another organization, 403 without organization.rx-form-preference.update', async () => {
    expect((await put(undefined, orgA, form())).statusCode).toBe(401);
    expect((await put(ownerB, orgA, form())).statusCode).toBe(404);
    for (const headers of [owner, supervisor]) {
      const res = await put(headers, orgA, form());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This action is unauthorized.');
    }
  });

  it('validation messages name the field', async () => {
    const cases: [object, string, string][] = [
      [form({ print_assignments: [] }), 'print_assignments', RX_FORM_PREFERENCE_MESSAGES.assignmentRequired],
      [form({ allowed_dibs_options: [] }), 'allowed_dibs_options', RX_FORM_PREFERENCE_MESSAGES.dibsRequired],
      [
        form({ hidden_fields: ['first_name'] }),
        'hidden_fields.0',
        RX_FORM_PREFERENCE_MESSAGES.unknownHiddenField,
      ],
      [
        form({ print_assignments: [1], insert_brackets_assignments: [2, 3] }),
        'insert_brackets_assignments',
        RX_FORM_PREFERENCE_MESSAGES.insertBrackets,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(admin, orgA, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toEqual([message]);
    }
    const dibs = await put(admin, orgA, form({ allowed_dibs_options: [2] }));
    expect(dibs.statusCode).toBe(400);
    expect(Object.keys(dibs.json().errors)[0]).toMatch(/^allowed_dibs_options/);
  });

  it('the third party option needs a partner', async () => {
    const res = await put(admin, orgB, form({ print_assignments: [1, 3] }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: RX_FORM_PREFERENCE_MESSAGES.thirdPartyWithoutPartner,
      errors: { print_assignments: [RX_FORM_PREFERENCE_MESSAGES.thirdPartyWithoutPartner] },
    });
    const withPartner = await put(
      admin,
      orgA,
      form({ print_assignments: [1, 3], insert_brackets_assignments: [2, 3] }),
    );
    expect(withPartner.statusCode).toBe(200);
  });

  it('saves and answers the message; a first save creates the row', async () => {
    const res = await put(admin, orgB, form());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'RxForm preference successfully saved.',
      data: {
        organization_id: orgB,
        initial_setup_assignments: [1, 2],
        insert_brackets_assignments: [2],
        allowed_dibs_options: [1, 4],
        hidden_fields: ['special_instructions'],
        rush_case_enabled: true,
      },
    });
    const read = await t.app.inject({ method: 'GET', url: url(orgB), headers: ownerB });
    expect(read.json().data.rush_case_enabled).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['organization_id', 'outcome'])
      .where('action', '=', 'organizations.rx-form-preference.update')
      .execute();
    expect(audit.length).toBe(2);
  });
});
