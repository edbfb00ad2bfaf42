import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { statementsDuring } from '../../../test/statement-log.ts';
import type { PatientListItem } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import {
  buildCustomerRequest,
  buildLocation,
  buildOrganizationType,
  buildPatient,
  buildRxForm,
} from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let tech: H;
let supervisor: H;
let partner: H;
let owner: { id: number; headers: H };
let member: { id: number; headers: H };
let doctor2: number;
let typeId: number;
let location: number;
/** Patient ids of orgA by the status they were built for. */
const ids: Record<string, number> = {};

const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);

async function get(path: string, headers?: H) {
  return t.app.inject({ method: 'GET', url: `${API}${path}`, ...(headers ? { headers } : {}) });
}
const names = (data: PatientListItem[]) => data.map((p) => p.last_name);

async function givenCase(
  key: string,
  o: {
    organization_id?: number;
    user_id?: number;
    created: Date;
    patient?: Record<string, unknown>;
    rx?: Record<string, unknown> | null;
  },
) {
  const organization_id = o.organization_id ?? orgA;
  const user_id = o.user_id ?? owner.id;
  const p = await buildPatient(t.db, {
    organization_id,
    user_id,
    first_name: 'Case',
    last_name: key,
    created_at: o.created,
    ...o.patient,
  });
  if (o.rx !== null) await buildRxForm(t.db, { organization_id, user_id, patient_id: p.id, ...(o.rx ?? {}) });
  ids[key] = p.id;
  return p.id;
}

