import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DASHBOARD_ACTIVITIES,
  DASHBOARD_BUCKETS,
  DASHBOARD_TIME_FILTERS,
  addDays,
  calendarDateIn,
  dashboardDateRange,
  startOfDayIn,
  weekStart,
  type DashboardActivity,
  type DashboardData,
  type DashboardTimeFilter,
} from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import {
  buildContract,
  buildCustomerRequest,
  buildLicense,
  buildOnboarding,
  buildPatient,
  buildRxForm,
} from '../../db/seed/factories.ts';
import { resetDashboardCache } from './service.ts';

type H = { authorization: string };
const TZ = 'America/Denver';
const HOUR = 3_600_000;

let t: TestApp;
let orgA: number;
let orgB: number;
let orgC: number;
let admin: H;
let superAdmin: H;
let tech: H;
let supervisor: H;
let partner: H;
let ownerA: H;
let memberA: H;
let doctorB: H;
let ownerC: H;
let doctorBId: number;
let ownerCId: number;
const now = new Date();
const today = calendarDateIn(now, TZ);
const startOfToday = startOfDayIn(today, TZ);

async function get(path: string, headers?: H) {
  return t.app.inject({ method: 'GET', url: `${API}${path}`, ...(headers ? { headers } : {}) });
}
async function dashboard(query: string, headers: H): Promise<DashboardData> {
  const res = await get(`/dashboard?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DashboardData;
}
const stat = (d: DashboardData, key: DashboardActivity) => d.filtered_statistics.find((s) => s.key === key)!;

/** The patient list's query behind a card (its `filters`, read as /patients-page reads them). */
function listQuery(filters: string): string {
  const p = new URLSearchParams(filters);
  const q = new URLSearchParams({ activity: p.get('filter[activity]')!, time_zone: TZ, per_page: '100' });
  const [from = '', to = ''] = (p.get('filter[activity_date]') ?? '').split(',');
  if (from) q.set('activity_from', from);
  if (to) q.set('activity_to', to);
  return q.toString();
}

/** A case of the organization; `rx` null: no Rx form. */
async function givenCase(
  organization_id: number,
  user_id: number,
  o: { patient?: Record<string, unknown>; rx?: Record<string, unknown> | null } = {},
) {
  const p = await buildPatient(t.db, { organization_id, user_id, ...o.patient });
  // Not submitted unless the test says so (the factory submits by default).
  if (o.rx !== null)
    await buildRxForm(t.db, {
      organization_id,
      user_id,
      patient_id: p.id,
      submitted_at: null,
      ...(o.rx ?? {}),
    });
  return p.id;
}

async function givenPrintingRequest(
  organization_id: number,
  patient_id: number,
  o: { status?: number; created_at?: Date; completed_at?: Date | null; insertBrackets?: Date | null } = {},
) {
  const cr = await buildCustomerRequest(t.db, { organization_id, patient_id });
  const pr = await t.db
    .insertInto('printing_requests')
    .values({
      customer_request_id: cr.id,
      patient_id,
      printing_request_status_id: o.status ?? 1,
      created_at: o.created_at ?? now,
      completed_at: o.completed_at ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (o.insertBrackets)
    await t.db
      .insertInto('printing_request_items')
      .values({
        printing_request_id: pr.id,
        jaw_type_id: 3,
        insert_brackets: true,
        created_at: o.insertBrackets,
      })
      .execute();
  return { customerRequestId: cr.id, printingRequestId: pr.id };
}

async function allowDashboard(userId: number) {
  await t.db
    .insertInto('user_custom_permissions')
    .values({ user_id: userId, permission: 'users.view-dashboard' })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  orgC = await givenOrganization(t, { name: 'Calendar Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const sa = await givenUser(t, { roles: ['super_admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const s = await givenUser(t, { roles: ['supervisor'] });
  const lp = await givenUser(t, { roles: ['lab_partner'] });
  const oa = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const ma = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_member' }] });
  const db = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  const oc = await givenUser(t, { organizations: [{ id: orgC, role: 'organization_owner' }] });
  doctorBId = db.id;
  ownerCId = oc.id;
  await allowDashboard(oa.id);
  await allowDashboard(db.id);
  await allowDashboard(oc.id);
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  superAdmin = bearer(await tokenFor(t, sa.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  supervisor = bearer(await tokenFor(t, s.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  ownerA = bearer(await tokenFor(t, oa.id));
  memberA = bearer(await tokenFor(t, ma.id));
  doctorB = bearer(await tokenFor(t, db.id));
  ownerC = bearer(await tokenFor(t, oc.id));
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: orgA, third_party_partner_user_id: lp.id })
    .execute();

  // orgA: one case per statistic today, the partner's case, yesterday's, an archived one.
  const soon = new Date(startOfToday.getTime() + HOUR);
  await givenCase(orgA, oa.id, { rx: { submitted_at: startOfToday, print_assignment: 3 } }); // partner's
  await givenCase(orgA, oa.id, { rx: { submitted_at: new Date(startOfToday.getTime() - 1) } }); // yesterday
  await givenCase(orgA, oa.id, { rx: { ready_at: soon } });
  await givenCase(orgA, oa.id, { patient: { patient_status_id: 3, setup_completed_at: soon } });
  const shipped = await givenCase(orgA, oa.id);
  await givenPrintingRequest(orgA, shipped, {
    status: 3,
    completed_at: soon,
    created_at: new Date(soon.getTime() - 30 * 86_400_000),
  });
  const printed = await givenCase(orgA, oa.id);
  await givenPrintingRequest(orgA, printed, { created_at: soon });
  await givenPrintingRequest(orgA, printed, { created_at: soon }); // the same case twice: counted once
  const cancelled = await givenCase(orgA, oa.id);
  await givenPrintingRequest(orgA, cancelled, { status: 4, created_at: soon });
  const brackets = await givenCase(orgA, oa.id);
  await givenPrintingRequest(orgA, brackets, {
    created_at: new Date(soon.getTime() - 40 * 86_400_000),
    insertBrackets: soon,
  });
  const flawed = await givenCase(orgA, oa.id);
  const { customerRequestId } = await givenPrintingRequest(orgA, flawed, {
    created_at: new Date(soon.getTime() - 40 * 86_400_000),
  });
  await t.db
    .insertInto('flawed_trays')
    .values({ customer_request_id: customerRequestId, patient_id: flawed, arch: 1, created_at: soon })
    .execute();
  await givenCase(orgA, oa.id, {
    patient: { deleted_at: now, deleted_kind: 'archived' },
    rx: { submitted_at: soon, print_assignment: 3 },
  });
  // orgB: a submission today.
  await givenCase(orgB, db.id, { rx: { submitted_at: soon, print_assignment: 3 } });
});
afterAll(() => t?.close());
beforeEach(() => resetDashboardCache());

describe('GET /dashboard: access', () => {
  it('answers 401 without a session', async () => {
    expect((await get('/dashboard')).statusCode).toBe(401);
  });

  it('opens for every staff role with the whole lab and the buckets', async () => {
    for (const h of [superAdmin, admin, tech, supervisor]) {
      const d = await dashboard('timeFilter=today', h);
      expect(d.variant).toBe('all');
      expect(d.statistics).not.toBeNull();
    }
  });

  it('answers 403 to a practice user without users.view-dashboard, users.manage or users.manage-limited', async () => {
    const res = await get('/dashboard', memberA);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This action is unauthorized.');
  });

  it('answers 403 to a practice user whose custom permission is something else', async () => {
    const u = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
    await t.db
      .insertInto('user_custom_permissions')
      .values({ user_id: u.id, permission: 'users.view' })
      .execute();
    expect((await get('/dashboard', bearer(await tokenFor(t, u.id)))).statusCode).toBe(403);
  });
});

describe('GET /dashboard: the statistics', () => {
  it('counts each statistic of today for the whole lab (archived cases, cancelled requests and other days left out)', async () => {
    const d = await dashboard(`timeFilter=today&timeZone=${TZ}&withLiveData=true`, admin);
    expect(d.date_from).toBe(today);
    expect(d.date_to).toBe(today);
    const totals = Object.fromEntries(d.filtered_statistics.map((s) => [s.key, s.total]));
    expect(totals).toEqual({
      submissions: 2,
      completed_cases: 1,
      shipped: 1,
      initial_setups: 1,
      print_requests: 1,
      insert_brackets: 1,
      flawed_trays: 1,
    });
    // live data is today's figure
    for (const s of d.filtered_statistics) expect(s.live_data).toBe(s.total);
    expect(stat(d, 'submissions').title).toBe('Submissions');
    expect(stat(d, 'submissions').filters).toBe(
      `filter%5Bactivity%5D=submissions&filter%5Bactivity_date%5D=${today}%2C${today}`,
    );
  });

  it('a case archived after its work leaves every statistic at once, and restoring it brings it back', async () => {
    const totals = async () => {
      resetDashboardCache();
      const d = await dashboard(`timeFilter=today&timeZone=${TZ}`, admin);
      return Object.fromEntries(d.filtered_statistics.map((s) => [s.key, s.total])) as Record<string, number>;
    };
    const before = await totals();
    const at = new Date(startOfToday.getTime() + 2 * HOUR);
    const id = await givenCase(orgC, ownerCId, {
      patient: { patient_status_id: 3, setup_completed_at: at },
      rx: { submitted_at: at, ready_at: at },
    });
    const { customerRequestId } = await givenPrintingRequest(orgC, id, {
      status: 3,
      created_at: at,
      completed_at: at,
      insertBrackets: at,
    });
    await t.db
      .insertInto('flawed_trays')
      .values({ customer_request_id: customerRequestId, patient_id: id, arch: 1, created_at: at })
      .execute();
    const plusOne = Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v + 1]));
    expect(await totals()).toEqual(plusOne);

    const archived = await t.app.inject({
      method: 'PUT',
      url: `${API}/patients/${id}/archive`,
      headers: superAdmin,
      payload: { archived_by_name: 'Dana Admin', archived_reason: 'Duplicate case' },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await totals()).toEqual(before);

    const restored = await t.app.inject({
      method: 'POST',
      url: `${API}/patients/${id}/restore`,
      headers: superAdmin,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await totals()).toEqual(plusOne);

    // Work recorded for an archived case is left out from the start.
    await t.app.inject({
      method: 'PUT',
      url: `${API}/patients/${id}/archive`,
      headers: superAdmin,
      payload: { archived_by_name: 'Dana Admin', archived_reason: 'Duplicate case' },
    });
    await givenPrintingRequest(orgC, id, { created_at: at });
    expect(await totals()).toEqual(before);
  });

  it("yesterday holds the submission one millisecond before today's start in the user's time zone", async () => {
    const d = await dashboard(`timeFilter=yesterday&timeZone=${TZ}`, admin);
    expect(stat(d, 'submissions').total).toBe(1);
    expect(stat(d, 'submissions').live_data).toBeNull();
  });

  it("each card's number is the number of cases the patient list shows with the card's filters", async () => {
    for (const [who, h] of [
      ['admin', admin],
      ['partner', partner],
      ['ownerA', ownerA],
    ] as const) {
      for (const filter of ['today', 'yesterday', 'this_month', 'all_time'] as const) {
        const d = await dashboard(`timeFilter=${filter}&timeZone=${TZ}`, h);
        for (const s of d.filtered_statistics) {
          const list = await get(`/patients?${listQuery(s.filters)}`, h);
          expect(list.statusCode, list.body).toBe(200);
          expect(list.json().meta.total, `${who} ${filter} ${s.key}`).toBe(s.total);
        }
      }
    }
  });

  it("a practice user's figures never count another organization's cases", async () => {
    const a = await dashboard(`timeFilter=today&timeZone=${TZ}`, ownerA);
    expect(a.variant).toBe('practice');
    expect(stat(a, 'submissions').total).toBe(1);
    const b = await dashboard(`timeFilter=today&timeZone=${TZ}`, doctorB);
    expect(stat(b, 'submissions').total).toBe(1);
    expect(b.filtered_statistics.filter((s) => s.key !== 'submissions').every((s) => s.total === 0)).toBe(
      true,
    );
  });

  it('a lab partner sees only its third-party cases and no buckets', async () => {
    const d = await dashboard(`timeFilter=today&timeZone=${TZ}`, partner);
    expect(d.variant).toBe('partner');
    expect(d.statistics).toBeNull();
    // orgA's third-party case today; orgB's is not served by the partner, the archived one is left out
    expect(stat(d, 'submissions').total).toBe(1);
    expect(stat(d, 'initial_setups').total).toBe(0);
  });

  it('the circle statistics are the hub search totals of each bucket and link to it', async () => {
    await buildContract(t.db, orgB);
    await buildLicense(t.db, orgB);
    await buildOnboarding(t.db, orgB, { status: 5, current_step: 3 });
    const d = await dashboard('timeFilter=today&withLiveData=true', admin);
    for (const kind of ['organization', 'doctor'] as const) {
      const set = kind === 'organization' ? d.statistics!.organizations : d.statistics!.doctors;
      let sum = 0;
      for (const bucket of DASHBOARD_BUCKETS) {
        const s = set[bucket];
        const hub = await get(`/organizations-users?filter[roles]=${kind}&filter[status]=${s.status}`, admin);
        expect(hub.statusCode).toBe(200);
        expect(s.total, `${kind} ${bucket}`).toBe(hub.json().meta.total);
        expect(s.link).toBe(`/organizations-users?filter%5Broles%5D=${kind}&filter%5Bstatus%5D=${s.status}`);
        sum += s.total;
      }
      expect(set.total.total).toBe(sum);
      // every one of them joined today
      expect(set.total.live_data).toBe(sum);
    }
    expect(d.statistics!.organizations.onboarding.total).toBeGreaterThanOrEqual(1);
    expect(d.statistics!.organizations.registering.title).toBe('Leads');
    expect(d.statistics!.organizations.inactive.title).toBe('Passive');
  });

  it('the chart gives submissions and completed cases per day of the range', async () => {
    const d = await dashboard(`timeFilter=this_week&timeZone=${TZ}`, admin);
    expect(d.series.unit).toBe('day');
    expect(d.series.points).toHaveLength(7);
    expect(d.series.points[0]!.date).toBe(weekStart(today));
    const sum = (k: 'submissions' | 'completed_cases') => d.series.points.reduce((n, p) => n + p[k], 0);
    expect(sum('submissions')).toBe(stat(d, 'submissions').total);
    expect(sum('completed_cases')).toBe(stat(d, 'completed_cases').total);
    const point = d.series.points.find((p) => p.date === today)!;
    expect(point.submissions).toBe(2);
  });

  it('all time charts per month from the first month with data', async () => {
    const d = await dashboard(`timeFilter=all_time&timeZone=${TZ}`, admin);
    expect(d.date_from).toBeNull();
    expect(d.series.unit).toBe('month');
    expect(d.series.points.length).toBeGreaterThanOrEqual(1);
    expect(d.series.points.length).toBeLessThanOrEqual(3);
    expect(stat(d, 'submissions').total).toBe(3);
    expect(stat(d, 'submissions').filters).toBe('filter%5Bactivity%5D=submissions');
  });
});

describe('GET /dashboard: validation', () => {
  it("custom needs both dates ('Required')", async () => {
    const res = await get('/dashboard?timeFilter=custom', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ dateFilterFrom: ['Required'], dateFilterTo: ['Required'] });
  });

  it('refuses an unknown filter, a bad date, an end before the start and an unknown time zone', async () => {
    const res = await get(
      '/dashboard?timeFilter=fortnight&dateFilterFrom=2026-02-30&timeZone=Mars/Olympus&withLiveData=maybe&invoiceType=x',
      admin,
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.timeFilter).toContain('The selected time filter is invalid.');
    expect(errors.dateFilterFrom).toContain('Must be a date (YYYY-MM-DD).');
    expect(errors.timeZone).toContain('The time zone is invalid.');
    expect(errors.withLiveData).toContain('Must be true or false.');
    expect(errors.invoiceType).toContain('The selected invoice type is invalid.');
    const order = await get(
      '/dashboard?timeFilter=custom&dateFilterFrom=2026-03-02&dateFilterTo=2026-03-01',
      admin,
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().errors.dateFilterTo).toContain('The end date must not be before the start date.');
  });

  it('accepts invoiceType new or old without changing the statistics', async () => {
    const a = await dashboard(`timeFilter=today&timeZone=${TZ}&invoiceType=old`, admin);
    const b = await dashboard(`timeFilter=today&timeZone=${TZ}&invoiceType=new`, admin);
    expect(a.filtered_statistics).toEqual(b.filtered_statistics);
  });
});

describe('GET /dashboard: every time filter at the edges of days, weeks and months (America/Denver)', () => {
  /** Submissions of orgC at these instants, by name. */
  const instants: Record<string, Date> = {};

  beforeAll(async () => {
    const week = weekStart(today);
    const month = `${today.slice(0, 8)}01`;
    const lastMonthStart = dashboardDateRange('last_month', now, TZ).from!;
    const dayToMonth = dashboardDateRange('day_to_month', now, TZ).from!;
    Object.assign(instants, {
      todayStart: startOfToday,
      yesterdayEnd: new Date(startOfToday.getTime() - 1),
      yesterdayStart: startOfDayIn(addDays(today, -1), TZ),
      beforeYesterday: new Date(startOfDayIn(addDays(today, -1), TZ).getTime() - 1),
      weekStart: startOfDayIn(week, TZ),
      lastWeekEnd: new Date(startOfDayIn(week, TZ).getTime() - 1),
      lastWeekStart: startOfDayIn(addDays(week, -7), TZ),
      beforeLastWeek: new Date(startOfDayIn(addDays(week, -7), TZ).getTime() - 1),
      monthStart: startOfDayIn(month, TZ),
      lastMonthEnd: new Date(startOfDayIn(month, TZ).getTime() - 1),
      lastMonthStart: startOfDayIn(lastMonthStart, TZ),
      beforeLastMonth: new Date(startOfDayIn(lastMonthStart, TZ).getTime() - 1),
      dayToMonthStart: startOfDayIn(dayToMonth, TZ),
      beforeDayToMonth: new Date(startOfDayIn(dayToMonth, TZ).getTime() - 1),
      customStart: startOfDayIn('2024-03-10', TZ), // the day summer time starts in Denver
      customEnd: new Date(startOfDayIn('2024-03-11', TZ).getTime() - 1),
      afterCustom: startOfDayIn('2024-03-11', TZ),
    });
    for (const at of Object.values(instants)) await givenCase(orgC, ownerCId, { rx: { submitted_at: at } });
  });

  /** The submissions in a filter's range by the rule itself: [start of first day, start of the day after the last). */
  function expected(filter: DashboardTimeFilter, custom?: { from: string; to: string }): number {
    const r = dashboardDateRange(filter, now, TZ, custom);
    const lo = r.from ? startOfDayIn(r.from, TZ).getTime() : -Infinity;
    const hi = r.to ? startOfDayIn(addDays(r.to, 1), TZ).getTime() : Infinity;
    return Object.values(instants).filter((d) => d.getTime() >= lo && d.getTime() < hi).length;
  }

  it('each filter counts exactly the instants inside its range', async () => {
    for (const filter of DASHBOARD_TIME_FILTERS.filter((f) => f !== 'custom')) {
      const d = await dashboard(`timeFilter=${filter}&timeZone=${TZ}`, ownerC);
      expect(stat(d, 'submissions').total, filter).toBe(expected(filter));
    }
    const d = await dashboard(
      `timeFilter=custom&dateFilterFrom=2024-03-10&dateFilterTo=2024-03-10&timeZone=${TZ}`,
      ownerC,
    );
    expect(stat(d, 'submissions').total).toBe(2);
  });

  it('the edges fall on the right side', async () => {
    const ids = async (filter: DashboardTimeFilter) => {
      const d = await dashboard(`timeFilter=${filter}&timeZone=${TZ}`, ownerC);
      const list = await get(`/patients?${listQuery(stat(d, 'submissions').filters)}`, ownerC);
      const rows = list.json().data as { id: number }[];
      return rows.length;
    };
    // today starts at local midnight; yesterday ends one millisecond before
    expect(expected('today')).toBeGreaterThanOrEqual(1);
    expect(await ids('yesterday')).toBe(expected('yesterday'));
    const week = dashboardDateRange('this_week', now, TZ);
    expect(week.from).toBe(weekStart(today));
    expect(new Date(`${week.from}T12:00:00Z`).getUTCDay()).toBe(0); // Sunday
    expect(await ids('this_week')).toBe(expected('this_week'));
    expect(await ids('last_week')).toBe(expected('last_week'));
    // the last week holds its first instant and its last, not the one before
    const last = dashboardDateRange('last_week', now, TZ);
    expect(startOfDayIn(last.from!, TZ).getTime()).toBe(instants.lastWeekStart!.getTime());
    expect(startOfDayIn(addDays(last.to!, 1), TZ).getTime()).toBe(instants.weekStart!.getTime());
  });
});

describe('GET /dashboard: reuse', () => {
  it('reuses the result of the same time filter and computes a custom range every time', async () => {
    const first = await dashboard(`timeFilter=this_month&timeZone=${TZ}`, admin);
    expect(first.cached).toBe(false);
    await givenCase(orgB, doctorBId, { rx: { submitted_at: now } });
    const again = await dashboard(`timeFilter=this_month&timeZone=${TZ}`, supervisor);
    expect(again.cached).toBe(true);
    expect(again.computed_at).toBe(first.computed_at);
    expect(stat(again, 'submissions').total).toBe(stat(first, 'submissions').total);

    // a changed filter is computed
    const changed = await dashboard(`timeFilter=today&timeZone=${TZ}`, admin);
    expect(changed.cached).toBe(false);

    // custom: never reused, and it sees the new case
    const range = dashboardDateRange('this_month', now, TZ);
    const q = `timeFilter=custom&dateFilterFrom=${range.from}&dateFilterTo=${range.to}&timeZone=${TZ}`;
    const c1 = await dashboard(q, admin);
    const c2 = await dashboard(q, admin);
    expect(c1.cached).toBe(false);
    expect(c2.cached).toBe(false);
    expect(stat(c1, 'submissions').total).toBe(stat(first, 'submissions').total + 1);
  });

  it('keeps practices apart in the reused results', async () => {
    const a = await dashboard(`timeFilter=today&timeZone=${TZ}`, ownerA);
    const b = await dashboard(`timeFilter=today&timeZone=${TZ}`, doctorB);
    expect(b.cached).toBe(false);
    expect(stat(a, 'print_requests').total).toBe(1);
    expect(stat(b, 'print_requests').total).toBe(0);
  });

  it('hides the archived bucket link from a caller who may not open it', async () => {
    const d = await dashboard('timeFilter=today', tech);
    expect(d.statistics!.organizations.archived.link).toBeNull();
    const s = await dashboard('timeFilter=today', admin);
    expect(s.cached).toBe(true);
    expect(s.statistics!.organizations.archived.link).not.toBeNull();
    expect(DASHBOARD_ACTIVITIES).toHaveLength(s.filtered_statistics.length);
  });
});
