import { sql } from 'kysely';
import { statementsDuring } from '../../../test/statement-log.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListPatientsResponse } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import {
  buildCustomerRequest,
  buildOrganizationType,
  buildPatient,
  buildRxForm,
} from '../../db/seed/factories.ts';

/**
 * The case lists and their counts answer conditionally: an ETag built from who asks, what they
 * ask and the data version of the organizations they see; If-None-Match with it answers 304 until
 * a committed write could change the answer, and never after.
 */
type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let ownerA: { id: number; headers: H };
let ownerB: { id: number; headers: H };
let memberA: H;
let admin: H;
let patientA: number;

async function get(path: string, headers: H, ifNoneMatch?: string) {
  return t.app.inject({
    method: 'GET',
    url: `${API}${path}`,
    headers: ifNoneMatch ? { ...headers, 'if-none-match': ifNoneMatch } : headers,
  });
}

async function givenCase(organization_id: number, user_id: number, last_name: string) {
  const p = await buildPatient(t.db, { organization_id, user_id, first_name: 'Case', last_name });
  await buildRxForm(t.db, { organization_id, user_id, patient_id: p.id, status_id: 2 });
  return p.id;
}

async function versionOf(organizationId: number): Promise<number> {
  const row = await t.db
    .selectFrom('data_versions')
    .select('version')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Conditional A' });
  orgB = await givenOrganization(t, { name: 'Conditional B' });
  const a = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const m = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_member' }] });
  const b = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  const ad = await givenUser(t, { roles: ['admin'] });
  ownerA = { id: a.id, headers: bearer(await tokenFor(t, a.id)) };
  memberA = bearer(await tokenFor(t, m.id));
  ownerB = { id: b.id, headers: bearer(await tokenFor(t, b.id)) };
  admin = bearer(await tokenFor(t, ad.id, { management: true }));
  patientA = await givenCase(orgA, a.id, 'Alpha');
  await givenCase(orgA, a.id, 'Beta');
  await givenCase(orgB, b.id, 'Gamma');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /patients answers conditionally', () => {
  it('carries a weak ETag and private, no-cache; the same tag answers 304 with no body', async () => {
    const first = await get('/patients', ownerA.headers);
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await get('/patients', ownerA.headers, tag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    // A list of tags, and the strong form of the same tag, match too.
    expect((await get('/patients', ownerA.headers, `W/"other", ${tag}`)).statusCode).toBe(304);
    expect((await get('/patients', ownerA.headers, tag.replace(/^W\//, ''))).statusCode).toBe(304);
    // Another query is another answer.
    expect((await get('/patients?page=2', ownerA.headers, tag)).statusCode).toBe(200);
  });

  it('a write to a case of the organization changes the tag and the answer', async () => {
    const before = await get('/patients', ownerA.headers);
    const tag = String(before.headers.etag);
    await t.db.updateTable('patients').set({ last_name: 'Alphonse' }).where('id', '=', patientA).execute();
    const after = await get('/patients', ownerA.headers, tag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.json().data.map((p: { last_name: string }) => p.last_name)).toContain('Alphonse');
  });

  it('a write in another organization leaves the practice’s answer as it is, not the admin’s', async () => {
    const practice = String((await get('/patients', ownerA.headers)).headers.etag);
    const lab = String((await get('/patients', admin)).headers.etag);
    await givenCase(orgB, ownerB.id, 'Delta');
    expect((await get('/patients', ownerA.headers, practice)).statusCode).toBe(304);
    const labAfter = await get('/patients', admin, lab);
    expect(labAfter.statusCode).toBe(200);
    expect(labAfter.json().data.map((p: { last_name: string }) => p.last_name)).toContain('Delta');
  });

  it('a tag is the asker’s own: another user with the same query does not match it', async () => {
    const ownerTag = String((await get('/patients', ownerA.headers)).headers.etag);
    const member = await get('/patients', memberA, ownerTag);
    expect(member.statusCode).toBe(200);
    expect(member.headers.etag).not.toBe(ownerTag);
  });

  it('the total follows a new case at once, though the count was known for the previous version', async () => {
    const before = (await get('/patients', ownerA.headers)).json().meta.total as number;
    // Read again: the total now comes from what the first read counted.
    expect((await get('/patients', ownerA.headers)).json().meta.total).toBe(before);
    await givenCase(orgA, ownerA.id, 'Epsilon');
    const after = await get('/patients', ownerA.headers);
    expect(after.json().meta.total).toBe(before + 1);
    expect(after.json().data.map((p: { last_name: string }) => p.last_name)).toContain('Epsilon');
  });

  it('validation and access come first: no tag for a 400, 401 or 404', async () => {
    const bad = await get('/patients?page=0', ownerA.headers, '*');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${API}/patients`,
      headers: { 'if-none-match': '*' },
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await get(`/patients?organization_id=${orgB}`, ownerA.headers, '*');
    expect(other.statusCode).toBe(404);
  });
});

describe('GET /patients rows are written by PostgreSQL as the contract says', () => {
  it('the answer is exactly what its contract accepts, property for property, for a practice and the lab', async () => {
    for (const h of [ownerA.headers, admin]) {
      const res = await get('/patients?per_page=100', h);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.length).toBeGreaterThan(0);
      // parse() keeps only what the schema names and checks every value
      expect(ListPatientsResponse.parse(body)).toEqual(body);
    }
  });
  it('every property of a row, nested objects, markers, names to escape and open requests included', async () => {
    const type = await buildOrganizationType(t.db, 'Ortho Group');
    await t.db
      .updateTable('organizations')
      .set({ organization_type_id: type.id })
      .where('id', '=', orgB)
      .execute();
    const p = await buildPatient(t.db, {
      organization_id: orgB,
      user_id: ownerB.id,
      first_name: 'Zoë "Z"',
      last_name: 'O\\Brien',
      case_number_text: 'C-77',
      numeric_suffix: 2,
      markers: JSON.stringify([{ symbol: '★', color: '#ff0000' }, { symbol: '!' }]),
    });
    const rx = await buildRxForm(t.db, {
      organization_id: orgB,
      user_id: ownerB.id,
      patient_id: p.id,
      status_id: 2,
      rush_case: true,
      rush_case_authorized_by: 'Dr. Owner',
      bonding_date: '2026-12-17',
      initial_setup_assignment: 2,
      print_assignment: 3,
      tray_design_assignment: null,
      insert_brackets_assignment: 1,
    });
    const cr = await buildCustomerRequest(t.db, { organization_id: orgB, patient_id: p.id, status_id: 2 });
    await t.db
      .insertInto('case_notes')
      .values({
        patient_id: p.id,
        author_id: ownerB.id,
        author_name: 'Owner',
        author_type: 'doctor',
        message: 'Hi',
      })
      .execute();
    const doctor = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', ownerB.id)
      .executeTakeFirstOrThrow();

    const byId = async (headers: H) => {
      const res = await get(`/patients?per_page=100&organization_id=${orgB}`, headers);
      expect(res.statusCode).toBe(200);
      return res.json().data.find((r: { id: number }) => r.id === p.id);
    };
    const expected = {
      id: p.id,
      organization_id: orgB,
      user_id: ownerB.id,
      first_name: 'Zoë "Z"',
      last_name: 'O\\Brien',
      full_name: 'Zoë "Z" O\\Brien',
      formatted_name: 'O\\Brien, Zoë "Z", C-77 (2)',
      case_number_text: 'C-77',
      numeric_suffix: 2,
      patient_status_id: 1,
      list_status: 'in_progress',
      setup_completed_at: null,
      held_at: null,
      held_by_group: null,
      deleted_at: null,
      deleted_kind: null,
      markers: [
        { symbol: '★', color: '#ff0000' },
        { symbol: '!', color: '' },
      ],
      organization: {
        id: orgB,
        name: 'Conditional B',
        account_number: null,
        organization_type: { id: type.id, name: 'Ortho Group' },
      },
      user: {
        id: ownerB.id,
        first_name: doctor.first_name,
        last_name: doctor.last_name,
        full_name: `${doctor.first_name} ${doctor.last_name}`,
      },
      rx_form: {
        id: rx.id,
        status_id: 2,
        ready_at: null,
        completed_at: null,
        cancelled_at: null,
        saved_for_later: false,
        submission_completed_by: null,
        rush_case: true,
        jaws_id: 3,
        bonding_date: '2026-12-17',
        assignments: { initial_setup: 2, print: 3, tray_design: null, insert_brackets: 1 },
      },
      notes_availability: { case: true },
      requests: [
        expect.objectContaining({
          type: 'initial_case_setup',
          id: rx.id,
          customer_request_id: null,
          status_id: 2,
        }),
        expect.objectContaining({
          type: 'customer_request',
          id: cr.id,
          customer_request_id: cr.id,
          status_id: 2,
        }),
      ],
      ship_date: null,
      ship_completed: false,
      ios_file_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      overall_production_time: 0,
    };
    // The practice sees no organization type and no staff columns.
    const practiceRow = await byId(ownerB.headers);
    expect(practiceRow).toEqual({
      ...expected,
      organization: { ...expected.organization, organization_type: null },
    });
    // The lab also gets the batch columns.
    expect(await byId(admin)).toEqual({ ...expected, batch: null, batchable: false });
    // The details carry the same item.
    const details = (await get(`/patients/${p.id}`, ownerB.headers)).json().patient;
    expect(details).toMatchObject({
      formatted_name: expected.formatted_name,
      markers: expected.markers,
      rx_form: expected.rx_form,
      organization: { id: orgB, name: 'Conditional B' },
    });
  });
});

describe('GET /patients reads a page once per data version', () => {
  /** The statements that read the list's patients while `run` runs. */
  const listStatements = async (run: () => Promise<void>): Promise<number> =>
    (await statementsDuring(run)).filter((s) => /\bfrom patients p\b/i.test(s)).length;

  it('another user asking for the same page gets it without reading it again; every read is still recorded', async () => {
    const path = `/patients?per_page=7&status=in_progress&sort=oldest`;
    const other = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
    const otherOwner = bearer(await tokenFor(t, other.id));
    let first = '';
    let second = '';
    expect(
      await listStatements(async () => {
        first = (await get(path, ownerA.headers)).body;
      }),
    ).toBe(1);
    expect(
      await listStatements(async () => {
        second = (await get(path, otherOwner)).body;
      }),
    ).toBe(0);
    expect(second).toBe(first);
    const reads = await t.db
      .selectFrom('audit_log')
      .select('actor_user_id')
      .where('action', '=', 'patients.list')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(reads).toHaveLength(2);
    expect(reads[1]!.actor_user_id).toBe(ownerA.id);
  });

  it('a committed write is in the very next answer, and the page is read again once', async () => {
    const path = `/patients?per_page=7&status=in_progress&sort=newest`;
    const before = (await get(path, ownerA.headers)).json();
    const id = await givenCase(orgA, ownerA.id, 'Zeta');
    let after: { data: { id: number }[]; meta: { total: number } } = { data: [], meta: { total: 0 } };
    expect(
      await listStatements(async () => {
        after = (await get(path, ownerA.headers)).json();
      }),
    ).toBe(1);
    expect(after.data[0]!.id).toBe(id);
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(await listStatements(async () => void (await get(path, ownerA.headers)))).toBe(0);
  });

  it('the same page for a caller with other columns or another scope is its own', async () => {
    const path = `/patients?per_page=7&status=in_progress`;
    await get(path, ownerA.headers);
    // The lab's page of the same filters carries the organization type and batch columns.
    const lab = (await get(`${path}&organization_id=${orgA}`, admin)).json();
    expect(lab.data[0]).toHaveProperty('batchable');
    const practiceB = (await get(path, ownerB.headers)).json();
    expect(practiceB.data.every((r: { organization_id: number }) => r.organization_id === orgB)).toBe(true);
  });
});

describe('timestamps in the list and the details', () => {
  it('leave PostgreSQL in the API form: UTC, milliseconds, the microseconds cut off', async () => {
    const id = await givenCase(orgA, ownerA.id, 'Stamp');
    await t.db
      .updateTable('patients')
      .set({ created_at: new Date('2026-11-20T10:11:12.345Z'), held_at: null })
      .where('id', '=', id)
      .execute();
    // microseconds the API does not carry
    await t.db.executeQuery(
      sql`update patients set updated_at = '2026-11-21 23:59:59.999999+00' where id = ${id}`.compile(t.db),
    );
    const list = (await get('/patients?per_page=100', ownerA.headers)).json();
    const row = list.data.find((p: { id: number }) => p.id === id);
    expect(row).toMatchObject({
      created_at: '2026-11-20T10:11:12.345Z',
      updated_at: '2026-11-21T23:59:59.999Z',
      held_at: null,
    });
    const details = (await get(`/patients/${id}`, ownerA.headers)).json().patient;
    expect(details).toMatchObject({ created_at: row.created_at, updated_at: row.updated_at });
  });
});

describe('GET /patients/counts answers conditionally', () => {
  it('304 while unchanged; a hold toggled in the organization changes the counts and the tag', async () => {
    const first = await get('/patients/counts', ownerA.headers);
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    expect((await get('/patients/counts', ownerA.headers, tag)).statusCode).toBe(304);
    const held = first.json().counts.on_hold as number;
    await t.db
      .updateTable('patients')
      .set({ held_at: new Date(), held_by_group: 1 })
      .where('id', '=', patientA)
      .execute();
    const after = await get('/patients/counts', ownerA.headers, tag);
    expect(after.statusCode).toBe(200);
    expect(after.json().counts.on_hold).toBe(held + 1);
  });

  it('the organization counts of a management user are conditional too', async () => {
    const first = await get(`/organizations/${orgA}/patient_counts_per_status`, admin);
    expect(first.statusCode).toBe(200);
    expect(
      (await get(`/organizations/${orgA}/patient_counts_per_status`, admin, String(first.headers.etag)))
        .statusCode,
    ).toBe(304);
  });
});

describe('GET /patients/{id} answers conditionally', () => {
  const reads = async () =>
    Number(
      (
        await t.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('action', '=', 'patients.read')
          .where('entity_id', '=', String(patientA))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('304 while the case is unchanged, the read still recorded; a note on the case changes the details', async () => {
    const first = await get(`/patients/${patientA}`, ownerA.headers);
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const recorded = await reads();
    const again = await get(`/patients/${patientA}`, ownerA.headers, tag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(await reads()).toBe(recorded + 1);

    // A case elsewhere in the lab leaves this one's tag as it is.
    await givenCase(orgB, ownerB.id, 'Zeta');
    expect((await get(`/patients/${patientA}`, ownerA.headers, tag)).statusCode).toBe(304);

    await t.db
      .updateTable('patients')
      .set({ doctor_notes: 'Check the upper midline' })
      .where('id', '=', patientA)
      .execute();
    const after = await get(`/patients/${patientA}`, ownerA.headers, tag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.json().patient.doctor_notes).toBe('Check the upper midline');
  });

  it('another user’s tag does not match, and another organization’s case is 404 whatever the tag', async () => {
    const ownerTag = String((await get(`/patients/${patientA}`, ownerA.headers)).headers.etag);
    const admins = await get(`/patients/${patientA}`, admin, ownerTag);
    expect(admins.statusCode).toBe(200);
    expect(admins.headers.etag).not.toBe(ownerTag);

    const stranger = await get(`/patients/${patientA}`, ownerB.headers, '*');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers.etag).toBeUndefined();
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${API}/patients/${patientA}`,
      headers: { 'if-none-match': '*' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('data versions', () => {
  it('each table the lists read raises its organization’s version in the writing transaction', async () => {
    const start = await versionOf(orgA);
    await t.db
      .insertInto('case_notes')
      .values({
        patient_id: patientA,
        author_id: ownerA.id,
        author_type: 'doctor',
        author_name: 'Dr A',
        message: 'Check the bite',
      })
      .execute();
    const afterNote = await versionOf(orgA);
    expect(afterNote).toBeGreaterThan(start);
    // A rolled-back write raises nothing.
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('patients')
          .set({ last_name: 'Rolled back' })
          .where('id', '=', patientA)
          .execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await versionOf(orgA)).toBe(afterNote);
    // Another organization's write leaves orgA's version alone.
    const b = await versionOf(orgB);
    await t.db.updateTable('organizations').set({ name: 'Conditional B2' }).where('id', '=', orgB).execute();
    expect(await versionOf(orgB)).toBeGreaterThan(b);
    expect(await versionOf(orgA)).toBe(afterNote);
    // A doctor's renaming shows on the lists of their organizations; a sign-in time does not.
    await t.db.updateTable('users').set({ last_name: 'Renamed' }).where('id', '=', ownerA.id).execute();
    const renamed = await versionOf(orgA);
    expect(renamed).toBeGreaterThan(afterNote);
    await t.db.updateTable('users').set({ updated_at: new Date() }).where('id', '=', ownerA.id).execute();
    expect(await versionOf(orgA)).toBe(renamed);
    // Shared lookups raise row 0, on insert and on update alike.
    const shared = await versionOf(0);
    const type = await t.db
      .insertInto('organization_types')
      .values({ name: 'Aligners' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('organization_types')
      .set({ name: 'Clear aligners' })
      .where('id', '=', type.id)
      .execute();
    expect(await versionOf(0)).toBe(shared + 2);
  });
});
