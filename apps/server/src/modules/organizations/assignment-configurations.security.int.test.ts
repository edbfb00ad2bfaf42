import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_CONFIGURATION_MESSAGES as M } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

/** Hostile cases of the assignment configurations and current_user_permissions. */
type H = { authorization: string };
let t: TestApp;
let org: number;
let other: number;
let admin: H;
let custom: H;
let partner: H;
let partnerId: number;
let otherPartnerId: number;

const paths = ['initial_setup_configuration', 'print_request_configuration'] as const;
const url = (o: number | string, path: string) => `${API}/organizations/${o}/${path}`;
const valid = {
  initial_setup_configuration: { assignments: [1, 2], default_assignment: 1 },
  print_request_configuration: {
    print_assignments: [1, 2],
    insert_brackets_assignments: [1, 2],
    default_print_assignment: 1,
    default_insert_brackets_assignment: 1,
  },
};
const put = (u: string, headers: H | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: u,
    ...(headers ? { headers } : {}),
    payload: payload as object,
  });

beforeAll(async () => {
  t = await createTestApp();
  org = await givenOrganization(t, { name: 'Hostile Configuration Practice' });
  other = await givenOrganization(t, { name: 'Someone Else Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  const p = await givenUser(t, { roles: ['lab_partner'] });
  partnerId = p.id;
  otherPartnerId = (await givenUser(t, { roles: ['lab_partner'] })).id;
  partner = bearer(await tokenFor(t, p.id, { management: true }));
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: org, third_party_partner_user_id: p.id })
    .execute();
  // A practice manager handed the management permission directly still holds no management power.
  const m = await givenUser(t, { organizations: [{ id: org, role: 'organization_manager' }] });
  await t.db
    .insertInto('user_custom_permissions')
    .values([{ user_id: m.id, permission: 'organization.rx-form-preference.update' }])
    .execute();
  custom = bearer(await tokenFor(t, m.id));
});
afterAll(() => t?.close());

describe('assignment configurations under hostile input', () => {
  it('a practice user with the management permission toggled on, and the lab partner, get 403', async () => {
    for (const path of paths) {
      expect((await put(url(org, path), custom, valid[path])).statusCode).toBe(403);
      expect((await put(url(org, path), partner, valid[path])).statusCode).toBe(403);
    }
  });

  it('refuses wrong types, out-of-range values, long lists and NUL text with field messages', async () => {
    const bodies: [string, unknown, string][] = [
      ['initial_setup_configuration', { assignments: '1,2', default_assignment: 1 }, 'assignments'],
      ['initial_setup_configuration', { assignments: [1, 2], default_assignment: -1 }, 'default_assignment'],
      ['initial_setup_configuration', { assignments: [1.5], default_assignment: 1 }, 'assignments.0'],
      ['initial_setup_configuration', { assignments: [1, 2, 3, 1], default_assignment: 1 }, 'assignments'],
      ['initial_setup_configuration', { assignments: ['1'], default_assignment: '1' }, 'assignments.0'],
      [
        'initial_setup_configuration',
        { assignments: [1], default_assignment: 'x\u0000' },
        'default_assignment',
      ],
      [
        'print_request_configuration',
        { ...valid.print_request_configuration, print_assignments: null },
        'print_assignments',
      ],
      [
        'print_request_configuration',
        { ...valid.print_request_configuration, default_print_assignment: {} },
        'default_print_assignment',
      ],
    ];
    for (const [path, body, field] of bodies) {
      const res = await put(url(org, path), admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const missing = await put(url(org, 'initial_setup_configuration'), admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.assignments).toEqual([M.assignmentRequired]);
  });

  it('a default smuggled outside the options is refused even when it is a valid assignment', async () => {
    const res = await put(url(org, 'print_request_configuration'), admin, {
      ...valid.print_request_configuration,
      default_print_assignment: 3,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.default_print_assignment).toEqual([M.defaultNotOffered]);
  });

  it('ignores fields the form does not have: no partner, organization or other preference by the back door', async () => {
    const res = await put(url(org, 'initial_setup_configuration'), admin, {
      ...valid.initial_setup_configuration,
      organization_id: other,
      third_party_partner_user_id: otherPartnerId,
      rush_case_enabled: true,
      hidden_fields: ['special_instructions'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.organization_id).toBe(org);
    const row = await t.db
      .selectFrom('organization_preferences')
      .select(['third_party_partner_user_id', 'rush_case_enabled', 'hidden_fields'])
      .where('organization_id', '=', org)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      third_party_partner_user_id: partnerId,
      rush_case_enabled: false,
      hidden_fields: [],
    });
    const untouched = await t.db
      .selectFrom('organization_preferences')
      .select('organization_id')
      .where('organization_id', '=', other)
      .executeTakeFirst();
    expect(untouched).toBeUndefined();
  });

  it('malformed organization ids answer 400; ids of nothing 404', async () => {
    for (const id of ['abc', '0', '-1', '1.5', "1' or '1'='1"]) {
      for (const path of paths) {
        expect(
          (await t.app.inject({ method: 'GET', url: url(encodeURIComponent(id), path), headers: admin }))
            .statusCode,
        ).toBe(400);
        expect((await put(url(encodeURIComponent(id), path), admin, valid[path])).statusCode).toBe(400);
      }
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: url(encodeURIComponent(id), 'current_user_permissions'),
            headers: admin,
          })
        ).statusCode,
      ).toBe(400);
    }
    expect(
      (await put(url(2147483647, 'initial_setup_configuration'), admin, valid.initial_setup_configuration))
        .statusCode,
    ).toBe(404);
  });

  it('an organization the caller does not see answers 404 to a valid body (a malformed one is refused first, naming nothing of it)', async () => {
    const outsider = await givenUser(t, { organizations: [{ id: other, role: 'organization_owner' }] });
    const h = bearer(await tokenFor(t, outsider.id));
    for (const path of paths) {
      expect((await put(url(org, path), h, { nonsense: true })).statusCode).toBe(400);
      expect((await put(url(org, path), h, valid[path])).statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: url(org, 'current_user_permissions'), headers: h }))
        .statusCode,
    ).toBe(404);
  });

  it('current_user_permissions never lists a management-only permission toggled on a practice user', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url(org, 'current_user_permissions'),
      headers: custom,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.permissions).not.toContain('organization.rx-form-preference.update');
  });

  it('an archived organization is not seen without organization.view-archived', async () => {
    const archived = await givenOrganization(t, { name: 'Archived Configuration Practice' });
    const own = await givenUser(t, { organizations: [{ id: archived, role: 'organization_owner' }] });
    await t.db
      .updateTable('organizations')
      .set({ deleted_at: new Date() })
      .where('id', '=', archived)
      .execute();
    const h = bearer(await tokenFor(t, own.id));
    for (const path of [...paths, 'current_user_permissions'])
      expect((await t.app.inject({ method: 'GET', url: url(archived, path), headers: h })).statusCode).toBe(
        404,
      );
  });
});
