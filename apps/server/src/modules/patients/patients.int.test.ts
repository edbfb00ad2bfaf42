import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_REVERSAL_WARNINGS, PATIENT_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildCustomerRequest, buildPatient, buildRxForm } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let supervisor: H;
let tech: H;
let partner: H;
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
  const s = await givenUser(t, { roles: ['supervisor'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const lp = await givenUser(t, { roles: ['lab_partner'] });
  const o = await givenUser(t, {
    first_name: 'Olivia',
    last_name: 'Owner',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const m = await givenUser(t, { roles: [], organizations: [{ id: orgA, role: 'organization_member' }] });
  const db = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  supervisor = bearer(await tokenFor(t, s.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  member = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  doctorB = { id: db.id, headers: bearer(await tokenFor(t, db.id)) };
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: orgA, third_party_partner_user_id: lp.id })
    .execute();
});
afterAll(() => t?.close());

describe('GET /patients/{id}', () => {
  it('answers 401 without a session', async () => {
    const id = await givenCase();
    expect((await req('GET', `/${id}`)).statusCode).toBe(401);
  });

  it('shows the patient, its Rx form summary with 32 teeth, the organization and the doctor; the read is audited', async () => {
    const id = await givenCase({
      patient: { case_number_text: 'C-12', numeric_suffix: 2 },
      rx: { teeth: { u03: 1, l15: 2 }, submission_completed_by: 1 },
    });
    const res = await req('GET', `/${id}`, owner.headers);
    expect(res.statusCode).toBe(200);
    const p = res.json().patient;
    expect(p).toMatchObject({
      id,
      first_name: 'Ana',
      last_name: 'Lopez',
      full_name: 'Ana Lopez',
      formatted_name: 'Lopez, Ana, C-12 (2)',
      patient_status_id: 1,
      list_status: 'new',
      organization: { id: orgA, name: 'Bright Smiles', account_number: 'BRIGHT-01' },
      user: { id: owner.id, full_name: 'Olivia Owner' },
      is_on_hold: false,
      metadata: { allow_delete: { allow: true, message: null } },
      has_ios_file: false,
    });
    expect(Object.keys(p.rx_form.teeth)).toHaveLength(32);
    expect(p.rx_form.teeth).toMatchObject({ u03: 1, l15: 2, u00: 0 });
    expect(await auditActions(id)).toContain('patients.read');
  });

  it("answers 404 for another organization's patient and for an unknown id", async () => {
    const id = await givenCase({ organization_id: orgB, user_id: doctorB.id });
    expect((await req('GET', `/${id}`, owner.headers)).statusCode).toBe(404);
    expect((await req('GET', `/999999`, owner.headers)).statusCode).toBe(404);
    expect((await req('GET', `/${id}`, admin)).statusCode).toBe(200);
  });

  it('an archived patient answers 404 without patients.view-archived', async () => {
    const id = await givenCase({ patient: { deleted_at: new Date(), deleted_kind: 'archived' } });
    expect((await req('GET', `/${id}`, owner.headers)).statusCode).toBe(404);
    expect((await req('GET', `/${id}`, tech)).statusCode).toBe(404);
    expect((await req('GET', `/${id}`, supervisor)).statusCode).toBe(200);
  });

  it('a member without organization.patients.view-any sees only their own patients', async () => {
    const others = await givenCase();
    const own = await givenCase({ user_id: member.id });
    expect((await req('GET', `/${others}`, member.headers)).statusCode).toBe(404);
    expect((await req('GET', `/${own}`, member.headers)).statusCode).toBe(200);
  });

  it('a lab partner sees only cases assigned to the third party in its organizations', async () => {
    const assigned = await givenCase({ rx: { print_assignment: 3 } });
    const provider = await givenCase({ rx: { print_assignment: 1 } });
    const elsewhere = await givenCase({
      organization_id: orgB,
      user_id: doctorB.id,
      rx: { print_assignment: 3 },
    });
    expect((await req('GET', `/${assigned}`, partner)).statusCode).toBe(200);
    expect((await req('GET', `/${provider}`, partner)).statusCode).toBe(404);
    expect((await req('GET', `/${elsewhere}`, partner)).statusCode).toBe(404);
  });

  it('technician notes are for management only; practice users get them as null', async () => {
    const id = await givenCase({
      patient: {
        internal_notes: 'tech',
        physical_tech_notes: 'atoms',
        management_notes: 'bits',
        doctor_internal_notes: 'hi',
      },
    });
    const practice = (await req('GET', `/${id}`, owner.headers)).json().patient;
    expect(practice).toMatchObject({
      internal_notes: null,
      physical_tech_notes: null,
      management_notes: null,
      doctor_internal_notes: 'hi',
      notes_availability: { internal: true, tech: false, physical_tech: false, management: false },
    });
    const staff = (await req('GET', `/${id}`, tech)).json().patient;
    expect(staff).toMatchObject({
      internal_notes: 'tech',
      physical_tech_notes: 'atoms',
      management_notes: 'bits',
      notes_availability: { internal: true, tech: true, physical_tech: true, management: true, case: false },
    });
    expect(staff.notes_access.internal_notes).toEqual({ read: true, write: true });
    expect(practice.notes_access.internal_notes).toEqual({ read: false, write: false });
  });
});

describe('PUT /patients/{id}', () => {
  it('answers 401, 404 for another organization, and validates the names with the spec messages', async () => {
    const id = await givenCase();
    expect((await req('PUT', `/${id}`, undefined, { first_name: 'Bo' })).statusCode).toBe(401);
    expect((await req('PUT', `/${id}`, doctorB.headers, { first_name: 'Bo' })).statusCode).toBe(404);

    const bad = await req('PUT', `/${id}`, owner.headers, {
      first_name: 'lowercase',
      last_name: '',
      case_number_text: 'A#1',
    });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().errors;
    expect(errors.first_name).toContain(PATIENT_MESSAGES.invalidName);
    expect(errors.last_name).toContain('Required');
    expect(errors.case_number_text).toContain(PATIENT_MESSAGES.invalidCaseNumber);
  });

  it('saves the changed fields, replaces restricted characters by the configured replacement, and audits', async () => {
    await t.db
      .insertInto('settings')
      .values({
        key: 'name_correction',
        value: JSON.stringify({ replacement: '-', forbidden_characters: '!' }),
      })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value: JSON.stringify({ replacement: '-', forbidden_characters: '!' }) }),
      )
      .execute();
    const id = await givenCase();
    const res = await req('PUT', `/${id}`, owner.headers, {
      first_name: 'Mary Ann',
      case_number_text: 'Case (7)',
      numeric_suffix: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PATIENT_MESSAGES.updated,
      patient: {
        first_name: 'Mary Ann',
        last_name: 'Lopez',
        case_number_text: 'Case (7)',
        numeric_suffix: 3,
      },
    });
    const cleared = await req('PUT', `/${id}`, owner.headers, { case_number_text: null });
    expect(cleared.json().patient.case_number_text).toBeNull();
    expect(await auditActions(id)).toContain('patients.update');
  });

  it('single note saves: practice users write doctor notes but not technician notes; management needs the edit gate', async () => {
    const id = await givenCase();
    const note = await req('PUT', `/${id}`, owner.headers, { doctor_internal_notes: 'Please call' });
    expect(note.statusCode).toBe(200);
    expect(note.json()).toMatchObject({
      message: PATIENT_MESSAGES.noteSaved,
      patient: { doctor_internal_notes: 'Please call' },
    });

    const tech1 = await req('PUT', `/${id}`, owner.headers, { physical_tech_notes: 'x' });
    expect(tech1.statusCode).toBe(403);
    expect(tech1.json().message).toBe(UNAUTHORIZED);

    const byTech = await req('PUT', `/${id}`, tech, {
      physical_tech_notes: 'Atoms ok',
      management_notes: 'Bits ok',
    });
    expect(byTech.statusCode).toBe(200);
    expect(byTech.json().patient).toMatchObject({
      physical_tech_notes: 'Atoms ok',
      management_notes: 'Bits ok',
    });

    const byPartner = await req('PUT', `/${id}`, partner, { internal_notes: 'x' });
    expect(byPartner.statusCode).toBe(404); // not assigned to the third party
  });

  it('an archived patient cannot be edited', async () => {
    const id = await givenCase({ patient: { deleted_at: new Date(), deleted_kind: 'archived' } });
    const res = await req('PUT', `/${id}`, admin, { first_name: 'Bo' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PATIENT_MESSAGES.alreadyArchived);
  });
});

describe('PUT /patients/{id}/toggle_hold', () => {
  const body = { name: 'Dr Owner', reason: 'Waiting for scans' };

  it('answers 401, 404, 403 and validates the reason dialog', async () => {
    const id = await givenCase();
    expect((await req('PUT', `/${id}/toggle_hold`, undefined, body)).statusCode).toBe(401);
    expect((await req('PUT', `/${id}/toggle_hold`, doctorB.headers, body)).statusCode).toBe(404);
    const own = await givenCase({ user_id: member.id });
    const denied = await req('PUT', `/${own}/toggle_hold`, member.headers, body);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(UNAUTHORIZED);
    const invalid = await req('PUT', `/${id}/toggle_hold`, owner.headers, { name: ' ', reason: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({ name: ['Required'], reason: ['Required'] });
  });

  it('practice hold is group 1, writes the on-hold note; unhold writes the unhold note', async () => {
    const id = await givenCase();
    const held = await req('PUT', `/${id}/toggle_hold`, owner.headers, body);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({
      message: PATIENT_MESSAGES.held,
      patient: { is_on_hold: true, held_by_group: 1 },
    });
    const unheld = await req('PUT', `/${id}/toggle_hold`, owner.headers, {
      name: 'Dr Owner',
      reason: 'Scans in',
    });
    expect(unheld.json()).toMatchObject({
      message: PATIENT_MESSAGES.unheld,
      patient: { is_on_hold: false, held_at: null },
    });
    const notes = (await req('GET', `/${id}/on-hold-notes`, owner.headers)).json().data;
    expect(notes).toMatchObject([
      { name: 'Dr Owner', note: 'Waiting for scans', is_on_hold_reason: true, is_unhold: false },
      { name: 'Dr Owner', note: 'Scans in', is_on_hold_reason: false, is_unhold: true },
    ]);
    expect(await auditActions(id)).toEqual(expect.arrayContaining(['patients.hold', 'patients.unhold']));
  });

  it('management hold is group 2 and notify_office notifies the doctor', async () => {
    const id = await givenCase();
    const res = await req('PUT', `/${id}/toggle_hold`, tech, { ...body, notify_office: true });
    expect(res.json().patient).toMatchObject({ is_on_hold: true, held_by_group: 2 });
    const n = await t.db
      .selectFrom('notifications')
      .select(['message', 'link'])
      .where('user_id', '=', owner.id)
      .where('patient_id', '=', id)
      .execute();
    expect(n).toEqual([
      { message: 'Ana Lopez was put on hold: Waiting for scans', link: `/patient-details/${id}` },
    ]);
    const notes = (await req('GET', `/${id}/on-hold-notes`, tech)).json().data;
    expect(notes[0].notify_office).toBe(true);
  });

  it('after setup approval a practice user gets the completed-setup notice; management may still hold', async () => {
    const id = await givenCase({ rx: { completed_at: new Date(), ready_at: new Date(), status_id: 4 } });
    const res = await req('PUT', `/${id}/toggle_hold`, owner.headers, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Patient has completed initial setup. Please call and request a cancellation for cases after setup.',
    );
    expect((await req('GET', `/${id}`, owner.headers)).json().patient.abilities.completed_setup_notice).toBe(
      true,
    );
    expect((await req('PUT', `/${id}/toggle_hold`, admin, body)).statusCode).toBe(200);
  });
});

describe('PUT /patients/{id}/archive, DELETE /patients/{id}, POST restore', () => {
  const archiveBody = { archived_by_name: 'Alice', archived_reason: 'Duplicate' };
  const deleteBody = { deleted_by_name: 'Olivia', deleted_reason: 'Entered twice' };

  it('archive: 401, 403 for practice users and technicians, 404 elsewhere, validation', async () => {
    const id = await givenCase();
    expect((await req('PUT', `/${id}/archive`, undefined, archiveBody)).statusCode).toBe(401);
    expect((await req('PUT', `/${id}/archive`, owner.headers, archiveBody)).statusCode).toBe(403);
    expect((await req('PUT', `/${id}/archive`, tech, archiveBody)).statusCode).toBe(403);
    expect((await req('PUT', `/${id}/archive`, doctorB.headers, archiveBody)).statusCode).toBe(404);
    const invalid = await req('PUT', `/${id}/archive`, supervisor, {
      archived_by_name: '',
      archived_reason: '',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({
      archived_by_name: ['Required'],
      archived_reason: ['Required'],
    });
  });

  it('archive then restore: the archive fields are set, then cleared; restore needs deleted_at', async () => {
    const id = await givenCase();
    const notArchived = await req('POST', `/${id}/restore`, supervisor);
    expect(notArchived.statusCode).toBe(422);
    expect(notArchived.json().message).toBe(PATIENT_MESSAGES.notArchived);

    const res = await req('PUT', `/${id}/archive`, supervisor, archiveBody);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PATIENT_MESSAGES.archived,
      patient: { deleted_kind: 'archived', archived_by_name: 'Alice', archived_reason: 'Duplicate' },
    });
    expect(res.json().patient.deleted_at).not.toBeNull();
    expect((await req('GET', `/${id}`, owner.headers)).statusCode).toBe(404);
    const again = await req('PUT', `/${id}/archive`, supervisor, archiveBody);
    expect(again.statusCode).toBe(422);

    expect((await req('POST', `/${id}/restore`, tech)).statusCode).toBe(404); // no view-archived
    expect((await req('POST', `/${id}/restore`, owner.headers)).statusCode).toBe(404);
    const restored = await req('POST', `/${id}/restore`, supervisor);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      message: PATIENT_MESSAGES.restored,
      patient: { deleted_at: null, archived_by_name: null },
    });
    expect(await auditActions(id)).toEqual(expect.arrayContaining(['patients.archive', 'patients.restore']));
  });

  it('restore: 401 and 403 without the gate', async () => {
    const id = await givenCase({ patient: { deleted_at: new Date(), deleted_kind: 'archived' } });
    expect((await req('POST', `/${id}/restore`)).statusCode).toBe(401);
    // a practice user never sees archived patients: 404 before any gate
    expect((await req('POST', `/${id}/restore`, owner.headers)).statusCode).toBe(404);
    // a technician allowed to view archived patients still may not restore them
    const te = await givenUser(t, { roles: ['tech_support'] });
    await t.db
      .insertInto('user_custom_permissions')
      .values({ user_id: te.id, permission: 'patients.view-archived' })
      .execute();
    const headers = bearer(await tokenFor(t, te.id, { management: true }));
    expect((await req('GET', `/${id}`, headers)).statusCode).toBe(200);
    const denied = await req('POST', `/${id}/restore`, headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(UNAUTHORIZED);
  });

  it('delete: validation, 403 for a member, allowed for the owner (organization.patients.delete)', async () => {
    const id = await givenCase();
    expect((await req('DELETE', `/${id}`, undefined, deleteBody)).statusCode).toBe(401);
    expect((await req('DELETE', `/${id}`, doctorB.headers, deleteBody)).statusCode).toBe(404);
    const own = await givenCase({ user_id: member.id });
    expect((await req('DELETE', `/${own}`, member.headers, deleteBody)).statusCode).toBe(403);
    const invalid = await req('DELETE', `/${id}`, owner.headers, { deleted_by_name: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({ deleted_reason: ['Required'] });
    const res = await req('DELETE', `/${id}`, owner.headers, deleteBody);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PATIENT_MESSAGES.deleted,
      patient: { deleted_kind: 'deleted' },
    });
  });

  it('delete is refused once production has started (allow_delete false with its message)', async () => {
    const id = await givenCase();
    await buildCustomerRequest(t.db, { organization_id: orgA, patient_id: id, status_id: 2 });
    const details = (await req('GET', `/${id}`, admin)).json().patient;
    expect(details.metadata.allow_delete).toEqual({
      allow: false,
      message: PATIENT_MESSAGES.deleteAfterProductionStart,
    });
    expect(details.abilities.delete).toBe(false);
    const res = await req('DELETE', `/${id}`, admin, deleteBody);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PATIENT_MESSAGES.deleteAfterProductionStart);
  });

  it('delete after approval: the notice for practice users, the allow_delete refusal for management', async () => {
    const id = await givenCase({ rx: { completed_at: new Date(), ready_at: new Date(), status_id: 4 } });
    const practice = await req('DELETE', `/${id}`, owner.headers, deleteBody);
    expect(practice.statusCode).toBe(422);
    expect(practice.json().message).toBe(PATIENT_MESSAGES.completedSetupNotice);
    const management = await req('DELETE', `/${id}`, admin, deleteBody);
    expect(management.statusCode).toBe(422);
    expect(management.json().message).toBe(PATIENT_MESSAGES.deleteAfterApproval);
  });
});

describe('POST /patients/{id}/complete_setup', () => {
  it('401, 403 for practice users, 404 elsewhere; completes only from status 1', async () => {
    const id = await givenCase();
    expect((await req('POST', `/${id}/complete_setup`)).statusCode).toBe(401);
    expect((await req('POST', `/${id}/complete_setup`, owner.headers)).statusCode).toBe(403);
    expect((await req('POST', `/${id}/complete_setup`, doctorB.headers)).statusCode).toBe(404);
    const res = await req('POST', `/${id}/complete_setup`, tech);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PATIENT_MESSAGES.completed,
      patient: { patient_status_id: 3, list_status: 'completed' },
    });
    expect(res.json().patient.setup_completed_at).not.toBeNull();
    const again = await req('POST', `/${id}/complete_setup`, tech);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(PATIENT_MESSAGES.notActive);
  });
});

