import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_CONFIGURATION_MESSAGES as M, isManagementOnly } from '@archline/contracts';
import { binaryStl } from '../../../test/file-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildLocation, buildShippingMethod } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number; // has a third party partner
let orgB: number; // no partner, no preference row
let orgC: number; // for the case entry defaults
let admin: H;
let superAdmin: H;
let supervisor: H;
let tech: H;
let partner: H;
let owner: H;
let ownerB: H;
let ownerC: { id: number; headers: H };
let twoOrgs: H;
let partnerId: number;

const initialUrl = (org: number | string) => `${API}/organizations/${org}/initial_setup_configuration`;
const printUrl = (org: number | string) => `${API}/organizations/${org}/print_request_configuration`;
const permissionsUrl = (org: number | string) => `${API}/organizations/${org}/current_user_permissions`;

const get = (url: string, headers?: H) =>
  t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
const put = (url: string, headers: H | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url, payload, ...(headers ? { headers } : {}) });

const initial = (over: Record<string, unknown> = {}) => ({
  assignments: [1, 2],
  default_assignment: 2,
  ...over,
});
const print = (over: Record<string, unknown> = {}) => ({
  print_assignments: [1, 3],
  insert_brackets_assignments: [2, 3],
  default_print_assignment: 3,
  default_insert_brackets_assignment: 3,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  orgC = await givenOrganization(t, { name: 'Case Entry Practice' });
  const p = await givenUser(t, { roles: ['lab_partner'], first_name: 'Lab', last_name: 'Partner' });
  partnerId = p.id;
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: orgA, third_party_partner_user_id: p.id })
    .execute();
  const users = {
    admin: await givenUser(t, { roles: ['admin'] }),
    superAdmin: await givenUser(t, { roles: ['super_admin'] }),
    supervisor: await givenUser(t, { roles: ['supervisor'] }),
    tech: await givenUser(t, { roles: ['tech_support'] }),
    owner: await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] }),
    ownerB: await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] }),
    ownerC: await givenUser(t, { organizations: [{ id: orgC, role: 'organization_member' }] }),
    twoOrgs: await givenUser(t, {
      organizations: [
        { id: orgB, role: 'organization_member' },
        { id: orgA, role: 'organization_manager' },
      ],
    }),
  };
  admin = bearer(await tokenFor(t, users.admin.id, { management: true }));
  superAdmin = bearer(await tokenFor(t, users.superAdmin.id, { management: true }));
  supervisor = bearer(await tokenFor(t, users.supervisor.id, { management: true }));
  tech = bearer(await tokenFor(t, users.tech.id, { management: true }));
  partner = bearer(await tokenFor(t, p.id, { management: true }));
  owner = bearer(await tokenFor(t, users.owner.id));
  ownerB = bearer(await tokenFor(t, users.ownerB.id));
  ownerC = { id: users.ownerC.id, headers: bearer(await tokenFor(t, users.ownerC.id)) };
  twoOrgs = bearer(await tokenFor(t, users.twoOrgs.id));
});
afterAll(() => t?.close());

describe('GET /organizations/{id}/initial_setup_configuration', () => {
  it('without a token, 401', async () => {
    expect((await get(initialUrl(orgA))).statusCode).toBe(401);
  });

  it('an organization without a stored configuration answers the table defaults and no partner', async () => {
    const res = await get(initialUrl(orgB), ownerB);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { organization_id: orgB, assignments: [1], default_assignment: 1, updated_at: null },
      metadata: { third_party_partner: null, options: [1, 2] },
    });
  });

  it('every role that sees the organization reads it (members, staff, its lab partner); the third party option with a partner', async () => {
    for (const h of [owner, admin, supervisor, tech, partner]) {
      const res = await get(initialUrl(orgA), h);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().metadata).toEqual({
        third_party_partner: { id: partnerId, name: 'Lab Partner' },
        options: [1, 2, 3],
      });
    }
  });

  it('another organization answers 404 (a member of another, a lab partner it does not serve, an unknown id)', async () => {
    expect((await get(initialUrl(orgA), ownerB)).statusCode).toBe(404);
    expect((await get(initialUrl(orgB), partner)).statusCode).toBe(404);
    expect((await get(initialUrl(999999), admin)).statusCode).toBe(404);
  });
});

