import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildOnboarding, buildPatient } from '../../db/seed/factories.ts';

/**
 * The quick glance summarizes other pages: each figure must equal what those pages show
 * (the members list, the organization's case list, the Onboardings list).
 */
type H = { authorization: string };
let t: TestApp;
let org: number;
let admin: H;
let tech: H;
let onboardingId: number;

const get = async (url: string, headers: H) => {
  const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  org = await givenOrganization(t, { name: 'Glance Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  const doctor = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
  await givenUser(t, { organizations: [{ id: org, role: 'organization_manager' }] });
  // An archived manager stays on the members list; a removed user is on no list.
  await givenUser(t, { archived: true, organizations: [{ id: org, role: 'organization_manager' }] });
  const removed = await givenUser(t, { organizations: [{ id: org, role: 'organization_member' }] });
  await t.db.updateTable('users').set({ removed_at: new Date() }).where('id', '=', removed.id).execute();
  // Cases: two live, one held, one archived, one deleted.
  const base = { organization_id: org, user_id: doctor.id };
  await buildPatient(t.db, base);
  await buildPatient(t.db, base);
  await buildPatient(t.db, { ...base, held_at: new Date(), held_by_group: 2 });
  await buildPatient(t.db, { ...base, deleted_at: new Date(), deleted_kind: 'archived' });
  await buildPatient(t.db, { ...base, deleted_at: new Date(), deleted_kind: 'deleted' });
  onboardingId = (await buildOnboarding(t.db, org, { status: 5, current_step: 4 })).id;
});
afterAll(() => t?.close());

describe('quick glance figures equal the pages they summarize', () => {
  it('number of users: the members list total, the organization page and the organizations list', async () => {
    const glance = (await get(`/organizations/${org}/quick_glance`, admin)).data;
    const members = (await get(`/organizations/${org}/list_members`, admin)).data;
    const detail = (await get(`/organizations/${org}`, admin)).organization;
    const list = (await get(`/organizations?searchString=${encodeURIComponent('Glance Practice')}`, admin))
      .organizations.data;
    expect(members).toHaveLength(3);
    expect(glance.number_of_users).toBe(members.length);
    expect(detail.number_of_users).toBe(members.length);
    expect(list.find((o: { id: number }) => o.id === org).number_of_users).toBe(members.length);
  });

  it("number of patients: the organization's case list total with held cases included (archived and deleted apart)", async () => {
    const glance = (await get(`/organizations/${org}/quick_glance`, tech)).data;
    const included = await get(`/patients?organization_id=${org}&held=include`, admin);
    const techDefault = await get(`/patients?organization_id=${org}`, tech);
    expect(glance.number_of_patients).toBe(3);
    expect(glance.number_of_patients).toBe(included.meta.total);
    expect(glance.number_of_patients).toBe(techDefault.meta.total);
  });

  it('organization managers: the members list managers who are not archived', async () => {
    const glance = (await get(`/organizations/${org}/quick_glance`, admin)).data;
    const members = (await get(`/organizations/${org}/list_members`, admin)).data as {
      id: number;
      deleted_at: string | null;
      pivot: { role: string };
    }[];
    const managers = members
      .filter((m) => m.pivot.role === 'organization_manager' && m.deleted_at === null)
      .map((m) => m.id)
      .sort();
    expect(managers).toHaveLength(1);
    expect(glance.organization_managers.map((m: { id: number }) => m.id).sort()).toEqual(managers);
  });

  it('onboarding: the status and step of the Onboardings list', async () => {
    const glance = (await get(`/organizations/${org}/quick_glance`, admin)).data;
    const onboarding = (await get(`/onboardings/${onboardingId}`, admin)).onboarding;
    expect(glance.onboarding).toEqual({
      id: onboardingId,
      status: onboarding.status,
      current_step: onboarding.current_step,
    });
  });
});
