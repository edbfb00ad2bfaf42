import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient, buildRxForm } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let tech: H;
let owner: { id: number; headers: H };
let member: { id: number; headers: H };
let doctorB: { id: number; headers: H };

const url = (path = '') => `${API}/patients${path}`;
const UNAUTHORIZED = 'This action is unauthorized.';

async function req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers?: H, payload?: unknown) {
  return t.app.inject({
    method,
    url: url(path),
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A patient of the organization with an Rx form (overrides for both). */
async function givenCase(
  o: {
    organization_id?: number;
    user_id?: number;
    patient?: Record<string, unknown>;
    rx?: Record<string, unknown> | null;
  } = {},
) {
  const organization_id = o.organization_id ?? orgA;
  const user_id = o.user_id ?? owner.id;
  const p = await buildPatient(t.db, {
    organization_id,
    user_id,
    first_name: 'Ana',
    last_name: 'Lopez',
    ...o.patient,
  });
  if (o.rx !== null) await buildRxForm(t.db, { organization_id, user_id, patient_id: p.id, ...(o.rx ?? {}) });
  return p.id;
}

async function auditActions(patientId: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity_type', '=', 'patient')
    .where('entity_id', '=', String(patientId))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles', account_number: 'BRIGHT-01' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'], first_name: 'Alice', last_name: 'Admin' });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const o = await givenUser(t, {
    first_name: 'Olivia',
    last_name: 'Owner',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const m = await givenUser(t, { roles: [], organizations: [{ id: orgA, role: 'organization_member' }] });
  const db = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  member = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  doctorB = { id: db.id, headers: bearer(await tokenFor(t, db.id)) };
});
afterAll(() => t?.close());

describe('POST /patients/{id}/on-hold-notes', () => {
  const note = { name: 'Dr Owner', note: 'Called the office, scans due Friday' };

  it('answers 401, 404 for another organization, 403 without the hold permission, and validates', async () => {
    const id = await givenCase();
    await req('PUT', `/${id}/toggle_hold`, owner.headers, { name: 'Dr Owner', reason: 'Waiting for scans' });
    expect((await req('POST', `/${id}/on-hold-notes`, undefined, note)).statusCode).toBe(401);
    expect((await req('POST', `/${id}/on-hold-notes`, doctorB.headers, note)).statusCode).toBe(404);
    const own = await givenCase({ user_id: member.id });
    const denied = await req('POST', `/${own}/on-hold-notes`, member.headers, note);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(UNAUTHORIZED);
    const invalid = await req('POST', `/${id}/on-hold-notes`, owner.headers, { name: '', note: ' ' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({ name: ['Required'], note: ['Required'] });
  });

  it('adds a note only while the patient is on hold; the history keeps it between hold and unhold', async () => {
    const id = await givenCase();
    const early = await req('POST', `/${id}/on-hold-notes`, owner.headers, note);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(PATIENT_MESSAGES.notOnHold);

    await req('PUT', `/${id}/toggle_hold`, owner.headers, { name: 'Dr Owner', reason: 'Waiting for scans' });
    const added = await req('POST', `/${id}/on-hold-notes`, tech, {
      name: 'Taylor Tech',
      note: 'Reminded the office',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      message: PATIENT_MESSAGES.onHoldNoteAdded,
      data: { name: 'Taylor Tech', note: 'Reminded the office', is_on_hold_reason: false, is_unhold: false },
    });
    await req('PUT', `/${id}/toggle_hold`, owner.headers, { name: 'Dr Owner', reason: 'Scans in' });
    expect((await req('POST', `/${id}/on-hold-notes`, owner.headers, note)).statusCode).toBe(422);

    const history = (await req('GET', `/${id}/on-hold-notes`, owner.headers)).json().data;
    expect(history.map((n: { note: string }) => n.note)).toEqual([
      'Waiting for scans',
      'Reminded the office',
      'Scans in',
    ]);
    expect(await auditActions(id)).toContain('patients.on-hold-notes.create');
  });
});

describe('case notes', () => {
  it('on-hold notes: 401, 404 elsewhere, empty for a patient never held', async () => {
    const id = await givenCase();
    expect((await req('GET', `/${id}/on-hold-notes`)).statusCode).toBe(401);
    expect((await req('GET', `/${id}/on-hold-notes`, doctorB.headers)).statusCode).toBe(404);
    expect((await req('GET', `/${id}/on-hold-notes`, owner.headers)).json()).toEqual({ data: [] });
  });

  it('no case note on an archived patient', async () => {
    const id = await givenCase({ patient: { deleted_at: new Date(), deleted_kind: 'archived' } });
    const res = await req('POST', `/${id}/case-notes`, admin, { message: 'Hello' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PATIENT_MESSAGES.alreadyArchived);
  });

  it('401, 404 elsewhere, validation', async () => {
    const id = await givenCase();
    expect((await req('GET', `/${id}/case-notes`)).statusCode).toBe(401);
    expect((await req('POST', `/${id}/case-notes`, undefined, { message: 'x' })).statusCode).toBe(401);
    expect((await req('GET', `/${id}/case-notes`, doctorB.headers)).statusCode).toBe(404);
    expect((await req('POST', `/${id}/case-notes`, doctorB.headers, { message: 'x' })).statusCode).toBe(404);
    const invalid = await req('POST', `/${id}/case-notes`, owner.headers, { message: '   ' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({ message: ['Required'] });
  });

  it('a conversation between the doctor and management, oldest first; management notes notify the doctor', async () => {
    const id = await givenCase();
    const first = await req('POST', `/${id}/case-notes`, owner.headers, {
      message: 'Please check the lower arch',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: PATIENT_MESSAGES.caseNoteAdded,
      data: {
        author_type: 'doctor',
        author_name: 'Olivia Owner',
        author_id: owner.id,
        message: 'Please check the lower arch',
      },
    });
    await req('POST', `/${id}/case-notes`, admin, { message: 'Done' });
    const list = (await req('GET', `/${id}/case-notes`, owner.headers)).json().data;
    expect(list.map((n: { author_type: string; message: string }) => [n.author_type, n.message])).toEqual([
      ['doctor', 'Please check the lower arch'],
      ['management', 'Done'],
    ]);
    expect(list[1].author_name).toBe('Alice Admin');
    const n = await t.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', owner.id)
      .where('patient_id', '=', id)
      .execute();
    expect(n).toEqual([{ message: 'New case note on Ana Lopez' }]);
    expect((await req('GET', `/${id}`, owner.headers)).json().patient.notes_availability.case).toBe(true);
    expect(await auditActions(id)).toEqual(
      expect.arrayContaining(['patients.case-notes.create', 'patients.case-notes.read']),
    );
  });
});