describe('PUT /organizations/{id}/initial_setup_configuration', () => {
  it('401 without a token; 404 for another organization before any 403; 403 without organization.rx-form-preference.update', async () => {
    expect((await put(initialUrl(orgA), undefined, initial())).statusCode).toBe(401);
    expect((await put(initialUrl(orgA), ownerB, initial())).statusCode).toBe(404);
    expect((await put(initialUrl(orgB), partner, initial())).statusCode).toBe(404);
    for (const h of [owner, supervisor, tech, partner]) {
      const res = await put(initialUrl(orgA), h, initial());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This action is unauthorized.');
    }
  });

  it('saves the options and the default with the success message, audited; GET shows them', async () => {
    const res = await put(initialUrl(orgA), admin, initial({ assignments: [2, 1, 2] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.initialSetupSaved,
      data: { organization_id: orgA, assignments: [1, 2], default_assignment: 2 },
    });
    expect((await get(initialUrl(orgA), owner)).json().data).toMatchObject({
      assignments: [1, 2],
      default_assignment: 2,
    });
    // The options are the RxForm preference's initial setup options.
    const pref = await get(`${API}/organizations/${orgA}/rx_form_preference`, owner);
    expect(pref.json().data.initial_setup_assignments).toEqual([1, 2]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'organization_id'])
      .where('action', '=', 'organizations.initial-setup-configuration.update')
      .execute();
    expect(audit).toEqual([
      { action: 'organizations.initial-setup-configuration.update', organization_id: orgA },
    ]);
  });

  it('super admin saves too; a default outside the options or no option at all answers 400 with the message', async () => {
    expect((await put(initialUrl(orgA), superAdmin, initial())).statusCode).toBe(200);
    const cases: [object, string, string][] = [
      [initial({ assignments: [] }), 'assignments', M.assignmentRequired],
      [initial({ assignments: [1], default_assignment: 2 }), 'default_assignment', M.defaultNotOffered],
      [initial({ assignments: [1, 7] }), 'assignments.1', M.invalidAssignment],
      [initial({ default_assignment: 'x' }), 'default_assignment', M.invalidAssignment],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(initialUrl(orgA), admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
    }
  });

  it('the third party option only when a third party partner exists (422 per field)', async () => {
    const res = await put(initialUrl(orgB), admin, initial({ assignments: [1, 3], default_assignment: 3 }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: M.thirdPartyWithoutPartner,
      errors: {
        assignments: [M.thirdPartyWithoutPartner],
        default_assignment: [M.thirdPartyWithoutPartner],
      },
    });
    const ok = await put(initialUrl(orgA), admin, initial({ assignments: [1, 3], default_assignment: 3 }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ assignments: [1, 3], default_assignment: 3 });
  });
});

describe('GET /organizations/{id}/print_request_configuration', () => {
  it('401 without a token, 404 for another organization, defaults without a stored configuration', async () => {
    expect((await get(printUrl(orgA))).statusCode).toBe(401);
    expect((await get(printUrl(orgA), ownerB)).statusCode).toBe(404);
    expect((await get(printUrl(999999), admin)).statusCode).toBe(404);
    const res = await get(printUrl(orgB), ownerB);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        organization_id: orgB,
        print_assignments: [1],
        insert_brackets_assignments: [1],
        default_print_assignment: 1,
        default_insert_brackets_assignment: 1,
        updated_at: null,
      },
      metadata: { third_party_partner: null, options: [1, 2] },
    });
  });
});