describe('case reversal', () => {
  it('reversal: 401, 403 without the gate (technician), 404 elsewhere, 400 for a reason too long', async () => {
    const id = await givenCase();
    expect((await req('POST', `/${id}/case-reversal`, undefined, {})).statusCode).toBe(401);
    const denied = await req('POST', `/${id}/case-reversal`, tech, {});
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(UNAUTHORIZED);
    expect((await req('POST', `/${id}/case-reversal`, doctorB.headers, {})).statusCode).toBe(404);
    const long = await req('POST', `/${id}/case-reversal`, supervisor, { reason: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.reason).toBeDefined();
  });

  it('check: 401, 403 without the gate, 404 elsewhere; compliant for a fresh case', async () => {
    const id = await givenCase();
    expect((await req('GET', `/${id}/case-reversal/check`)).statusCode).toBe(401);
    expect((await req('GET', `/${id}/case-reversal/check`, tech)).statusCode).toBe(403);
    expect((await req('GET', `/${id}/case-reversal/check`, doctorB.headers)).statusCode).toBe(404);
    const res = await req('GET', `/${id}/case-reversal/check`, supervisor);
    expect(res.json()).toEqual({ data: { is_compliant: true, warnings: [] } });
  });

  it('not compliant once the setup started or the case was approved; the reversal is then refused', async () => {
    const started = await givenCase({ rx: { status_id: 2 } });
    const check = (await req('GET', `/${started}/case-reversal/check`, supervisor)).json().data;
    expect(check).toEqual({ is_compliant: false, warnings: [CASE_REVERSAL_WARNINGS.setupStarted] });
    const refused = await req('POST', `/${started}/case-reversal`, supervisor, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(PATIENT_MESSAGES.notCompliant);

    const approved = await givenCase({ rx: { completed_at: new Date(), status_id: 4 } });
    expect((await req('GET', `/${approved}/case-reversal/check`, supervisor)).json().data.warnings).toContain(
      CASE_REVERSAL_WARNINGS.approved,
    );
    const noRx = await givenCase({ rx: null });
    expect((await req('GET', `/${noRx}/case-reversal/check`, supervisor)).json().data.warnings).toEqual([
      CASE_REVERSAL_WARNINGS.noRxForm,
    ]);
  });

  it('a doctor reverses a fresh case: the Rx form and New requests are cancelled and the patient archived', async () => {
    const id = await givenCase();
    const cr = await buildCustomerRequest(t.db, { organization_id: orgA, patient_id: id, status_id: 1 });
    const res = await req('POST', `/${id}/case-reversal`, owner.headers, { reason: 'Wrong patient' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PATIENT_MESSAGES.reversed,
      patient: {
        deleted_kind: 'archived',
        archived_by_name: 'Olivia Owner',
        archived_reason: 'Case reversed: Wrong patient',
        rx_form: { status_id: 5 },
        list_status: 'cancelled',
      },
    });
    const request = await t.db
      .selectFrom('customer_requests')
      .select('status_id')
      .where('id', '=', cr.id)
      .executeTakeFirstOrThrow();
    expect(request.status_id).toBe(5);
    expect(await auditActions(id)).toContain('patients.case-reversal');
    expect((await req('GET', `/${id}`, owner.headers)).statusCode).toBe(404);
  });
});

describe('POST /patients/{id}/restore-backup-ios', () => {
  async function file(patientId: number, o: { tag?: 'tech_backup' | null; name: string }) {
    return t.db
      .insertInto('patient_files')
      .values({
        patient_id: patientId,
        patient_file_type_id: 1,
        name: o.name,
        original_name: o.name,
        storage_path: `patients/${patientId}/x/${o.name}`,
        tag: o.tag ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('401, 403 for the member and the owner, 404 elsewhere, 422 without a backup', async () => {
    const id = await givenCase();
    expect((await req('POST', `/${id}/restore-backup-ios`)).statusCode).toBe(401);
    expect((await req('POST', `/${id}/restore-backup-ios`, owner.headers)).statusCode).toBe(403);
    expect((await req('POST', `/${id}/restore-backup-ios`, doctorB.headers)).statusCode).toBe(404);
    const res = await req('POST', `/${id}/restore-backup-ios`, tech);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PATIENT_MESSAGES.noBackup);
  });

  it('the backup becomes the IOS file and the previous one the backup', async () => {
    const id = await givenCase();
    const current = await file(id, { name: 'current.ios' });
    const backup = await file(id, { name: 'backup.ios', tag: 'tech_backup' });
    await t.db.updateTable('patients').set({ ios_file_id: current.id }).where('id', '=', id).execute();
    expect((await req('GET', `/${id}`, tech)).json().patient).toMatchObject({
      has_tech_ios_backup: true,
      has_ios_file: true,
    });
    const res = await req('POST', `/${id}/restore-backup-ios`, tech);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PATIENT_MESSAGES.backupRestored,
      file: { id: backup.id, name: 'backup.ios', tag: null },
      patient: { ios_file_id: backup.id, has_tech_ios_backup: true },
    });
    const prev = await t.db
      .selectFrom('patient_files')
      .select('tag')
      .where('id', '=', current.id)
      .executeTakeFirstOrThrow();
    expect(prev.tag).toBe('tech_backup');
  });
});

describe('GET /patients/check_similar_patient', () => {
  it('401, 404 for another organization, validation, and the suffix a new patient would get', async () => {
    const q = (s: string) => `/check_similar_patient?${s}`;
    expect((await req('GET', q('first_name=Zed&last_name=Smith'))).statusCode).toBe(401);
    expect(
      (await req('GET', q(`first_name=Zed&last_name=Smith&organization_id=${orgB}`), owner.headers))
        .statusCode,
    ).toBe(404);
    const invalid = await req('GET', q('first_name=&last_name=Smith'), owner.headers);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.first_name).toContain('Required');

    const none = await req('GET', q('first_name=Zed&last_name=Smith'), owner.headers);
    expect(none.json()).toEqual({ has_similar_patient: false, numeric_suffix: null, created_at: null });

    await givenCase({ patient: { first_name: 'Zed', last_name: 'Smith', case_number_text: 'K1' } });
    await givenCase({
      patient: { first_name: 'Zed', last_name: 'Smith', case_number_text: 'K1', numeric_suffix: 2 },
    });
    const found = (
      await req('GET', q('first_name=zed&last_name=SMITH&case_number_text=k1'), owner.headers)
    ).json();
    expect(found).toMatchObject({ has_similar_patient: true, numeric_suffix: 3 });
    expect(found.created_at).not.toBeNull();
    const other = await req('GET', q(`first_name=Zed&last_name=Smith&user_id=${doctorB.id}`), owner.headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.user_id).toContain(PATIENT_MESSAGES.invalidDoctor);
  });
});
