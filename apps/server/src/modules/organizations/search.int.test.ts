import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubSearchQuery, ORGANIZATION_MESSAGES, type SearchHit } from '@archline/contracts';
import type { KyselyPlugin } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import {
  buildContract,
  buildLicense,
  buildLocation,
  buildOnboarding,
  buildPatient,
  buildRxForm,
} from '../../db/seed/factories.ts';
import { searchHub } from './search.repository.ts';

type Who = { id: number; headers: { authorization: string } };

let t: TestApp;
let admin: Who;
let tech: Who;
let doctor: Who;
const orgs: Record<'lead' | 'onboarding' | 'fresh' | 'active' | 'passive' | 'archived', number> = {} as never;
let doctorActive: number;
let location: number;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

async function who(opts: Parameters<typeof givenUser>[1], management = false): Promise<Who> {
  const u = await givenUser(t, opts);
  return { id: u.id, headers: bearer(await tokenFor(t, u.id, { management })) };
}

const search = (qs: string, user: Who | null = admin) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/organizations-users?${qs}`,
    ...(user ? { headers: user.headers } : {}),
  });

const ids = (hits: SearchHit[], model: SearchHit['model']) =>
  hits.filter((h) => h.model === model).map((h) => h.model_id);

async function submittedCase(organizationId: number, userId: number, when: Date) {
  const patient = await buildPatient(t.db, { organization_id: organizationId, user_id: userId });
  await buildRxForm(t.db, {
    organization_id: organizationId,
    user_id: userId,
    patient_id: patient.id,
    submitted_at: when,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await who({ roles: ['admin'] }, true);
  tech = await who({ roles: ['tech_support'] }, true);
  orgs.lead = await givenOrganization(t, { name: 'Zephyr Lead Dental' });
  orgs.onboarding = await givenOrganization(t, { name: 'Zephyr Onboarding Ortho' });
  orgs.fresh = await givenOrganization(t, { name: 'Zephyr Fresh Smiles' });
  orgs.active = await givenOrganization(t, { name: 'Zephyr Active Braces', account_number: 'ACTIVE-777' });
  orgs.passive = await givenOrganization(t, { name: 'Zephyr Passive Clinic' });
  orgs.archived = await givenOrganization(t, { name: 'Zephyr Archived Practice' });
  for (const key of ['onboarding', 'fresh', 'active', 'passive', 'archived'] as const)
    await buildContract(t.db, orgs[key]);
  await buildOnboarding(t.db, orgs.onboarding, { status: 5, current_step: 2 });
  await t.db
    .updateTable('organizations')
    .set({ deleted_at: new Date() })
    .where('id', '=', orgs.archived)
    .execute();

  const d = await who({
    roles: ['doctor'],
    first_name: 'Quincy',
    last_name: 'Zephyrson',
    organizations: [{ id: orgs.active, role: 'organization_owner' }],
  });
  doctor = d;
  doctorActive = d.id;
  await buildLicense(t.db, orgs.active, { user_id: doctorActive });
  await submittedCase(orgs.fresh, doctorActive, daysAgo(5));
  await submittedCase(orgs.active, doctorActive, daysAgo(90));
  await submittedCase(orgs.active, doctorActive, daysAgo(10));
  await submittedCase(orgs.active, doctorActive, daysAgo(3));
  await submittedCase(orgs.passive, doctorActive, daysAgo(200));
  location = (await buildLocation(t.db, orgs.active, { location_name: 'Zephyr Downtown Office' })).id;
  await t.db
    .updateTable('organizations')
    .set({ main_location_id: location })
    .where('id', '=', orgs.active)
    .execute();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /organizations-users', () => {
  it('when unauthenticated, returns 401', async () => {
    expect((await search('q=zephyr', null)).statusCode).toBe(401);
  });

  it('for practice users, returns 403', async () => {
    expect((await search('q=zephyr', doctor)).statusCode).toBe(403);
  });

  it('finds users, organizations and locations by keyword, archived hidden', async () => {
    const res = await search('q=zephyr&perPage=50');
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json() as { data: SearchHit[]; meta: { total: number } };
    expect(ids(data, 'organization').sort()).toEqual(
      [orgs.lead, orgs.onboarding, orgs.fresh, orgs.active, orgs.passive].sort(),
    );
    expect(ids(data, 'user')).toEqual([doctorActive]);
    expect(ids(data, 'location')).toEqual([location]);
    expect(meta.total).toBe(7);
  });

  it('matches every word, account numbers too', async () => {
    const res = await search('q=active-777');
    expect(ids(res.json().data, 'organization')).toEqual([orgs.active]);
    const two = await search('q=zephyr%20braces');
    expect(ids(two.json().data, 'organization')).toEqual([orgs.active]);
    const none = await search('q=nothing-like-this');
    expect(none.json()).toEqual({
      data: [],
      meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 },
    });
  });

  it('shapes hits per the spec (organization fields, contract and onboarding ids)', async () => {
    const { data } = (await search('q=zephyr&perPage=50')).json() as { data: SearchHit[] };
    const org = data.find((h) => h.model === 'organization' && h.model_id === orgs.active)!;
    const contract = await t.db
      .selectFrom('contracts')
      .select(['id'])
      .where('organization_id', '=', orgs.active)
      .executeTakeFirstOrThrow();
    expect(org).toMatchObject({
      full_name: 'Zephyr Active Braces',
      organization_id: orgs.active,
      organization_account_number: 'ACTIVE-777',
      contract_id: contract.id,
      payment: { payment_status: 'PAID' },
      submissions: 3,
      is_archived: false,
      city: 'Denver',
      filter: 'organization',
      locations: [{ id: location, location_name: 'Zephyr Downtown Office' }],
    });
    const onboarding = data.find((h) => h.model_id === orgs.onboarding && h.model === 'organization')!;
    expect(onboarding.onboarding).toMatchObject({ status: 5, current_step: 2 });
    expect(onboarding.onboarding_id).toBe(onboarding.onboarding!.id);
    const user = data.find((h) => h.model === 'user')!;
    expect(user).toMatchObject({
      full_name: 'Quincy Zephyrson',
      roles: ['doctor'],
      organization_id: orgs.active,
      filter: 'doctor',
      submissions: 5,
    });
    const loc = data.find((h) => h.model === 'location')!;
    expect(loc).toMatchObject({
      organization_name: 'Zephyr Active Braces',
      full_address: '100 Main Street, Denver, CO 80202, USA',
    });
  });

  it.each([
    [1, 'lead'],
    [2, 'onboarding'],
    [3, 'fresh'],
    [4, 'active'],
    [5, 'passive'],
  ] as const)('filter[status]=%i returns the %s organization', async (status, key) => {
    const res = await search(`q=zephyr&filter[roles]=organization&filter[status]=${status}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().data, 'organization')).toEqual([orgs[key]]);
    expect(res.json().data.every((h: SearchHit) => h.status === status)).toBe(true);
  });

  it('status 6 (Archived) and the archived filter need organization.view-archived', async () => {
    const res = await search('q=zephyr&filter[status]=6');
    expect(ids(res.json().data, 'organization')).toEqual([orgs.archived]);
    const all = await search('q=zephyr&filter[archived]=1&filter[roles]=organization');
    expect(ids(all.json().data, 'organization')).toHaveLength(6);
    const denied = await search('q=zephyr&filter[status]=6', tech);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(ORGANIZATION_MESSAGES.archivedFilterForbidden);
    expect((await search('q=zephyr', tech)).statusCode).toBe(200);
  });

  it('filter[roles]=doctor returns doctors only, with their own bucket', async () => {
    const res = await search('q=zephyr&filter[roles]=doctor');
    const data = res.json().data as SearchHit[];
    expect(data.map((h) => [h.model, h.model_id])).toEqual([['user', doctorActive]]);
    expect(data[0]!.status).toBe(4);
  });

  it('sorts by submissions, case submission and joining date', async () => {
    const most = (await search('q=zephyr&filter[roles]=organization&sort=most_submissions')).json()
      .data as SearchHit[];
    expect(most[0]!.model_id).toBe(orgs.active);
    const newest = (await search('q=zephyr&filter[roles]=organization&sort=newest_submission')).json()
      .data as SearchHit[];
    expect(newest.slice(0, 3).map((h) => h.model_id)).toEqual([orgs.active, orgs.fresh, orgs.passive]);
    const oldest = (await search('q=zephyr&filter[roles]=organization&sort=oldest_submission')).json()
      .data as SearchHit[];
    expect(oldest[0]!.model_id).toBe(orgs.passive);
    const joined = (await search('q=zephyr&filter[roles]=organization&sort=oldest_to_join')).json()
      .data as SearchHit[];
    expect(joined[0]!.model_id).toBe(orgs.lead);
  });

  it('paginates with the spec page sizes only', async () => {
    const first = await search('q=zephyr&perPage=10&filter[archived]=1');
    expect(first.json().meta).toEqual({ current_page: 1, per_page: 10, total: 8, last_page: 1 });
    const bad = await search('perPage=20');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.perPage).toEqual(['Page size must be 10, 15, 25, 50 or 100.']);
    const past = await search('q=zephyr&page=5');
    expect(past.json()).toMatchObject({ data: [], meta: { total: 7, current_page: 5 } });
  });

  it('uses one query per page', async () => {
    const queries: string[] = [];
    const counter: KyselyPlugin = {
      transformQuery(args) {
        queries.push(args.node.kind);
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    };
    const db = t.db.withPlugin(counter);
    const filters = HubSearchQuery.parse({
      q: 'zephyr',
      'filter[status]': '4',
      sort: 'activity',
      perPage: '25',
    });
    const page = await searchHub(db, filters);
    expect(page.hits.length).toBeGreaterThan(0);
    expect(queries).toHaveLength(1);
  });
});

describe('GET /organizations-users/export', () => {
  it('downloads the result as CSV', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/organizations-users/export?q=zephyr&filter[roles]=organization`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('organizations-users.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Type,Id,Name,Email/);
    expect(lines).toHaveLength(6);
    expect(lines.some((l) => l.startsWith(`organization,${orgs.active},Zephyr Active Braces`))).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'organizations-users.export')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('401 unauthenticated, 403 for practice users', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API}/organizations-users/export` })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${API}/organizations-users/export`,
          headers: doctor.headers,
        })
      ).statusCode,
    ).toBe(403);
  });
});
