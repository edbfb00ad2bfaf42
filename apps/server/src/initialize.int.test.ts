import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, bearer, tokenFor } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { verifyPassword } from './platform/auth/password.ts';
import type { AppContext } from './platform/context.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_ORGANIZATION,
  DEMO_PASSWORD,
  NEW_DOCTOR_ORGANIZATION,
  demoAccountsTable,
} from './db/seed/demo.ts';
import { InitialAdminMissingError, initializeData } from './initialize.ts';

function withDemo(ctx: AppContext, demo: boolean): AppContext {
  return { ...ctx, config: { ...ctx.config, demo } };
}

describe('demo seed (DEMO on)', () => {
  let t: TestApp;
  let outcome: string;
  const printed: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    outcome = await initializeData(withDemo(t.ctx, true), (text) => printed.push(text));
  });
  afterAll(() => t.close());

  it('reports that it seeded the demo', () => {
    expect(outcome).toBe('demo');
  });

  it('prints the demo accounts as a plain table, one account a line', () => {
    expect(printed).toHaveLength(1);
    const lines = printed[0]!.split('\n');
    expect(lines[0]).toContain(`password ${DEMO_PASSWORD}`);
    expect(lines[1]).toMatch(/^e-mail\s+role\s+organizations$/);
    expect(lines.find((l) => l.startsWith('member@example.com'))).toMatch(
      /^member@example\.com\s+doctor\s+Bright Smiles Orthodontics \(member\)$/,
    );
    expect(printed[0]).not.toMatch(/\\n|"msg"/);
  });

  it('creates every demo account, verified, with its global role', async () => {
    const rows = await t.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['users.email', 'users.email_verified_at', 'user_roles.role'])
      .where(
        'users.email',
        'in',
        DEMO_ACCOUNTS.map((a) => a.email),
      )
      .execute();
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    for (const a of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === a.email);
      expect(row, a.email).toBeDefined();
      expect(row!.role).toBe(a.role);
      expect(row!.email_verified_at).not.toBeNull();
    }
    expect(rows.find((r) => r.email === 'superadmin@example.com')!.role).toBe('super_admin');
    expect(rows.find((r) => r.email === 'partner@example.com')!.role).toBe('lab_partner');
  });

  it('gives every demo account the password DemoPass123', async () => {
    const users = await t.db
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('email', 'in', ['doctor@example.com', 'superadmin@example.com'])
      .execute();
    expect(users).toHaveLength(2);
    for (const u of users) {
      expect(await verifyPassword(u.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(u.password_hash, 'WrongPass123')).toBe(false);
    }
  });

  it('makes doctor the owner, manager the manager and member a member of Bright Smiles Orthodontics', async () => {
    const rows = await t.db
      .selectFrom('organization_user')
      .innerJoin('users', 'users.id', 'organization_user.user_id')
      .innerJoin('organizations', 'organizations.id', 'organization_user.organization_id')
      .select([
        'users.email',
        'organization_user.role',
        'organizations.name',
        'organizations.id as organization_id',
        'users.current_organization_id',
      ])
      .where('organizations.name', '=', DEMO_ORGANIZATION)
      .execute();
    const roleOf = (email: string) => rows.find((r) => r.email === email)?.role;
    expect(roleOf('doctor@example.com')).toBe('organization_owner');
    expect(roleOf('manager@example.com')).toBe('organization_manager');
    expect(roleOf('member@example.com')).toBe('organization_member');
    for (const email of ['doctor@example.com', 'manager@example.com', 'member@example.com']) {
      const r = rows.find((x) => x.email === email)!;
      expect(r.current_organization_id).toBe(r.organization_id);
    }
  });

  it('puts multi@example.com as a doctor in two organizations', async () => {
    const rows = await t.db
      .selectFrom('organization_user')
      .innerJoin('users', 'users.id', 'organization_user.user_id')
      .innerJoin('organizations', 'organizations.id', 'organization_user.organization_id')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['organizations.name', 'user_roles.role', 'users.current_organization_id'])
      .where('users.email', '=', 'multi@example.com')
      .execute();
    expect(rows.map((r) => r.name).sort()).toEqual([DEMO_ORGANIZATION, 'Riverside Family Dental']);
    expect(rows.every((r) => r.role === 'doctor')).toBe(true);
    expect(rows[0]!.current_organization_id).not.toBeNull();
  });

  it('gives the staff accounts no organization membership', async () => {
    const rows = await t.db
      .selectFrom('organization_user')
      .innerJoin('users', 'users.id', 'organization_user.user_id')
      .select('users.email')
      .where('users.email', 'in', [
        'superadmin@example.com',
        'admin@example.com',
        'tech@example.com',
        'supervisor@example.com',
        'partner@example.com',
      ])
      .execute();
    expect(rows).toEqual([]);
  });

  it('gives Bright Smiles two locations, a license with seats and registered devices, and a contract', async () => {
    const org = await t.db
      .selectFrom('organizations')
      .selectAll()
      .where('name', '=', DEMO_ORGANIZATION)
      .executeTakeFirstOrThrow();
    const locations = await t.db
      .selectFrom('locations')
      .select('location_name')
      .where('organization_id', '=', org.id)
      .execute();
    expect(locations.map((l) => l.location_name).sort()).toEqual(['Boulder Office', 'Denver Main Office']);
    const license = await t.db
      .selectFrom('licenses')
      .selectAll()
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(license.seats).toBeGreaterThan(0);
    const devices = await t.db
      .selectFrom('devices')
      .select('id')
      .where('license_id', '=', license.id)
      .execute();
    expect(devices.length).toBeGreaterThan(0);
    const contract = await t.db
      .selectFrom('contracts')
      .selectAll()
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(contract.license_id).toBe(license.id);
    expect(contract.suspended_at).toBeNull();
  });

  it('gives newdoctor@example.com an organization still needing the account setup; Harbor View does not', async () => {
    const org = await t.db
      .selectFrom('organizations')
      .innerJoin('organization_user', 'organization_user.organization_id', 'organizations.id')
      .innerJoin('users', 'users.id', 'organization_user.user_id')
      .leftJoin('onboardings', 'onboardings.organization_id', 'organizations.id')
      .select([
        'organizations.id',
        'organizations.name',
        'organizations.initial_setup_required',
        'organization_user.role',
        'users.current_organization_id',
        'users.email_verified_at',
        'onboardings.status',
        'onboardings.current_step',
      ])
      .where('users.email', '=', 'newdoctor@example.com')
      .executeTakeFirstOrThrow();
    expect(org).toMatchObject({
      name: NEW_DOCTOR_ORGANIZATION,
      initial_setup_required: true,
      role: 'organization_owner',
      current_organization_id: org.id,
      status: 1,
      current_step: 0,
    });
    expect(org.email_verified_at).not.toBeNull();
    for (const table of ['licenses', 'locations', 'contracts'] as const) {
      const rows = await t.db.selectFrom(table).select('id').where('organization_id', '=', org.id).execute();
      expect(rows, table).toEqual([]);
    }
    const flagged = await t.db
      .selectFrom('organizations')
      .select('name')
      .where('initial_setup_required', '=', true)
      .execute();
    expect(flagged.map((o) => o.name)).toEqual([NEW_DOCTOR_ORGANIZATION]);
  });

  it('seeds organizations that are disabled, archived and onboarding', async () => {
    const orgs = await t.db
      .selectFrom('organizations')
      .leftJoin('onboardings', 'onboardings.organization_id', 'organizations.id')
      .select([
        'organizations.name',
        'organizations.disabled_at',
        'organizations.deleted_at',
        'onboardings.status',
        'onboardings.current_step',
      ])
      .execute();
    expect(orgs.length).toBeGreaterThanOrEqual(5);
    expect(orgs.filter((o) => o.disabled_at !== null)).toHaveLength(1);
    expect(orgs.filter((o) => o.deleted_at !== null)).toHaveLength(1);
    const onboarding = orgs.filter((o) => o.status === 5);
    expect(onboarding.map((o) => o.name).sort()).toEqual(['Cedar Ridge Orthodontics', 'Harbor View Dental']);
    for (const o of onboarding) expect(o.current_step).toBeLessThan(8);
  });

  it('seeds reference data: organization and license types, shipping methods, global settings', async () => {
    expect((await t.db.selectFrom('organization_types').select('id').execute()).length).toBeGreaterThan(0);
    expect((await t.db.selectFrom('license_types').select('id').execute()).length).toBeGreaterThan(0);
    expect((await t.db.selectFrom('shipping_methods').select('id').execute()).length).toBeGreaterThan(0);
    const settings = new Map(
      (await t.db.selectFrom('settings').select(['key', 'value']).execute()).map((s) => [s.key, s.value]),
    );
    expect(settings.get('name_correction')).toMatchObject({
      replacement: expect.any(String),
      forbidden_characters: expect.any(String),
    });
    expect(settings.get('activity_throttle_seconds')).toBe(600);
    expect(settings.get('aligner_promotion_enabled')).toBe(true);
  });

  it('creates notifications and announcements for the demo users', async () => {
    const doctor = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'doctor@example.com')
      .executeTakeFirstOrThrow();
    const notes = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', doctor.id)
      .execute();
    expect(notes.length).toBeGreaterThan(0);
    const visibilities = (await t.db.selectFrom('announcements').select('visibility').execute())
      .map((a) => a.visibility)
      .sort();
    expect(visibilities).toEqual(['doctor', 'internal']);
  });

  describe('demo cases', () => {
    const orgId = async (name: string) =>
      (await t.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow())
        .id;

    /** Patients per list status (the shared status rule), archived/deleted left out. */
    async function statusCounts(organizationId: number): Promise<Record<string, number>> {
      const { rows } = await sql<{ status: string; n: number }>`
        select case
            when p.patient_status_id = 3 then 'completed'
            when r.cancelled_at is not null then 'cancelled'
            when r.completed_at is not null then 'approved'
            when r.ready_at is not null then 'awaiting_approval'
            when r.status_id = 2 then 'in_progress'
            else 'new' end as status,
          count(*)::int as n
        from patients p left join rx_forms r on r.patient_id = p.id
        where p.organization_id = ${organizationId} and p.deleted_at is null
        group by 1`.execute(t.db);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    }

    it('gives the demo practices a few hundred patients, most to the demo doctor and manager', async () => {
      const total = await t.db
        .selectFrom('patients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(total.n)).toBeGreaterThanOrEqual(250);
      const bright = await orgId(DEMO_ORGANIZATION);
      const byDoctor = await t.db
        .selectFrom('patients')
        .innerJoin('users', 'users.id', 'patients.user_id')
        .select(['users.email', (eb) => eb.fn.countAll<number>().as('n')])
        .where('patients.organization_id', '=', bright)
        .groupBy('users.email')
        .execute();
      const count = (email: string) => Number(byDoctor.find((r) => r.email === email)?.n ?? 0);
      expect(count('doctor@example.com')).toBeGreaterThanOrEqual(60);
      expect(count('manager@example.com')).toBeGreaterThanOrEqual(15);
      expect(count('multi@example.com')).toBeGreaterThanOrEqual(15);
      // The organization member (who sees only their own cases) has a few.
      expect(count('member@example.com')).toBeGreaterThanOrEqual(3);
    });

    it('puts cases of the big practices in every list status', async () => {
      for (const name of [DEMO_ORGANIZATION, 'Summit Dental Group']) {
        const counts = await statusCounts(await orgId(name));
        for (const status of ['new', 'in_progress', 'awaiting_approval', 'approved', 'completed']) {
          expect(counts[status] ?? 0, `${name} ${status}`).toBeGreaterThanOrEqual(5);
        }
        expect(counts.cancelled ?? 0, `${name} cancelled`).toBeGreaterThanOrEqual(1);
      }
      // new cases include ones without an Rx form and ones saved for later
      const bright = await orgId(DEMO_ORGANIZATION);
      const saved = await t.db
        .selectFrom('rx_forms')
        .select('id')
        .where('organization_id', '=', bright)
        .where('saved_for_later', '=', true)
        .execute();
      expect(saved.length).toBeGreaterThan(0);
      const { rows: withoutRx } = await sql<{ id: number }>`
        select p.id from patients p where p.organization_id = ${bright}
          and not exists (select 1 from rx_forms r where r.patient_id = p.id)`.execute(t.db);
      expect(withoutRx.length).toBeGreaterThan(0);
    });

    it('holds cases in both hold groups, each with its on-hold reason', async () => {
      const held = await t.db
        .selectFrom('patients')
        .select(['id', 'held_by_group', 'deleted_at'])
        .where('held_at', 'is not', null)
        .execute();
      expect(held.filter((p) => p.held_by_group === 1).length).toBeGreaterThan(0);
      expect(held.filter((p) => p.held_by_group === 2).length).toBeGreaterThan(0);
      const reasons = await t.db
        .selectFrom('on_hold_notes')
        .select(['patient_id', 'name', 'note'])
        .where('is_on_hold_reason', '=', true)
        .where(
          'patient_id',
          'in',
          held.map((p) => p.id),
        )
        .execute();
      for (const p of held)
        expect(reasons.some((r) => r.patient_id === p.id && r.note.length > 0)).toBe(true);
      const unholds = await t.db
        .selectFrom('on_hold_notes')
        .select('id')
        .where('is_unhold', '=', true)
        .execute();
      expect(unholds.length).toBeGreaterThan(0);
    });

    it('archives and deletes some cases with who and why', async () => {
      const gone = await t.db
        .selectFrom('patients')
        .select(['deleted_kind', 'archived_by_name', 'archived_reason'])
        .where('deleted_at', 'is not', null)
        .execute();
      expect(gone.filter((p) => p.deleted_kind === 'archived').length).toBeGreaterThanOrEqual(5);
      expect(gone.filter((p) => p.deleted_kind === 'deleted').length).toBeGreaterThanOrEqual(2);
      for (const p of gone) {
        expect(p.archived_by_name).toBeTruthy();
        expect(p.archived_reason).toBeTruthy();
      }
    });

    it('has rush cases, case-note conversations, internal and technician notes, markers', async () => {
      const rush = await t.db
        .selectFrom('rx_forms')
        .select('rush_case_authorized_by')
        .where('rush_case', '=', true)
        .execute();
      expect(rush.length).toBeGreaterThanOrEqual(5);
      expect(rush.every((r) => r.rush_case_authorized_by)).toBe(true);
      const { rows: conversations } = await sql<{ patient_id: number }>`
        select patient_id from case_notes group by patient_id
        having count(distinct author_type) = 2`.execute(t.db);
      expect(conversations.length).toBeGreaterThanOrEqual(10);
      const notes = await t.db
        .selectFrom('patients')
        .select(['internal_notes', 'physical_tech_notes', 'doctor_internal_notes', 'markers'])
        .execute();
      expect(notes.filter((p) => p.internal_notes).length).toBeGreaterThan(0);
      expect(notes.filter((p) => p.physical_tech_notes).length).toBeGreaterThan(0);
      expect(notes.filter((p) => p.doctor_internal_notes).length).toBeGreaterThan(0);
      const markers = notes.flatMap((p) => p.markers as { symbol: string; color: string }[]);
      expect(markers.length).toBeGreaterThan(0);
      for (const m of markers) {
        expect([...m.symbol]).toHaveLength(1);
        expect(m.color).toMatch(/^#[0-9A-F]{6}$/);
      }
    });

    it("gives the lab partner's practice third-party cases with printing requests assigned to the partner", async () => {
      const partner = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'partner@example.com')
        .executeTakeFirstOrThrow();
      const prefs = await t.db
        .selectFrom('organization_preferences')
        .select('organization_id')
        .where('third_party_partner_user_id', '=', partner.id)
        .execute();
      expect(prefs.map((p) => p.organization_id)).toEqual([await orgId(DEMO_ORGANIZATION)]);
      const assigned = await t.db
        .selectFrom('rx_forms')
        .innerJoin('patients', 'patients.id', 'rx_forms.patient_id')
        .select('patients.id')
        .where('rx_forms.organization_id', '=', prefs[0]!.organization_id)
        .where('rx_forms.print_assignment', '=', 3)
        .where('patients.deleted_at', 'is', null)
        .execute();
      expect(assigned.length).toBeGreaterThanOrEqual(20);
      const printing = await t.db
        .selectFrom('printing_requests')
        .select('assigned_to_user_id')
        .where('assigned_to', '=', 3)
        .execute();
      expect(printing.length).toBeGreaterThan(0);
      expect(printing.every((p) => p.assigned_to_user_id === partner.id)).toBe(true);
    });

    it('has printing requests shipping in the past, today and later, some completed, with items of every age', async () => {
      const { rows } = await sql<{
        past: number;
        today: number;
        future: number;
        done: number;
        tracked: number;
      }>`
        select
          count(*) filter (where ship_date < current_date and printing_request_status_id in (1, 2))::int as past,
          count(*) filter (where ship_date = current_date and printing_request_status_id in (1, 2))::int as today,
          count(*) filter (where ship_date > current_date and printing_request_status_id in (1, 2))::int as future,
          count(*) filter (where printing_request_status_id = 3 and completed_at is not null)::int as done,
          count(*) filter (where tracking_number is not null)::int as tracked
        from printing_requests`.execute(t.db);
      const r = rows[0]!;
      expect(r.past).toBeGreaterThan(0);
      expect(r.today).toBeGreaterThan(0);
      expect(r.future).toBeGreaterThan(0);
      expect(r.done).toBeGreaterThan(0);
      expect(r.tracked).toBe(r.done);
      const { rows: ages } = await sql<{ ok: number; warning: number; danger: number }>`
        select
          count(*) filter (where i.created_at > now() - interval '6 hours')::int as ok,
          count(*) filter (where i.created_at <= now() - interval '6 hours' and i.created_at > now() - interval '12 hours')::int as warning,
          count(*) filter (where i.created_at <= now() - interval '12 hours')::int as danger
        from printing_request_items i join printing_requests p on p.id = i.printing_request_id
        where p.printing_request_status_id in (1, 2)`.execute(t.db);
      expect(ages[0]!.ok).toBeGreaterThan(0);
      expect(ages[0]!.warning).toBeGreaterThan(0);
      expect(ages[0]!.danger).toBeGreaterThan(0);
    });

    it('has requests of every kind in every status of its kind', async () => {
      const { rows } = await sql<{ kind: string; statuses: number[] }>`
        select kind, array_agg(distinct status_id order by status_id) as statuses
        from (
          select cr.status_id,
            case
              when exists (select 1 from tray_design_requests td where td.customer_request_id = cr.id) then 'tray_design'
              when exists (select 1 from flawed_trays ft where ft.customer_request_id = cr.id) then 'flawed_tray'
              when exists (select 1 from printing_requests pr where pr.customer_request_id = cr.id) then 'printing'
              else 'initial_case_setup'
            end as kind
          from customer_requests cr
        ) r
        group by kind`.execute(t.db);
      const byKind = Object.fromEntries(rows.map((r) => [r.kind, r.statuses.map(Number)]));
      expect(byKind).toMatchObject({
        initial_case_setup: expect.arrayContaining([1, 2, 3, 4]),
        flawed_tray: expect.arrayContaining([1, 2, 4, 5]),
        printing: expect.arrayContaining([1, 2, 4, 5]),
        tray_design: expect.arrayContaining([1, 2, 4, 5]),
      });
      const { rows: trays } = await sql<{ open: number; corrected: number }>`
        select count(*) filter (where status_id = 1)::int as open, count(*) filter (where status_id = 2)::int as corrected
        from flawed_trays`.execute(t.db);
      expect(trays[0]!.open).toBeGreaterThan(0);
      expect(trays[0]!.corrected).toBeGreaterThan(0);
    });

    it('runs initial case setup workflows S1..S5 and QA, finished for cases ready for approval', async () => {
      const { rows } = await sql<{ processes: string[]; statuses: string[]; rx_status: number }>`
        select array_agg(p.process order by p.step) as processes, array_agg(p.status order by p.step) as statuses,
          r.status_id as rx_status
        from tech_workflows w
        join tech_workflow_processes p on p.tech_workflow_id = w.id
        join rx_forms r on r.patient_id = w.patient_id
        where w.type = 'initial_case_setup'
        group by w.id, r.status_id`.execute(t.db);
      expect(rows.length).toBeGreaterThan(50);
      for (const w of rows) {
        expect(w.processes).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'QA']);
        if (w.rx_status >= 3) expect(new Set(w.statuses)).toEqual(new Set(['COMPLETED']));
      }
      expect(rows.some((w) => w.rx_status === 2 && w.statuses.includes('IN_PROGRESS'))).toBe(true);
    });

    it('gives the printing requests their workflows at every step and each user at most one pending task', async () => {
      const { rows: pending } = await sql<{ email: string; n: number; type: string }>`
        select u.email, count(*)::int as n, min(w.type) as type
        from tech_workflow_processes p
        join tech_workflows w on w.id = p.tech_workflow_id
        join users u on u.id = p.user_id
        where p.started_at is not null and p.finished_at is null
        group by u.email`.execute(t.db);
      expect(pending.every((r) => r.n === 1)).toBe(true);
      expect(pending.find((r) => r.email === 'tech@example.com')).toMatchObject({
        n: 1,
        type: 'initial_case_setup',
      });
      const { rows: printing } = await sql<{ done: number; n: number }>`
        select count(*) filter (where p.finished_at is not null)::int as done, count(*)::int as n
        from tech_workflows w join tech_workflow_processes p on p.tech_workflow_id = w.id
        where w.type = 'printing_request'
        group by w.id`.execute(t.db);
      const steps = new Set(printing.map((r) => r.done));
      for (let done = 0; done <= 8; done++) expect(steps.has(done), `${done} steps done`).toBe(true);
      const { rows: without } = await sql<{ n: number }>`
        select count(*)::int as n from printing_requests pr
        where not exists (select 1 from tech_workflows w where w.customer_request_id = pr.customer_request_id)`.execute(
        t.db,
      );
      expect(without[0]!.n).toBe(0);
    });

    it('groups open print requests of several practices into a new, an in-progress and a completed batch', async () => {
      const { rows } = await sql<{
        name: string;
        status: string;
        cases: number;
        practices: number;
        linked: number;
      }>`
        select b.name, b.status, count(bc.id)::int as cases, count(distinct p.organization_id)::int as practices,
               count(pr.id) filter (where pr.batch_id = b.id and pr.printing_request_status_id in (1, 2))::int as linked
        from batches b
        join batch_cases bc on bc.batch_id = b.id
        join patients p on p.id = bc.patient_id
        left join printing_requests pr on pr.id = bc.printing_request_id
        group by b.id order by b.id`.execute(t.db);
      expect(rows.map((r) => [r.name, r.status, r.cases])).toEqual([
        ['Morning print run', 'in_progress', 4],
        ['Afternoon print run', 'new', 3],
        ['Rush cases', 'completed', 2],
      ]);
      expect(rows.every((r) => r.linked === r.cases)).toBe(true);
    });

    it('has a parcel to make up today in the shipping view: open print requests to one location', async () => {
      const { rows } = await sql<{ key: string; cases: number; open: number }>`
        select p.shipment_key as key, count(*)::int as cases,
               count(*) filter (where not p.ship_completed)::int as open
        from patients p
        join printing_requests pr on pr.id = p.ship_request_id
        where p.deleted_at is null and pr.ship_date = current_date and pr.assigned_to = 1
          and pr.printing_request_status_id in (1, 2) and pr.location_id is not null
        group by p.shipment_key
        order by count(*) desc
        limit 1`.execute(t.db);
      expect(rows[0]!.cases).toBeGreaterThanOrEqual(2);
    });

    it('stores real files for the cases through the storage, each row matching its bytes', async () => {
      const files = await t.db
        .selectFrom('patient_files')
        .select([
          'id',
          'patient_id',
          'patient_file_type_id',
          'name',
          'storage_path',
          'size_bytes',
          'tag',
          'mime_type',
        ])
        .execute();
      expect(files.length).toBeGreaterThan(300);
      for (const f of files) {
        expect(f.storage_path.startsWith(`patients/${f.patient_id}/`)).toBe(true);
        expect(f.storage_path.endsWith(`/${f.name}`)).toBe(true);
        expect((await t.ctx.storage.stat(f.storage_path))?.size, f.storage_path).toBe(Number(f.size_bytes));
      }
      const read = async (key: string) => {
        const chunks: Buffer[] = [];
        for await (const chunk of t.ctx.storage.read(key)) chunks.push(Buffer.from(chunk as Buffer));
        return Buffer.concat(chunks);
      };
      const first = (type: number, tag: string | null = null) =>
        files.find((f) => f.patient_file_type_id === type && f.tag === tag)!;
      for (const tag of ['stl_maxillary', 'stl_mandibular']) {
        const stl = await read(first(2, tag).storage_path);
        expect(stl.length).toBe(84 + 50 * stl.readUInt32LE(80));
        expect(stl.readUInt32LE(80)).toBeGreaterThan(100);
      }
      expect([...(await read(first(3).storage_path)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      expect(first(3).mime_type).toBe('image/png');
      expect((await read(first(8).storage_path)).subarray(0, 5).toString()).toBe('%PDF-');
      expect((await read(first(1).storage_path)).readUInt32LE(0)).toBe(0x04034b50);
      expect(files.some((f) => f.patient_file_type_id === 5)).toBe(true);
      expect(files.some((f) => f.tag === 'tech_backup')).toBe(true);

      // the IOS scan of a patient is its ios_file_id
      const withIos = await t.db
        .selectFrom('patients')
        .innerJoin('patient_files', 'patient_files.id', 'patients.ios_file_id')
        .select([
          'patients.id',
          'patient_files.patient_id',
          'patient_files.patient_file_type_id',
          'patient_files.tag',
        ])
        .execute();
      expect(withIos.length).toBeGreaterThan(20);
      for (const p of withIos) {
        expect(p.patient_id).toBe(p.id);
        expect(p.patient_file_type_id).toBe(1);
        expect(p.tag).toBeNull();
      }
    });

    it('shows the demo doctor cases under every status tab, and the partner its third-party cases', async () => {
      const userId = async (email: string) =>
        (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
      const bright = await orgId(DEMO_ORGANIZATION);
      const doctor = await tokenFor(t, await userId('doctor@example.com'));
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/organizations/${bright}/patient_counts_per_status`,
        headers: bearer(doctor),
      });
      expect(res.statusCode).toBe(200);
      const counts = res.json().counts as Record<string, number>;
      for (const key of ['new', 'in_progress', 'awaiting_approval', 'approved', 'completed', 'on_hold'])
        expect(counts[key], key).toBeGreaterThanOrEqual(3);
      expect(counts.all).toBeGreaterThanOrEqual(100);
      // archived cases: for those who may see them
      const admin = await tokenFor(t, await userId('admin@example.com'), { management: true });
      const managed = await t.app.inject({
        method: 'GET',
        url: `${API}/organizations/${bright}/patient_counts_per_status`,
        headers: bearer(admin),
      });
      expect(managed.statusCode).toBe(200);
      expect(managed.json().counts.archived).toBeGreaterThanOrEqual(3);

      const page = await t.app.inject({
        method: 'GET',
        url: `${API}/patients?status=awaiting_approval&per_page=50`,
        headers: bearer(doctor),
      });
      expect(page.statusCode).toBe(200);
      expect(page.json().data.length).toBeGreaterThanOrEqual(3);

      const partner = await tokenFor(t, await userId('partner@example.com'), { management: true });
      const assigned = await t.app.inject({
        method: 'GET',
        url: `${API}/patients?per_page=100`,
        headers: bearer(partner),
      });
      expect(assigned.statusCode).toBe(200);
      const rows = assigned.json().data as { organization: { id: number } }[];
      expect(rows.length).toBeGreaterThanOrEqual(10);
      expect(rows.every((r) => r.organization.id === bright)).toBe(true);
    });

    it('has cases that reached the lab or became ready within the last hours', async () => {
      const { rows } = await sql<{ ready: number; in_progress: number }>`
        select
          count(*) filter (where ready_at > now() - interval '12 hours' and completed_at is null)::int as ready,
          count(*) filter (where status_id = 2 and status_updated_at > now() - interval '12 hours')::int as in_progress
        from rx_forms`.execute(t.db);
      expect(rows[0]!.ready).toBeGreaterThan(0);
      expect(rows[0]!.in_progress).toBeGreaterThan(0);
    });

    it('gives some STL files segmentation jobs that succeeded, failed or are pending, with their job', async () => {
      const { rows } = await sql<{
        relu_status: string;
        n: number;
        other_types: number;
        without_job: number;
      }>`
        select relu_status, count(*)::int as n,
          count(*) filter (where patient_file_type_id <> 2)::int as other_types,
          count(*) filter (where relu_job_id is null or metadata->'relu_request'->>'status' is distinct from relu_status)::int as without_job
        from patient_files where relu_status is not null group by relu_status order by relu_status`.execute(
        t.db,
      );
      expect(rows.map((r) => r.relu_status)).toEqual(['failed', 'pending', 'success']);
      for (const r of rows)
        expect({ ...r, n: r.n > 0 }).toEqual({
          relu_status: r.relu_status,
          n: true,
          other_types: 0,
          without_job: 0,
        });
    });

    it('dates the cases over the last months, none in the future', async () => {
      const { rows } = await sql<{ oldest: Date; newest: Date; latest_update: Date }>`
        select min(created_at) as oldest, max(created_at) as newest, max(updated_at) as latest_update
        from patients`.execute(t.db);
      const now = Date.now();
      const day = 86_400_000;
      expect(now - new Date(rows[0]!.oldest).getTime()).toBeGreaterThan(90 * day);
      expect(now - new Date(rows[0]!.oldest).getTime()).toBeLessThan(200 * day);
      expect(new Date(rows[0]!.newest).getTime()).toBeLessThanOrEqual(now);
      expect(new Date(rows[0]!.latest_update).getTime()).toBeLessThanOrEqual(now);
    });
  });

  it('does nothing on a second run', async () => {
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const orgsBefore = await t.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await initializeData(withDemo(t.ctx, true))).toBe('existing');
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const orgsAfter = await t.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(orgsAfter.n).toBe(orgsBefore.n);
  });

  it('prints the demo accounts as a table with the sign-in URL', () => {
    const table = demoAccountsTable('http://localhost:3000');
    expect(table).toContain('http://localhost:3000/login');
    expect(table).toContain('DemoPass123');
    for (const a of DEMO_ACCOUNTS) expect(table).toContain(a.email);
  });
});

// These tests start their own application (a fresh database each), which takes longer than a request.
const APP_START_TIMEOUT = 120_000;

describe('first start with DEMO=0', () => {
  it(
    'creates only the super_admin from ADMIN_EMAIL and ADMIN_PASSWORD',
    async () => {
      const t = await createTestApp({ ADMIN_EMAIL: 'root@archline.example', ADMIN_PASSWORD: 'RootPass123' });
      try {
        expect(await initializeData(t.ctx)).toBe('admin');
        const users = await t.db
          .selectFrom('users')
          .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
          .select(['users.email', 'users.password_hash', 'users.email_verified_at', 'user_roles.role'])
          .execute();
        expect(users).toHaveLength(1);
        expect(users[0]).toMatchObject({ email: 'root@archline.example', role: 'super_admin' });
        expect(users[0]!.email_verified_at).not.toBeNull();
        expect(await verifyPassword(users[0]!.password_hash, 'RootPass123')).toBe(true);
        expect(await t.db.selectFrom('organizations').select('id').execute()).toEqual([]);
        expect(await initializeData(t.ctx)).toBe('existing');
        expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
      } finally {
        await t.close();
      }
    },
    APP_START_TIMEOUT,
  );

  it(
    'refuses to start without ADMIN_EMAIL / ADMIN_PASSWORD and creates nobody',
    async () => {
      const t = await createTestApp();
      try {
        await expect(initializeData(t.ctx)).rejects.toBeInstanceOf(InitialAdminMissingError);
        await expect(initializeData(t.ctx)).rejects.toThrow('ADMIN_EMAIL and ADMIN_PASSWORD');
        expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
      } finally {
        await t.close();
      }
    },
    APP_START_TIMEOUT,
  );
});
