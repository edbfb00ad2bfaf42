import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardData } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient, buildRxForm } from '../../db/seed/factories.ts';
import { resetDashboardCache } from './service.ts';

/**
 * The dashboard as an attacker would call it: forged parameters that try to widen the scope,
 * huge ranges, text meant for SQL, another organization's figures.
 */
type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let practiceA: H;
let partner: H;
let admin: H;

async function get(path: string, headers: H) {
  return t.app.inject({ method: 'GET', url: `${API}${path}`, headers });
}
const submissions = (d: DashboardData) => d.filtered_statistics.find((s) => s.key === 'submissions')!.total;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Practice A' });
  orgB = await givenOrganization(t, { name: 'Practice B' });
  const a = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const b = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  await t.db
    .insertInto('user_custom_permissions')
    .values({ user_id: a.id, permission: 'users.view-dashboard' })
    .execute();
  const lp = await givenUser(t, { roles: ['lab_partner'] });
  const ad = await givenUser(t, { roles: ['admin'] });
  practiceA = bearer(await tokenFor(t, a.id));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  admin = bearer(await tokenFor(t, ad.id, { management: true }));
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: orgA, third_party_partner_user_id: lp.id })
    .execute();
  for (const [org, user, n] of [
    [orgA, a.id, 1],
    [orgB, b.id, 3],
  ] as const) {
    for (let i = 0; i < n; i += 1) {
      const p = await buildPatient(t.db, { organization_id: org, user_id: user });
      await buildRxForm(t.db, { organization_id: org, user_id: user, patient_id: p.id, print_assignment: 3 });
    }
  }
});
afterAll(() => t?.close());
beforeEach(() => resetDashboardCache());

describe('GET /dashboard under attack', () => {
  it('ignores forged scope parameters: a practice still sees only its organization', async () => {
    for (const forged of [
      `organization_id=${orgB}`,
      `organizationId=${orgB}`,
      'variant=all',
      `scope=all&filter[organization]=${orgB}`,
      `queryOrganization=${orgB}`,
    ]) {
      const res = await get(`/dashboard?timeFilter=all_time&${forged}`, practiceA);
      expect(res.statusCode, forged).toBe(200);
      const data = res.json().data as DashboardData;
      expect(data.variant).toBe('practice');
      expect(submissions(data)).toBe(1);
    }
  });

  it('a lab partner cannot reach an organization it does not serve', async () => {
    const res = await get(`/dashboard?timeFilter=all_time&organization_id=${orgB}`, partner);
    expect(res.statusCode).toBe(200);
    expect(submissions(res.json().data)).toBe(1);
    expect(res.json().data.statistics).toBeNull();
  });

  it('refuses SQL-ish text in every parameter with a field message, never a server error', async () => {
    const hostile = [
      "timeFilter=today';drop table patients;--",
      "timeZone=UTC'); select pg_sleep(5);--",
      'timeZone=../../etc/passwd',
      "dateFilterFrom=2026-01-01' or '1'='1&dateFilterTo=2026-01-02&timeFilter=custom",
      'invoiceType=new%00',
      'withLiveData=1 or 1=1',
    ];
    for (const q of hostile) {
      const res = await get(`/dashboard?${q}`, admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors, q).toBeTruthy();
    }
    expect(await t.db.selectFrom('patients').select('id').execute()).toHaveLength(4);
  });

  it('refuses a parameter given twice', async () => {
    const res = await get('/dashboard?timeFilter=today&timeFilter=all_time', admin);
    expect(res.statusCode).toBe(400);
  });

  it('answers the widest custom range quickly with a monthly chart of bounded size', async () => {
    const res = await get(
      '/dashboard?timeFilter=custom&dateFilterFrom=2000-01-01&dateFilterTo=2099-12-31',
      admin,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data as DashboardData;
    expect(data.series.unit).toBe('month');
    expect(data.series.points).toHaveLength(1200);
    expect(submissions(data)).toBe(4);
  });

  it('refuses ranges beyond the supported years and absurd dates', async () => {
    for (const q of [
      'dateFilterFrom=1900-01-01&dateFilterTo=2026-01-01',
      'dateFilterFrom=2026-01-01&dateFilterTo=9999-12-31',
      'dateFilterFrom=-271821-04-20&dateFilterTo=2026-01-01',
      'dateFilterFrom=2026-13-01&dateFilterTo=2026-12-01',
    ]) {
      const res = await get(`/dashboard?timeFilter=custom&${q}`, admin);
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('a very long parameter is refused, not processed', async () => {
    const res = await get(`/dashboard?timeZone=${'A'.repeat(5000)}`, admin);
    expect(res.statusCode).toBe(400);
  });

  it('the patient list refuses a forged activity and time zone the same way', async () => {
    const bad = await get("/patients?activity=submissions';--&time_zone=Nowhere/Land", admin);
    expect(bad.statusCode).toBe(400);
    const ok = await get(
      '/patients?activity=submissions&activity_from=2000-01-01&activity_to=2099-12-31',
      practiceA,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().meta.total).toBe(1);
  });
});
