import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  FORM_BUILDER_MESSAGES,
  type FormControl,
  type FormLayout,
} from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let superAdmin: H;
let admin: H;
let tech: H;
let owner: H;
let ownerB: H;

const clone = (layout: FormLayout): FormLayout => JSON.parse(JSON.stringify(layout)) as FormLayout;

const consentControl = (over: Partial<FormControl> = {}): FormControl => ({
  id: 'custom-consent',
  system_type: 'radios',
  system_name: 'radios',
  custom_system_name: 'consent_given',
  props: {
    label: 'Patient consent on file',
    options: [
      { id: 'yes', name: 'Yes', marker: { symbol: 'C', color: '#1E88E5' } },
      { id: 'no', name: 'No' },
    ],
  },
  rules: { required: true },
  fee_enabled: false,
  marker: null,
  ...over,
});

/** The default layout plus one custom control in a new section of its own. */
function withCustom(control: FormControl = consentControl()): FormLayout {
  const layout = clone(DEFAULT_LAYOUT);
  layout.push({
    type: 'section',
    id: 'section-custom',
    columns: [{ id: 'column-custom', controls: [control] }],
  });
  return layout;
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const sa = await givenUser(t, { roles: ['super_admin'] });
  const a = await givenUser(t, { roles: ['admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const o = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  superAdmin = bearer(await tokenFor(t, sa.id, { management: true }));
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  owner = bearer(await tokenFor(t, o.id));
  ownerB = bearer(await tokenFor(t, ob.id));
});
afterAll(() => t?.close());

const post = (headers: H | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${API}/form-builder`, headers, payload: payload as object });

describe('the default layout', () => {
  it('without a token, every endpoint answers 401', async () => {
    const calls = [
      t.app.inject({ method: 'GET', url: `${API}/form-builder/default` }),
      t.app.inject({ method: 'GET', url: `${API}/organizations/${orgA}/form-builder` }),
      post(undefined, { organization_id: null, form_data: DEFAULT_LAYOUT }),
      t.app.inject({ method: 'PUT', url: `${API}/form-builder/1`, payload: { form_data: DEFAULT_LAYOUT } }),
      t.app.inject({ method: 'POST', url: `${API}/organizations/${orgA}/form-builder/reset` }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  it('is the built-in layout until it is saved, for any signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/form-builder/default`, headers: owner });
    expect(res.statusCode).toBe(200);
    const layout = res.json().form_builder;
    expect(layout).toMatchObject({ id: null, organization_id: null, is_default: true, updated_at: null });
    expect(layout.form_data).toEqual(DEFAULT_LAYOUT);
  });

  it('needs rx-forms.customize-default-layout: a technician and a practice owner get 403', async () => {
    for (const headers of [tech, owner]) {
      const res = await post(headers, { organization_id: null, form_data: withCustom() });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This action is unauthorized.');
    }
  });

  it('refuses a layout breaking the builder rules, naming the field', async () => {
    const cases: [FormLayout, string, string][] = [];
    cases.push([
      withCustom(consentControl({ props: { label: ' ', options: [{ id: 'a', name: 'A' }] } })),
      'form_data.8.columns.0.controls.0.props.label',
      FORM_BUILDER_MESSAGES.labelRequired,
    ]);
    cases.push([
      withCustom(
        consentControl({
          props: {
            label: 'Consent',
            options: [
              { id: 'a', name: 'Yes' },
              { id: 'b', name: 'yes' },
            ],
          },
        }),
      ),
      'form_data.8.columns.0.controls.0.props.options.1.name',
      FORM_BUILDER_MESSAGES.optionNamesUnique,
    ]);
    cases.push([
      withCustom(consentControl({ marker: { symbol: 'AB', color: '#112233' } })),
      'form_data.8.columns.0.controls.0.marker.symbol',
      FORM_BUILDER_MESSAGES.markerSymbol,
    ]);
    cases.push([
      withCustom(
        consentControl({
          system_type: 'file',
          system_name: 'file',
          props: { label: 'X-ray' },
          marker: { symbol: 'X', color: '#112233' },
        }),
      ),
      'form_data.8.columns.0.controls.0.marker',
      FORM_BUILDER_MESSAGES.markerOnFile,
    ]);
    cases.push([
      withCustom(consentControl({ temporary: true })),
      'form_data.8.columns.0.controls.0.temporary',
      FORM_BUILDER_MESSAGES.temporaryControl,
    ]);
    const noColumns = withCustom();
    (noColumns[8] as { columns: unknown[] }).columns = [];
    cases.push([noColumns, 'form_data.8.columns', FORM_BUILDER_MESSAGES.sectionNeedsColumn]);
    const fiveColumns = withCustom();
    (fiveColumns[8] as { columns: unknown[] }).columns = [1, 2, 3, 4, 5].map((n) => ({
      id: `c${n}`,
      controls: [],
    }));
    cases.push([fiveColumns, 'form_data.8.columns', FORM_BUILDER_MESSAGES.columnLimit]);
    const withoutTeeth = clone(DEFAULT_LAYOUT);
    for (const item of withoutTeeth)
      if (item.type === 'section')
        for (const column of item.columns)
          column.controls = column.controls.filter((c) => c.system_name !== 'teeth');
    cases.push([withoutTeeth, 'form_data', `${FORM_BUILDER_MESSAGES.existingFieldMissing} Missing: Teeth.`]);

    for (const [form_data, field, message] of cases) {
      const res = await post(admin, { organization_id: null, form_data });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toEqual([message]);
    }
  });

  it('admin saves it once (a marker missing its colour is cleared), then updates it by id', async () => {
    const control = consentControl({ marker: { symbol: '!', color: '' } });
    const created = await post(admin, {
      organization_id: null,
      form_builder_id: null,
      form_data: withCustom(control),
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.message).toBe(FORM_BUILDER_MESSAGES.saved);
    expect(body.form_builder).toMatchObject({ organization_id: null, is_default: true });
    expect(body.form_builder.form_data[8].columns[0].controls[0].marker).toBeNull();

    const again = await post(superAdmin, { organization_id: null, form_data: DEFAULT_LAYOUT });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FORM_BUILDER_MESSAGES.layoutExists);

    const id = body.form_builder.id as number;
    const forbidden = await t.app.inject({
      method: 'PUT',
      url: `${API}/form-builder/${id}`,
      headers: tech,
      payload: { form_data: DEFAULT_LAYOUT },
    });
    expect(forbidden.statusCode).toBe(403);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `${API}/form-builder/${id}`,
      headers: superAdmin,
      payload: {
        form_data: withCustom(
          consentControl({ props: { label: 'Consent signed', options: [{ id: 'yes', name: 'Yes' }] } }),
        ),
      },
    });
    expect(updated.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `${API}/form-builder/default`, headers: owner });
    expect(read.json().form_builder.id).toBe(id);
    expect(read.json().form_builder.form_data[8].columns[0].controls[0].props.label).toBe('Consent signed');

    const missing = await t.app.inject({
      method: 'PUT',
      url: `${API}/form-builder/999999`,
      headers: admin,
      payload: { form_data: DEFAULT_LAYOUT },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("an organization's layout", () => {
  let defaultId: number;
  let ownId: number;

  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/form-builder/default`, headers: admin });
    defaultId = res.json().form_builder.id;
  });

  it('falls back to the default; another organization answers 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/organizations/${orgA}/form-builder`,
      headers: owner,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().form_builder).toMatchObject({ id: defaultId, is_default: true });
    const other = await t.app.inject({
      method: 'GET',
      url: `${API}/organizations/${orgA}/form-builder`,
      headers: ownerB,
    });
    expect(other.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${API}/organizations/999999/form-builder`,
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is created with rx-forms.customize-organization-layout only; another organization answers 404', async () => {
    const payload = { organization_id: orgA, form_builder_id: defaultId, form_data: withCustom() };
    expect((await post(ownerB, payload)).statusCode).toBe(404);
    expect((await post(owner, payload)).statusCode).toBe(403);
    expect((await post(tech, payload)).statusCode).toBe(403);
    const bad = await post(admin, { ...payload, form_builder_id: 999999 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.form_builder_id).toEqual(['The selected layout is invalid.']);
    const res = await post(admin, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().form_builder).toMatchObject({ organization_id: orgA, is_default: false });
    ownId = res.json().form_builder.id;
    expect((await post(admin, payload)).statusCode).toBe(409);

    const read = await t.app.inject({
      method: 'GET',
      url: `${API}/organizations/${orgA}/form-builder`,
      headers: owner,
    });
    expect(read.json().form_builder).toMatchObject({ id: ownId, organization_id: orgA, is_default: false });
    const b = await t.app.inject({
      method: 'GET',
      url: `${API}/organizations/${orgB}/form-builder`,
      headers: ownerB,
    });
    expect(b.json().form_builder.id).toBe(defaultId);
  });

  it('is updated by id under the same rules', async () => {
    const payload = {
      form_data: withCustom(
        consentControl({ props: { label: 'Organization consent', options: [{ id: 'y', name: 'Y' }] } }),
      ),
    };
    const put = (headers: H) =>
      t.app.inject({ method: 'PUT', url: `${API}/form-builder/${ownId}`, headers, payload });
    expect((await put(ownerB)).statusCode).toBe(404);
    expect((await put(owner)).statusCode).toBe(403);
    const res = await put(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().form_builder.form_data[8].columns[0].controls[0].props.label).toBe(
      'Organization consent',
    );
  });

  it('reset to default removes it', async () => {
    const reset = (headers: H, org = orgA) =>
      t.app.inject({ method: 'POST', url: `${API}/organizations/${org}/form-builder/reset`, headers });
    expect((await reset(ownerB)).statusCode).toBe(404);
    expect((await reset(owner)).statusCode).toBe(403);
    expect((await reset(tech)).statusCode).toBe(403);
    const res = await reset(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: FORM_BUILDER_MESSAGES.reset,
      form_builder: { id: defaultId, is_default: true },
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `${API}/organizations/${orgA}/form-builder`,
      headers: owner,
    });
    expect(read.json().form_builder.id).toBe(defaultId);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'form-builder.%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'form-builder.create',
      'form-builder.create',
      'form-builder.reset',
      'form-builder.update',
      'form-builder.update',
    ]);
  });
});