describe('PUT /organizations/{id}/print_request_configuration', () => {
  it('401, 404 before 403, 403 without the permission', async () => {
    expect((await put(printUrl(orgA), undefined, print())).statusCode).toBe(401);
    expect((await put(printUrl(orgA), ownerB, print())).statusCode).toBe(404);
    for (const h of [owner, supervisor, tech, partner])
      expect((await put(printUrl(orgA), h, print())).statusCode).toBe(403);
  });

  it('saves options and defaults with the success message; the RxForm preference shows the options', async () => {
    const res = await put(printUrl(orgA), admin, print());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.printRequestSaved,
      data: {
        print_assignments: [1, 3],
        insert_brackets_assignments: [2, 3],
        default_print_assignment: 3,
        default_insert_brackets_assignment: 3,
      },
    });
    const pref = (await get(`${API}/organizations/${orgA}/rx_form_preference`, owner)).json().data;
    expect(pref).toMatchObject({ print_assignments: [1, 3], insert_brackets_assignments: [2, 3] });
  });

  it('the insert-brackets assignment is in-office or among the print options; the defaults follow the rules (400)', async () => {
    const cases: [object, string, string][] = [
      [
        print({
          print_assignments: [1],
          default_print_assignment: 1,
          insert_brackets_assignments: [2, 3],
          default_insert_brackets_assignment: 2,
        }),
        'insert_brackets_assignments',
        M.insertBrackets,
      ],
      [print({ default_print_assignment: 2 }), 'default_print_assignment', M.defaultNotOffered],
      [
        print({ default_insert_brackets_assignment: 1 }),
        'default_insert_brackets_assignment',
        M.defaultNotOffered,
      ],
      [
        print({
          insert_brackets_assignments: [1, 2, 3],
          default_print_assignment: 1,
          default_insert_brackets_assignment: 3,
        }),
        'default_insert_brackets_assignment',
        M.defaultInsertBrackets,
      ],
      [print({ print_assignments: [] }), 'print_assignments', M.assignmentRequired],
      [print({ insert_brackets_assignments: [] }), 'insert_brackets_assignments', M.assignmentRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(printUrl(orgA), admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
    }
  });

  it('the third party option needs a partner (422 on each field naming it)', async () => {
    const res = await put(printUrl(orgB), admin, print());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      print_assignments: [M.thirdPartyWithoutPartner],
      insert_brackets_assignments: [M.thirdPartyWithoutPartner],
      default_print_assignment: [M.thirdPartyWithoutPartner],
      default_insert_brackets_assignment: [M.thirdPartyWithoutPartner],
    });
    const ok = await put(
      printUrl(orgB),
      admin,
      print({
        print_assignments: [1, 2],
        insert_brackets_assignments: [1, 2],
        default_print_assignment: 2,
        default_insert_brackets_assignment: 2,
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a default no longer offered (options changed on the RxForm preference) reads as the first option', async () => {
    const org = await givenOrganization(t, { name: 'Changing Practice' });
    expect(
      (
        await put(printUrl(org), admin, {
          print_assignments: [1, 2],
          insert_brackets_assignments: [1, 2],
          default_print_assignment: 2,
          default_insert_brackets_assignment: 2,
        })
      ).statusCode,
    ).toBe(200);
    await t.db
      .updateTable('organization_preferences')
      .set({ print_assignments: [1], insert_brackets_assignments: [1] })
      .where('organization_id', '=', org)
      .execute();
    expect((await get(printUrl(org), admin)).json().data).toMatchObject({
      default_print_assignment: 1,
      default_insert_brackets_assignment: 1,
    });
  });
});

describe('archived and disabled organizations are read-only', () => {
  it('PUT answers 409 with the message; GET still reads', async () => {
    const archived = await givenOrganization(t, { name: 'Archived Practice' });
    const disabled = await givenOrganization(t, { name: 'Disabled Practice' });
    await t.db
      .updateTable('organizations')
      .set({ deleted_at: new Date() })
      .where('id', '=', archived)
      .execute();
    await t.db
      .updateTable('organizations')
      .set({ disabled_at: new Date() })
      .where('id', '=', disabled)
      .execute();
    for (const org of [archived, disabled]) {
      expect((await put(initialUrl(org), admin, initial())).statusCode).toBe(409);
      expect(
        (
          await put(
            printUrl(org),
            admin,
            print({
              print_assignments: [1],
              insert_brackets_assignments: [1, 2],
              default_print_assignment: 1,
              default_insert_brackets_assignment: 1,
            }),
          )
        ).statusCode,
      ).toBe(409);
    }
    expect((await get(initialUrl(disabled), admin)).statusCode).toBe(200);
  });
});

describe('case entry reads the configurations', () => {
  const png = () =>
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);

  async function upload(headers: H, type: number, name: string, body: Buffer) {
    const qs = new URLSearchParams({ name, type: String(type), organization_id: String(orgC) });
    const l = await t.app.inject({ method: 'GET', url: `${API}/patient_files/upload_link?${qs}`, headers });
    expect(l.statusCode, l.body).toBe(200);
    const p = await t.app.inject({
      method: 'PUT',
      url: l.json().url,
      payload: body,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(p.statusCode, p.body).toBe(200);
    return l.json().file_path as string;
  }

  it('a new case that leaves the assignments out starts with the configured defaults', async () => {
    const loc = (await buildLocation(t.db, orgC, { location_name: 'Austin', user_ids: [ownerC.id] })).id;
    const ship = (
      await buildShippingMethod(t.db, { id_string: 'ground_cfg', name: 'Ground', transit_days: 3 })
    ).id;
    const lib = (
      await t.db
        .insertInto('bracket_libraries')
        .values({ organization_id: orgC, label: 'Damon Q2', file_name: 'damon.zip' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (await put(initialUrl(orgC), admin, { assignments: [1, 2], default_assignment: 1 })).statusCode,
    ).toBe(200);
    expect(
      (
        await put(printUrl(orgC), admin, {
          print_assignments: [1, 2],
          insert_brackets_assignments: [1, 2],
          default_print_assignment: 1,
          default_insert_brackets_assignment: 2,
        })
      ).statusCode,
    ).toBe(200);
    const h = ownerC.headers;
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/rx-forms`,
      headers: h,
      payload: {
        organization_id: orgC,
        first_name: 'Casey',
        last_name: 'Configured',
        intraoral_scan_date: '2026-11-20',
        location_id: loc,
        scan_submission_type: 1,
        scanner_type: 1,
        shipping_method: ship,
        shipping_location_id: loc,
        bracket_libraries: [lib],
        stl_files: [
          {
            file_path: await upload(h, 2, 'upper.stl', binaryStl()),
            name: 'upper.stl',
            tag: 'stl_maxillary',
          },
        ],
        rx_intraoral_photos: [{ file_path: await upload(h, 3, 'smile.png', png()), name: 'smile.png' }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rx_form).toMatchObject({
      initial_setup_assignment: 1,
      print_assignment: 1,
      insert_brackets_assignment: 2,
    });
    // The form's own choice still wins.
    const chosen = await t.app.inject({
      method: 'POST',
      url: `${API}/rx-forms`,
      headers: h,
      payload: {
        organization_id: orgC,
        first_name: 'Casey',
        last_name: 'Chosen',
        intraoral_scan_date: '2026-11-20',
        location_id: loc,
        scan_submission_type: 1,
        scanner_type: 1,
        shipping_method: ship,
        shipping_location_id: loc,
        bracket_libraries: [lib],
        initial_setup_assignment: 1,
        print_assignment: 1,
        insert_brackets_assignment: 1,
        stl_files: [
          {
            file_path: await upload(h, 2, 'upper.stl', binaryStl()),
            name: 'upper.stl',
            tag: 'stl_maxillary',
          },
        ],
        rx_intraoral_photos: [{ file_path: await upload(h, 3, 'smile.png', png()), name: 'smile.png' }],
      },
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().rx_form.insert_brackets_assignment).toBe(1);
  });
});

describe('GET /organizations/{id}/current_user_permissions', () => {
  it('401 without a token; 404 for another organization or one a lab partner does not serve', async () => {
    expect((await get(permissionsUrl(orgA))).statusCode).toBe(401);
    expect((await get(permissionsUrl(orgA), ownerB)).statusCode).toBe(404);
    expect((await get(permissionsUrl(orgB), partner)).statusCode).toBe(404);
    expect((await get(permissionsUrl(999999), admin)).statusCode).toBe(404);
  });

  it('management: its permissions (the same list in every organization), no organization role', async () => {
    const a = (await get(permissionsUrl(orgA), admin)).json().data;
    const b = (await get(permissionsUrl(orgB), admin)).json().data;
    expect(a).toMatchObject({ organization_id: orgA, organization_role: null });
    expect(a.permissions).toContain('organization.rx-form-preference.update');
    expect(a.permissions).toContain('organizations.manage');
    expect(b.permissions).toEqual(a.permissions);
    const s = (await get(permissionsUrl(orgA), supervisor)).json().data;
    expect(s.permissions).not.toContain('organization.rx-form-preference.update');
  });

  it('a lab partner reads its list in an organization it serves', async () => {
    const res = await get(permissionsUrl(orgA), partner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.organization_role).toBeNull();
  });

  it("practice: the role's permissions in that organization, never a management-only one", async () => {
    const o = (await get(permissionsUrl(orgA), owner)).json().data;
    expect(o.organization_role).toBe('organization_owner');
    expect(o.permissions).toContain('organization.update');
    expect(o.permissions.filter(isManagementOnly)).toEqual([]);
    // A user in two organizations gets each organization's role.
    const inB = (await get(permissionsUrl(orgB), twoOrgs)).json().data;
    const inA = (await get(permissionsUrl(orgA), twoOrgs)).json().data;
    expect(inB.organization_role).toBe('organization_member');
    expect(inA.organization_role).toBe('organization_manager');
    expect(inB.permissions).not.toContain('organization.update');
  });
});