beforeAll(async () => {
  t = await createTestApp();
  typeId = (await buildOrganizationType(t.db, 'Ortho')).id;
  orgA = await givenOrganization(t, { name: 'Bright Smiles', account_number: 'BRIGHT-01' });
  orgB = await givenOrganization(t, { name: 'Other Practice', account_number: 'OTHER-002' });
  await t.db
    .updateTable('organizations')
    .set({ organization_type_id: typeId })
    .where('id', '=', orgB)
    .execute();
  const a = await givenUser(t, { roles: ['admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const s = await givenUser(t, { roles: ['supervisor'] });
  const lp = await givenUser(t, { roles: ['lab_partner'] });
  const o = await givenUser(t, {
    first_name: 'Olivia',
    last_name: 'Owner',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const m = await givenUser(t, {
    first_name: 'Mark',
    last_name: 'Molar',
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const d2 = await givenUser(t, {
    first_name: 'Bruno',
    last_name: 'Brace',
    organizations: [{ id: orgB, role: 'organization_owner' }],
  });
  doctor2 = d2.id;
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  supervisor = bearer(await tokenFor(t, s.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  member = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: orgA, third_party_partner_user_id: lp.id })
    .execute();
  location = (await buildLocation(t.db, orgA, { location_name: 'North' })).id;

  // orgA: one or more of each status (created days ago in brackets)
  await givenCase('NewNoRx', { created: at(10), rx: null });
  await givenCase('NewSaved', { created: at(9), rx: { saved_for_later: true, location_id: location } });
  await givenCase('Progress', {
    created: at(8),
    rx: { status_id: 2, rush_case: true, rush_case_authorized_by: 'Dr O' },
  });
  await givenCase('Awaiting1', {
    created: at(7),
    rx: { status_id: 3, ready_at: at(1), print_assignment: 3 },
  });
  await givenCase('Awaiting2', { created: at(6), rx: { status_id: 3, ready_at: at(1) } });
  await givenCase('Approved1', {
    created: at(5),
    rx: { status_id: 4, ready_at: at(2), completed_at: at(1) },
  });
  await givenCase('Approved2', {
    created: at(4),
    rx: { status_id: 4, ready_at: at(2), completed_at: at(1) },
  });
  await givenCase('Done', {
    created: at(3),
    patient: { patient_status_id: 3, setup_completed_at: at(1) },
    rx: { status_id: 4, completed_at: at(2) },
  });
  await givenCase('Cancelled', { created: at(2), rx: { status_id: 5, cancelled_at: at(1) } });
  await givenCase('Held', {
    created: at(1),
    patient: { held_at: at(0), held_by_group: 1 },
    rx: { status_id: 2 },
  });
  await givenCase('Archived', {
    created: at(11),
    patient: { deleted_at: at(0), deleted_kind: 'archived', first_name: 'Zora' },
    rx: null,
  });
  await givenCase('Mine', { created: at(12), user_id: m.id, rx: null });
  // orgB
  await givenCase('Elsewhere', {
    organization_id: orgB,
    user_id: d2.id,
    created: at(1),
    rx: { print_assignment: 3 },
  });

  // a case note, a ship date and open requests
  await t.db
    .insertInto('case_notes')
    .values({ patient_id: ids.Awaiting2!, author_type: 'doctor', author_name: 'Olivia Owner', message: 'hi' })
    .execute();
  const cr = await buildCustomerRequest(t.db, {
    organization_id: orgA,
    patient_id: ids.Approved1!,
    status_id: 1,
    created_at: at(1),
  });
  await t.db
    .insertInto('printing_requests')
    .values({
      customer_request_id: cr.id,
      patient_id: ids.Approved1!,
      ship_date: sql<string>`current_date + 3`,
      created_at: at(1),
    })
    .execute();
  const cr2 = await buildCustomerRequest(t.db, {
    organization_id: orgA,
    patient_id: ids.Approved2!,
    status_id: 1,
  });
  await t.db
    .insertInto('printing_requests')
    .values({
      customer_request_id: cr2.id,
      patient_id: ids.Approved2!,
      ship_date: sql<string>`current_date + 1`,
    })
    .execute();
});
afterAll(() => t?.close());

describe('GET /patients', () => {
  it('answers 401 without a session', async () => {
    expect((await get('/patients')).statusCode).toBe(401);
  });

  it('validates the query with field messages', async () => {
    const res = await get('/patients?status=bogus&per_page=500&held=maybe&location_ids=1,x', admin);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.status).toContain('The selected status is invalid.');
    expect(errors.per_page).toContain('The per page must not be greater than 100.');
    expect(errors.held).toContain('The selected on-hold filter is invalid.');
    expect(errors.location_ids).toContain('Must be a list of ids.');
  });

  it('practice: the current organization only, each status tab, the documented orders', async () => {
    const tab = async (status: string) =>
      names((await get(`/patients?status=${status}`, owner.headers)).json().data);
    // oldest first
    expect(await tab('new')).toEqual(['Mine', 'NewNoRx', 'NewSaved']);
    expect(await tab('in_progress')).toEqual(['Progress', 'Held']);
    expect(await tab('awaiting_approval')).toEqual(['Awaiting1', 'Awaiting2']);
    // newest first
    expect(await tab('approved')).toEqual(['Approved2', 'Approved1']);
    expect(await tab('completed')).toEqual(['Done']);
    const all = await tab('all');
    expect(all).toHaveLength(11);
    expect(all).toContain('Cancelled');
    expect(all).not.toContain('Archived');
    expect(all).not.toContain('Elsewhere');
  });

  it('list items carry the organization, doctor, Rx form summary, requests, ship date and case-note flag', async () => {
    const res = await get('/patients?status=all&sort=newest&per_page=100', admin);
    const byName = new Map((res.json().data as PatientListItem[]).map((p) => [p.last_name, p]));
    expect(byName.get('Awaiting2')).toMatchObject({
      list_status: 'awaiting_approval',
      notes_availability: { case: true },
      organization: { id: orgA, name: 'Bright Smiles', account_number: 'BRIGHT-01', organization_type: null },
      user: { id: owner.id, full_name: 'Olivia Owner' },
      rx_form: { status_id: 3, completed_at: null },
    });
    expect(byName.get('Elsewhere')!.organization.organization_type).toEqual({ id: typeId, name: 'Ortho' });
    const approved = byName.get('Approved1')!;
    expect(approved.ship_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(approved.ship_completed).toBe(false);
    // oldest open item first; the request and its printing request opened at the same time, so the
    // order falls back to the id and then the type: the same order on every page and every plan
    expect(approved.requests.map((r) => r.type)).toEqual(['customer_request', 'printing_request']);
    expect(approved.requests.every((r) => r.oldest_open_at !== null)).toBe(true);
    expect(byName.get('Progress')!.requests).toMatchObject([{ type: 'initial_case_setup', status_id: 2 }]);
    expect(byName.get('Progress')!.rx_form!.rush_case).toBe(true);
  });

  it('management default order: open shipments by ship date, then the rest newest first, shipped ones last', async () => {
    const data = names((await get('/patients?status=all&held=include', admin)).json().data);
    expect(data.slice(0, 3)).toEqual(['Approved2', 'Approved1', 'Elsewhere']);
    expect(data).toHaveLength(12);
    const oldest = names((await get('/patients?status=all&held=include&sort=oldest', admin)).json().data);
    expect(oldest[0]).toBe('Mine');

    // A shipment completed a month ago, though its date is the earliest, goes to the end.
    const cr = await buildCustomerRequest(t.db, {
      organization_id: orgA,
      patient_id: ids.Progress!,
      status_id: 4,
    });
    const shipped = await t.db
      .insertInto('printing_requests')
      .values({
        customer_request_id: cr.id,
        patient_id: ids.Progress!,
        ship_date: sql<string>`current_date - 30`,
        printing_request_status_id: 3,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const withShipped = names((await get('/patients?status=all&held=include', admin)).json().data);
      expect(withShipped.slice(0, 2)).toEqual(['Approved2', 'Approved1']);
      expect(withShipped.at(-1)).toBe('Progress');
    } finally {
      await t.db.deleteFrom('printing_requests').where('id', '=', shipped.id).execute();
      await t.db.deleteFrom('customer_requests').where('id', '=', cr.id).execute();
    }
  });

  it('pages: default page size 50 (management) / 25 (practice), the same total on every page', async () => {
    const p1 = (await get('/patients?status=all&held=include&per_page=5&sort=newest', admin)).json();
    const p3 = (await get('/patients?status=all&held=include&per_page=5&sort=newest&page=3', admin)).json();
    const p9 = (await get('/patients?status=all&held=include&per_page=5&sort=newest&page=9', admin)).json();
    expect(p1.meta).toEqual({ page: 1, per_page: 5, total: 12, total_capped: false, last_page: 3 });
    expect(p3.meta.total).toBe(12);
    expect(p3.data).toHaveLength(2);
    expect(p9).toMatchObject({ data: [], meta: { total: 12 } });
    const seen = [
      ...p1.data,
      ...(await get('/patients?status=all&held=include&per_page=5&sort=newest&page=2', admin)).json().data,
      ...p3.data,
    ].map((p: PatientListItem) => p.id);
    expect(new Set(seen).size).toBe(12);
    expect((await get('/patients', admin)).json().meta.per_page).toBe(50);
    expect((await get('/patients', owner.headers)).json().meta.per_page).toBe(25);
  });

  it('search: patient name words; text switches to all statuses and includes archived when permitted', async () => {
    const practice = names((await get('/patients?status=new&search=zora', owner.headers)).json().data);
    expect(practice).toEqual([]);
    const staff = names((await get('/patients?status=new&search=zora archived', supervisor)).json().data);
    expect(staff).toEqual(['Archived']);
    expect(
      names((await get('/patients?status=new&search=case awaiting', owner.headers)).json().data).sort(),
    ).toEqual(['Awaiting1', 'Awaiting2']);
  });

  it('doctor and organization searches; the doctor search needs organization.patients.view-any', async () => {
    expect(names((await get('/patients?doctor=bruno', admin)).json().data)).toEqual(['Elsewhere']);
    expect(names((await get('/patients?organization=other-002', admin)).json().data)).toEqual(['Elsewhere']);
    expect(names((await get('/patients?organization=smiles&status=completed', admin)).json().data)).toEqual([
      'Done',
    ]);
    expect((await get('/patients?doctor=olivia', member.headers)).statusCode).toBe(403);
  });

  it('filters: on hold, archived (view-archived), rush, case notes, active, location, organization type, ship dates', async () => {
    expect(names((await get('/patients?held=only', owner.headers)).json().data)).toEqual(['Held']);
    expect(names((await get('/patients?archived=true', supervisor)).json().data)).toEqual(['Archived']);
    const denied = await get('/patients?archived=true', tech);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('This action is unauthorized.');
    expect(names((await get('/patients?rush_only=1', admin)).json().data)).toEqual(['Progress']);
    expect(names((await get('/patients?case_notes_only=true', admin)).json().data)).toEqual(['Awaiting2']);
    expect(
      names((await get('/patients?active_only=true&organization_id=' + orgA, admin)).json().data),
    ).not.toContain('Done');
    expect(names((await get(`/patients?location_ids=${location}`, owner.headers)).json().data)).toEqual([
      'NewSaved',
    ]);
    expect(names((await get(`/patients?organization_type_id=${typeId}`, admin)).json().data)).toEqual([
      'Elsewhere',
    ]);
    const from = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    expect(names((await get(`/patients?ship_date_from=${from}`, admin)).json().data)).toEqual(['Approved1']);
  });

  it('request_type and request_status: only cases with such a request, by the kind the request carries', async () => {
    const design = await buildCustomerRequest(t.db, {
      organization_id: orgA,
      patient_id: ids.Held!,
      status_id: 2,
    });
    await t.db
      .insertInto('tray_design_requests')
      .values({ customer_request_id: design.id, patient_id: ids.Held!, jaw_type: 3 })
      .execute();
    const setup = await buildCustomerRequest(t.db, {
      organization_id: orgA,
      patient_id: ids.Done!,
      status_id: 4,
    });
    try {
      const list = async (query: string) =>
        names((await get(`/patients?status=all&held=include&${query}`, admin)).json().data);
      expect((await list('request_type=printing')).sort()).toEqual(['Approved1', 'Approved2']);
      expect(await list('request_type=printing&request_status=in_progress')).toEqual([]);
      expect(await list('request_type=tray_design')).toEqual(['Held']);
      expect(await list('request_type=tray_design&request_status=in_progress')).toEqual(['Held']);
      expect(await list('request_type=initial_case_setup')).toEqual(['Done']);
      expect(await list('request_status=completed')).toEqual(['Done']);
      expect((await list('request_status=new')).sort()).toEqual(['Approved1', 'Approved2']);
      expect(await list('request_type=flawed_tray')).toEqual([]);
      // The counts follow the same filter.
      const counts = (await get('/patients/counts?request_type=tray_design&held=include', admin)).json()
        .counts;
      expect(counts.all).toBe(1);
      // A practice sees only its own cases with such a request.
      expect(
        names((await get('/patients?status=all&request_type=printing', member.headers)).json().data),
      ).toEqual([]);

      const bad = await get('/patients?request_type=rocket&request_status=lost', admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.request_type).toContain('The selected request type is invalid.');
      expect(bad.json().errors.request_status).toContain('The selected request status is invalid.');
    } finally {
      await t.db.deleteFrom('customer_requests').where('id', 'in', [design.id, setup.id]).execute();
    }
  });

  it('assignment: only cases whose Rx form assigns the print so', async () => {
    const third = names((await get('/patients?status=all&assignment=3', admin)).json().data);
    expect(third.sort()).toEqual(['Awaiting1', 'Elsewhere']);
    expect(names((await get('/patients?status=all&assignment=3', partner)).json().data)).toEqual([
      'Awaiting1',
    ]);
    expect((await get('/patients/counts?assignment=3', admin)).json().counts.all).toBe(2);
    const bad = await get('/patients?assignment=9', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.assignment).toContain('The selected assignment is invalid.');
  });

  it('scoping: a member sees only their own patients; another organization id answers 404; a lab partner sees assigned cases', async () => {
    expect(names((await get('/patients', member.headers)).json().data)).toEqual(['Mine']);
    expect((await get(`/patients?organization_id=${orgB}`, owner.headers)).statusCode).toBe(404);
    expect(names((await get('/patients', partner)).json().data)).toEqual(['Awaiting1']);
    expect(names((await get(`/patients?user_id=${doctor2}`, admin)).json().data)).toEqual(['Elsewhere']);
  });

  it('one statement reads a page, whatever its size (no query per row)', async () => {
    const patientReads = async (path: string) =>
      (
        await statementsDuring(async () => {
          expect((await get(path, admin)).statusCode).toBe(200);
        })
      ).filter((s) => /\bfrom patients p\b/i.test(s)).length;
    const counts = [
      await patientReads('/patients?status=all&per_page=1'),
      await patientReads('/patients?status=all&per_page=12'),
      await patientReads('/patients?status=all&per_page=100&sort=oldest&search=case'),
      // The batch filter and the batch columns (staff with batches.manage) are part of it.
      await patientReads('/patients?status=all&per_page=100&batch_id=1&request_type=printing'),
    ];
    expect(counts).toEqual([1, 1, 1, 1]);
  });

  it('records the list read in the audit trail', async () => {
    await get('/patients?status=completed', owner.headers);
    const row = await t.db
      .selectFrom('audit_log')
      .select(['details', 'organization_id'])
      .where('action', '=', 'patients.list')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.organization_id).toBe(orgA);
    expect((row.details as { ids: number[] }).ids).toEqual([ids.Done]);
  });
});

describe('the on-hold filter (held): the default by role', () => {
  const list = async (query: string, headers: H) =>
    names((await get(`/patients?organization_id=${orgA}&${query}`, headers)).json().data);

  it("admin: held cases are left out by default; 'include' adds them, 'only' lists just them", async () => {
    const byDefault = await list('status=all', admin);
    expect(byDefault).not.toContain('Held');
    expect(byDefault).toHaveLength(10);
    const included = await list('status=all&held=include', admin);
    expect(included).toContain('Held');
    expect(included).toHaveLength(11);
    expect(await list('held=exclude', admin)).toEqual(byDefault);
    expect(await list('held=only', admin)).toEqual(['Held']);
    // A status tab keeps the rule: in progress shows the held case only once included.
    expect(await list('status=in_progress', admin)).toEqual(['Progress']);
    expect((await list('status=in_progress&held=include', admin)).sort()).toEqual(['Held', 'Progress']);
  });

  it('super_admin has the admin default', async () => {
    const sa = await givenUser(t, { roles: ['super_admin'] });
    const headers = bearer(await tokenFor(t, sa.id, { management: true }));
    expect(await list('status=all', headers)).not.toContain('Held');
    expect(await list('status=all&held=include', headers)).toContain('Held');
  });

  it("everyone else: held cases are listed by default; 'only' lists just them (any status)", async () => {
    for (const headers of [tech, supervisor, owner.headers]) {
      const byDefault = await list('status=all', headers);
      expect(byDefault).toContain('Held');
      expect(await list('status=new&held=only', headers)).toEqual(['Held']);
      expect(await list('held=exclude', headers)).not.toContain('Held');
    }
  });
});

describe('counts per status', () => {
  const expected = {
    new: 3,
    in_progress: 2,
    awaiting_approval: 2,
    approved: 2,
    completed: 1,
    all: 11,
    on_hold: 1,
  };

  it('GET /organizations/{id}/patient_counts_per_status: 401, 404 for another organization, the counts', async () => {
    expect((await get(`/organizations/${orgA}/patient_counts_per_status`)).statusCode).toBe(401);
    expect((await get(`/organizations/${orgB}/patient_counts_per_status`, owner.headers)).statusCode).toBe(
      404,
    );
    expect((await get(`/organizations/999999/patient_counts_per_status`, admin)).statusCode).toBe(404);
    const practice = (await get(`/organizations/${orgA}/patient_counts_per_status`, owner.headers)).json();
    expect(practice).toEqual({ counts: { ...expected, archived: 0 } });
    const staff = (await get(`/organizations/${orgA}/patient_counts_per_status`, supervisor)).json();
    expect(staff).toEqual({ counts: { ...expected, archived: 1 } });
  });

  it('GET /patients/counts: the caller scope and filters; the tab counts match the list totals', async () => {
    const all = (await get('/patients/counts?held=include', admin)).json().counts;
    expect(all).toMatchObject({ all: 12, archived: 1, on_hold: 1 });
    // The admin's default leaves the held case out of the tabs, as the list does; on_hold still counts it.
    const byDefault = (await get('/patients/counts', admin)).json().counts;
    expect(byDefault).toMatchObject({ all: 11, in_progress: all.in_progress - 1, on_hold: 1 });
    for (const status of [
      'new',
      'in_progress',
      'awaiting_approval',
      'approved',
      'completed',
      'all',
    ] as const) {
      const total = (await get(`/patients?status=${status}&held=include`, admin)).json().meta.total;
      expect(total, status).toBe(all[status]);
      expect((await get(`/patients?status=${status}`, admin)).json().meta.total, status).toBe(
        byDefault[status],
      );
    }
    expect((await get('/patients/counts?rush_only=true', admin)).json().counts).toMatchObject({
      in_progress: 1,
      all: 1,
    });
    expect((await get('/patients/counts', member.headers)).json().counts).toMatchObject({ new: 1, all: 1 });
    expect((await get('/patients/counts', partner)).json().counts).toMatchObject({
      awaiting_approval: 1,
      all: 1,
    });
    expect(
      (await get(`/organizations/${orgA}/patient_counts_per_status`, partner)).json().counts,
    ).toMatchObject({ all: 1 });
    expect((await get(`/organizations/${orgB}/patient_counts_per_status`, partner)).statusCode).toBe(404);
    expect((await get(`/patients?organization_id=${orgB}`, partner)).statusCode).toBe(404);
  });
});

describe('the ship date kept on the patient', () => {
  it('follows the latest non-cancelled printing request: new, completed, cancelled, removed', async () => {
    const p = await buildPatient(t.db, {
      organization_id: orgB,
      user_id: doctor2,
      first_name: 'Ship',
      last_name: 'Track',
    });
    const shipOf = async () =>
      t.db
        .selectFrom('patients')
        .select(['ship_date', 'ship_completed'])
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow();
    expect(await shipOf()).toEqual({ ship_date: null, ship_completed: false });
    const crOld = await buildCustomerRequest(t.db, { organization_id: orgB, patient_id: p.id });
    await t.db
      .insertInto('printing_requests')
      .values({ customer_request_id: crOld.id, patient_id: p.id, ship_date: '2030-01-10', created_at: at(2) })
      .execute();
    const crNew = await buildCustomerRequest(t.db, { organization_id: orgB, patient_id: p.id });
    const latest = await t.db
      .insertInto('printing_requests')
      .values({ customer_request_id: crNew.id, patient_id: p.id, ship_date: '2030-02-20', created_at: at(1) })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await shipOf()).toEqual({ ship_date: '2030-02-20', ship_completed: false });
    await t.db
      .updateTable('printing_requests')
      .set({ printing_request_status_id: 3 })
      .where('id', '=', latest.id)
      .execute();
    expect(await shipOf()).toEqual({ ship_date: '2030-02-20', ship_completed: true });
    await t.db
      .updateTable('printing_requests')
      .set({ printing_request_status_id: 4 })
      .where('id', '=', latest.id)
      .execute();
    expect(await shipOf()).toEqual({ ship_date: '2030-01-10', ship_completed: false });
    await t.db.deleteFrom('printing_requests').where('patient_id', '=', p.id).execute();
    expect(await shipOf()).toEqual({ ship_date: null, ship_completed: false });
  });
});
