import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  addMember,
  buildBatch,
  buildContract,
  buildCustomerRequest,
  buildDevice,
  buildLicense,
  buildLocation,
  buildOrganization,
  buildPatient,
  buildRxForm,
  buildUser,
  TOOTH_KEYS,
} from './seed/factories.ts';

const CHECK = '23514';
const FOREIGN_KEY = '23503';
const UNIQUE = '23505';
const RAISED = 'P0001';
// ON DELETE RESTRICT: PostgreSQL answers 23503, PGlite's newer core 23001 (restrict_violation).
const RESTRICTED = ['23001', FOREIGN_KEY];

/** Runs a statement that must fail and returns the SQLSTATE it failed with. */
async function failure(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
  return 'succeeded';
}

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const org = await buildOrganization(db);
  const doctor = await buildUser(db, { password_hash: null });
  await addMember(db, org.id, doctor.id, 'organization_owner');
  const location = await buildLocation(db, org.id);
  const patient = await buildPatient(db, { organization_id: org.id, user_id: doctor.id });
  const rx = await buildRxForm(db, { organization_id: org.id, user_id: doctor.id, patient_id: patient.id });
  const request = await buildCustomerRequest(db, { organization_id: org.id, patient_id: patient.id });
  const printing = await db
    .insertInto('printing_requests')
    .values({ customer_request_id: request.id, patient_id: patient.id, location_id: location.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const file = await db
    .insertInto('patient_files')
    .values({
      patient_id: patient.id,
      patient_file_type_id: 2,
      name: 'upper.stl',
      original_name: 'upper.stl',
      storage_path: 'p/upper.stl',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const flawed = await db
    .insertInto('flawed_trays')
    .values({ customer_request_id: request.id, patient_id: patient.id, arch: 1, file_id: file.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batch = await buildBatch(db);
  const workflow = await db
    .insertInto('tech_workflows')
    .values({ type: 'initial_case_setup', patient_id: patient.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const process = await db
    .insertInto('tech_workflow_processes')
    .values({ tech_workflow_id: workflow.id, step: 1, process: 'S1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contract = await buildContract(db, org.id);
  const onboarding = await db
    .insertInto('onboardings')
    .values({ organization_id: org.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const announcement = await db
    .insertInto('announcements')
    .values({ body: 'Hello', visibility: 'doctor' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const note = await db
    .insertInto('case_notes')
    .values({
      patient_id: patient.id,
      author_id: doctor.id,
      author_type: 'doctor',
      author_name: 'Dr. Test',
      message: 'Please rush',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const library = await db
    .insertInto('bracket_libraries')
    .values({ organization_id: org.id, label: 'Roth 022', file_name: 'roth-022.zip' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const promo = await db
    .insertInto('promotion_codes')
    .values({ code: 'SPRING25', description: 'Spring', value: 25 })
    .returning('id')
    .executeTakeFirstOrThrow();
  Object.assign(ids, {
    org: org.id,
    doctor: doctor.id,
    location: location.id,
    patient: patient.id,
    rx: rx.id,
    request: request.id,
    printing: printing.id,
    file: file.id,
    flawed: flawed.id,
    batch: batch.id,
    workflow: workflow.id,
    process: process.id,
    contract: contract.id,
    onboarding: onboarding.id,
    announcement: announcement.id,
    note: note.id,
    library: library.id,
    promo: promo.id,
  });
});
afterAll(() => t?.close());

function setColumn(table: string, column: string, value: unknown, id: number) {
  return sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where id = ${id}`.execute(t.db);
}

describe('enumerations', () => {
  // [table, column, fixture, rejected value, accepted value]
  const cases: [string, string, string, unknown, unknown][] = [
    ['patients', 'patient_status_id', 'patient', 2, 3],
    ['rx_forms', 'jaws_id', 'rx', 4, 2],
    ['rx_forms', 'export_type', 'rx', 0, 3],
    ['rx_forms', 'print_assignment', 'rx', 4, 3],
    ['rx_forms', 'tray_design_assignment', 'rx', 0, 2],
    ['rx_forms', 'insert_brackets_assignment', 'rx', 5, 2],
    ['rx_forms', 'scanner_type', 'rx', 8, 7],
    ['rx_forms', 'scan_submission_type', 'rx', 3, 2],
    ['rx_forms', 'root_integration_type', 'rx', 3, 2],
    ['rx_forms', 'status_id', 'rx', 6, 5],
    ['customer_requests', 'status_id', 'request', 0, 4],
    ['printing_requests', 'printing_request_status_id', 'printing', 5, 4],
    ['printing_requests', 'assigned_to', 'printing', 4, 3],
    ['flawed_trays', 'status_id', 'flawed', 3, 2],
    ['flawed_trays', 'arch', 'flawed', 4, 3],
    ['patient_files', 'tag', 'file', 'backup', 'stl_maxillary'],
    ['patient_files', 'relu_status', 'file', 'done', 'flagged'],
    ['batches', 'status', 'batch', 'done', 'in_progress'],
    ['tech_workflow_processes', 'status', 'process', 'DONE', 'IN_PROGRESS'],
    ['contracts', 'payment_status', 'contract', 'CURRENT', 'BLOCKED'],
    ['onboardings', 'status', 'onboarding', 2, 5],
    ['announcements', 'visibility', 'announcement', 'public', 'internal'],
    ['case_notes', 'author_type', 'note', 'patient', 'management'],
    ['bracket_libraries', 'format', 'library', 3, 2],
    ['promotion_codes', 'status_id', 'promo', 3, 2],
    ['promotion_codes', 'code', 'promo', 'spring25', 'SPRING26'],
  ];

  it.each(cases)('%s.%s rejects %s', async (table, column, fixture, bad) => {
    expect(await failure(() => setColumn(table, column, bad, ids[fixture]!))).toBe(CHECK);
  });

  it.each(cases)('%s.%s accepts a valid value', async (table, column, fixture, _bad, good) => {
    await setColumn(table, column, good, ids[fixture]!);
    const row = await sql<{
      v: unknown;
    }>`select ${sql.ref(column)} as v from ${sql.table(table)} where id = ${ids[fixture]!}`.execute(t.db);
    expect(row.rows[0]!.v).toBe(good);
  });

  it('user roles and organization roles are limited to the spec names', async () => {
    expect(
      await failure(() =>
        t.db.insertInto('user_roles').values({ user_id: ids.doctor!, role: 'owner' }).execute(),
      ),
    ).toBe(CHECK);
    expect(
      await failure(() =>
        t.db
          .updateTable('organization_user')
          .set({ role: 'organization_admin' })
          .where('user_id', '=', ids.doctor!)
          .execute(),
      ),
    ).toBe(CHECK);
  });

  it('case feedback ratings are 1, 5 or 10', async () => {
    expect(
      await failure(() =>
        t.db.insertInto('case_feedbacks').values({ patient_id: ids.patient!, rating: 3 }).execute(),
      ),
    ).toBe(CHECK);
    await t.db
      .insertInto('case_feedbacks')
      .values({ patient_id: ids.patient!, user_id: ids.doctor!, rating: 10 })
      .execute();
  });

  it('DIBS options are 1 (Desktop) and 4 (Online) only', async () => {
    expect(
      await failure(() =>
        t.db
          .insertInto('organization_preferences')
          .values({ organization_id: ids.org!, allowed_dibs_options: [1, 2] })
          .execute(),
      ),
    ).toBe(CHECK);
    await t.db
      .insertInto('organization_preferences')
      .values({ organization_id: ids.org!, allowed_dibs_options: [1, 4] })
      .execute();
  });
});

describe('teeth', () => {
  it('an Rx form from the factory has the 32 keys u00..u15 and l00..l15, all 0', async () => {
    const teeth = await t.db
      .selectFrom('rx_form_teeth')
      .select(['tooth', 'value'])
      .where('rx_form_id', '=', ids.rx!)
      .orderBy('tooth')
      .execute();
    expect(teeth.map((x) => x.tooth).sort()).toEqual([...TOOTH_KEYS].sort());
    expect(teeth.every((x) => x.value === 0)).toBe(true);
  });

  it.each([0, 1, 2])('accepts tooth value %i', async (value) => {
    await t.db
      .updateTable('rx_form_teeth')
      .set({ value })
      .where('rx_form_id', '=', ids.rx!)
      .where('tooth', '=', 'u07')
      .execute();
    const row = await t.db
      .selectFrom('rx_form_teeth')
      .select('value')
      .where('rx_form_id', '=', ids.rx!)
      .where('tooth', '=', 'u07')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe(value);
  });

  it.each([3, -1])('rejects tooth value %i', async (value) => {
    expect(
      await failure(() =>
        t.db
          .updateTable('rx_form_teeth')
          .set({ value })
          .where('rx_form_id', '=', ids.rx!)
          .where('tooth', '=', 'l15')
          .execute(),
      ),
    ).toBe(CHECK);
  });

  it.each(['u16', 'x01', 'l1'])('rejects tooth key %s', async (tooth) => {
    expect(
      await failure(() =>
        t.db.insertInto('rx_form_teeth').values({ rx_form_id: ids.rx!, tooth, value: 0 }).execute(),
      ),
    ).toBe(CHECK);
  });

  it('rejects a second row for the same tooth', async () => {
    expect(
      await failure(() =>
        t.db.insertInto('rx_form_teeth').values({ rx_form_id: ids.rx!, tooth: 'u00', value: 1 }).execute(),
      ),
    ).toBe(UNIQUE);
  });

  it('bracket tooth numbers are quadrant 1..4 and tooth 1..8', async () => {
    await t.db
      .insertInto('bracket_inventory')
      .values({ bracket_library_id: ids.library!, tooth_number: 48, available: 3 })
      .execute();
    for (const tooth_number of [10, 19, 51, 9]) {
      expect(
        await failure(() =>
          t.db
            .insertInto('bracket_inventory')
            .values({ bracket_library_id: ids.library!, tooth_number })
            .execute(),
        ),
      ).toBe(CHECK);
    }
    expect(
      await failure(() =>
        t.db
          .updateTable('bracket_inventory')
          .set({ available: -1 })
          .where('bracket_library_id', '=', ids.library!)
          .execute(),
      ),
    ).toBe(CHECK);
  });
});

describe('other checks', () => {
  it('a location phone is + then 7 to 15 digits and the state has 2 letters', async () => {
    expect(await failure(() => buildLocation(t.db, ids.org!, { phone_number: '3035550100' }))).toBe(CHECK);
    expect(await failure(() => buildLocation(t.db, ids.org!, { phone_number: '+0123456789' }))).toBe(CHECK);
    expect(await failure(() => buildLocation(t.db, ids.org!, { state: 'COL' }))).toBe(CHECK);
  });

  it('credits end after they start and stay within 0..1e9', async () => {
    const base = { organization_id: ids.org!, valid_from: '2026-01-01', valid_to: '2026-02-01' };
    await t.db
      .insertInto('credits')
      .values({ ...base, value: 1_000_000_000 })
      .execute();
    expect(
      await failure(() =>
        t.db
          .insertInto('credits')
          .values({ ...base, value: 1_000_000_001 })
          .execute(),
      ),
    ).toBe(CHECK);
    expect(
      await failure(() =>
        t.db
          .insertInto('credits')
          .values({ ...base, value: -1 })
          .execute(),
      ),
    ).toBe(CHECK);
    expect(
      await failure(() =>
        t.db
          .insertInto('credits')
          .values({ ...base, value: 5, valid_to: '2026-01-01' })
          .execute(),
      ),
    ).toBe(CHECK);
  });

  it('an archived patient carries whether it was archived or deleted', async () => {
    expect(
      await failure(() =>
        t.db.updateTable('patients').set({ deleted_at: new Date() }).where('id', '=', ids.patient!).execute(),
      ),
    ).toBe(CHECK);
    expect(
      await failure(() =>
        t.db.updateTable('patients').set({ held_at: new Date() }).where('id', '=', ids.patient!).execute(),
      ),
    ).toBe(CHECK);
  });

  it('a process cannot finish before it starts', async () => {
    const now = new Date();
    expect(
      await failure(() =>
        t.db
          .updateTable('tech_workflow_processes')
          .set({ finished_at: now })
          .where('id', '=', ids.process!)
          .execute(),
      ),
    ).toBe(CHECK);
    expect(
      await failure(() =>
        t.db
          .updateTable('tech_workflow_processes')
          .set({ started_at: now, finished_at: new Date(now.getTime() - 1000) })
          .where('id', '=', ids.process!)
          .execute(),
      ),
    ).toBe(CHECK);
  });

  it('custom bracket set names are 3 to 255 characters and heights 0.9 to 9.0', async () => {
    expect(
      await failure(() =>
        t.db.insertInto('custom_bracket_sets').values({ organization_id: ids.org!, name: 'ab' }).execute(),
      ),
    ).toBe(CHECK);
    const set = await t.db
      .insertInto('custom_bracket_sets')
      .values({ organization_id: ids.org!, name: 'My set' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tooth = { custom_bracket_set_id: set.id, bracket_library_id: ids.library!, tooth_number: 11 };
    expect(
      await failure(() =>
        t.db
          .insertInto('custom_bracket_set_teeth')
          .values({ ...tooth, height: 9.1 })
          .execute(),
      ),
    ).toBe(CHECK);
    await t.db
      .insertInto('custom_bracket_set_teeth')
      .values({ ...tooth, height: 4.5 })
      .execute();
  });

  it('pricing delays are 1..20 and 1..10 days and volume discounts 0..100 percent', async () => {
    expect(
      await failure(() =>
        t.db.insertInto('pricing').values({ organization_id: ids.org!, delay_case_charging: 21 }).execute(),
      ),
    ).toBe(CHECK);
    expect(
      await failure(() =>
        t.db
          .insertInto('pricing')
          .values({ organization_id: ids.org!, delay_payment_processing: 0 })
          .execute(),
      ),
    ).toBe(CHECK);
    const p = await t.db
      .insertInto('pricing')
      .values({ organization_id: ids.org! })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      await failure(() =>
        t.db
          .insertInto('pricing_volume_discounts')
          .values({ pricing_id: p.id, volume: 10, discount: 101 })
          .execute(),
      ),
    ).toBe(CHECK);
  });

  it('an announcement body must not be empty', async () => {
    expect(
      await failure(() =>
        t.db.insertInto('announcements').values({ body: '', visibility: 'doctor' }).execute(),
      ),
    ).toBe(CHECK);
  });
});

describe('unique keys', () => {
  it('organization account numbers are unique', async () => {
    await buildOrganization(t.db, { account_number: 'UNIQ-0001' });
    expect(await failure(() => buildOrganization(t.db, { account_number: 'UNIQ-0001' }))).toBe(UNIQUE);
  });

  it('user e-mails are unique regardless of case', async () => {
    await buildUser(t.db, { email: 'Same.Person@example.test', password_hash: null });
    expect(
      await failure(() => buildUser(t.db, { email: 'same.person@EXAMPLE.test', password_hash: null })),
    ).toBe(UNIQUE);
  });

  it('an organization has at most one contract, one onboarding and one primary payment method', async () => {
    expect(await failure(() => buildContract(t.db, ids.org!))).toBe(UNIQUE);
    expect(
      await failure(() => t.db.insertInto('onboardings').values({ organization_id: ids.org! }).execute()),
    ).toBe(UNIQUE);
    const card = {
      organization_id: ids.org!,
      payment_method_nickname: 'Visa',
      payment_method_type: 'card',
      card_exp_datetime: '2030-01-01',
      is_primary: true,
    };
    await t.db
      .insertInto('payment_methods')
      .values({ ...card, provider_token: 'tok_1' })
      .execute();
    expect(
      await failure(() =>
        t.db
          .insertInto('payment_methods')
          .values({ ...card, provider_token: 'tok_2' })
          .execute(),
      ),
    ).toBe(UNIQUE);
    await t.db
      .insertInto('payment_methods')
      .values({ ...card, provider_token: 'tok_2', is_primary: false })
      .execute();
  });

  it('promotion codes and shipping method keys are unique', async () => {
    expect(
      await failure(() =>
        t.db
          .insertInto('promotion_codes')
          .values({ code: 'SPRING26', description: 'Again', value: 1 })
          .execute(),
      ),
    ).toBe(UNIQUE);
    await t.db.insertInto('shipping_methods').values({ id_string: 'express', name: 'Express' }).execute();
    expect(
      await failure(() =>
        t.db.insertInto('shipping_methods').values({ id_string: 'express', name: 'Express 2' }).execute(),
      ),
    ).toBe(UNIQUE);
  });

  it('a bracket library file name is unique per organization, ignoring case, until removed', async () => {
    const lib = { organization_id: ids.org!, label: 'Roth', file_name: 'ROTH-022.zip' };
    expect(await failure(() => t.db.insertInto('bracket_libraries').values(lib).execute())).toBe(UNIQUE);
    const other = await buildOrganization(t.db);
    await t.db
      .insertInto('bracket_libraries')
      .values({ ...lib, organization_id: other.id })
      .execute();
  });

  it('there is one default form layout and at most one per organization', async () => {
    await t.db.insertInto('form_builder_layouts').values({ organization_id: null }).execute();
    expect(
      await failure(() =>
        t.db.insertInto('form_builder_layouts').values({ organization_id: null }).execute(),
      ),
    ).toBe(UNIQUE);
    await t.db.insertInto('form_builder_layouts').values({ organization_id: ids.org! }).execute();
    expect(
      await failure(() =>
        t.db.insertInto('form_builder_layouts').values({ organization_id: ids.org! }).execute(),
      ),
    ).toBe(UNIQUE);
  });

  it('an installer version exists once globally', async () => {
    const v = { v1: 2, v2: 12, v3: 8, file_name: 'setup.exe', release_notes: 'Fixes' };
    await t.db.insertInto('installers').values(v).execute();
    expect(await failure(() => t.db.insertInto('installers').values(v).execute())).toBe(UNIQUE);
    expect(
      await failure(() =>
        t.db
          .insertInto('installers')
          .values({ ...v, v3: 9, file_name: 'setup.zip' })
          .execute(),
      ),
    ).toBe(CHECK);
  });
});

describe('foreign keys', () => {
  it('rejects a patient of an unknown organization', async () => {
    expect(await failure(() => buildPatient(t.db, { organization_id: 999_999, user_id: ids.doctor! }))).toBe(
      FOREIGN_KEY,
    );
  });

  it('an organization with patients cannot be deleted (archive it instead)', async () => {
    expect(
      await failure(() => t.db.deleteFrom('organizations').where('id', '=', ids.org!).execute()),
    ).toBeOneOf(RESTRICTED);
  });

  it('a doctor with patients cannot be deleted', async () => {
    expect(await failure(() => t.db.deleteFrom('users').where('id', '=', ids.doctor!).execute())).toBeOneOf(
      RESTRICTED,
    );
  });

  it('deleting an organization without patients removes its locations, licenses, devices, contract and memberships', async () => {
    const org = await buildOrganization(t.db);
    const user = await buildUser(t.db, { password_hash: null });
    await addMember(t.db, org.id, user.id, 'organization_owner');
    const location = await buildLocation(t.db, org.id, { user_ids: [user.id] });
    const license = await buildLicense(t.db, org.id, { user_id: user.id });
    const device = await buildDevice(t.db, license.id);
    await buildContract(t.db, org.id, { license_id: license.id });
    await t.db.deleteFrom('organizations').where('id', '=', org.id).execute();
    expect(await t.db.selectFrom('locations').select('id').where('id', '=', location.id).execute()).toEqual(
      [],
    );
    expect(await t.db.selectFrom('licenses').select('id').where('id', '=', license.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('devices').select('id').where('id', '=', device.id).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('contracts').select('id').where('organization_id', '=', org.id).execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('organization_user')
        .select('user_id')
        .where('organization_id', '=', org.id)
        .execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('location_user')
        .select('user_id')
        .where('location_id', '=', location.id)
        .execute(),
    ).toEqual([]);
    const after = await t.db
      .selectFrom('users')
      .select('current_organization_id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.current_organization_id).toBeNull();
  });

  it('an organization with orders cannot be deleted', async () => {
    const org = await buildOrganization(t.db);
    await t.db.insertInto('orders').values({ organization_id: org.id }).execute();
    expect(
      await failure(() => t.db.deleteFrom('organizations').where('id', '=', org.id).execute()),
    ).toBeOneOf(RESTRICTED);
  });

  it('a bracket library used by an Rx form cannot be deleted (mark it removed instead)', async () => {
    await t.db
      .insertInto('rx_form_bracket_libraries')
      .values({ rx_form_id: ids.rx!, bracket_library_id: ids.library! })
      .execute();
    expect(
      await failure(() => t.db.deleteFrom('bracket_libraries').where('id', '=', ids.library!).execute()),
    ).toBeOneOf(RESTRICTED);
  });

  it('deleting the IOS file clears the patient ios_file_id', async () => {
    const ios = await t.db
      .insertInto('patient_files')
      .values({
        patient_id: ids.patient!,
        patient_file_type_id: 1,
        name: 'scan.ios',
        original_name: 'scan.ios',
        storage_path: 'p/scan.ios',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('patients').set({ ios_file_id: ios.id }).where('id', '=', ids.patient!).execute();
    await t.db.deleteFrom('patient_files').where('id', '=', ios.id).execute();
    const p = await t.db
      .selectFrom('patients')
      .select('ios_file_id')
      .where('id', '=', ids.patient!)
      .executeTakeFirstOrThrow();
    expect(p.ios_file_id).toBeNull();
  });

  it('deleting a batch keeps its printing requests and drops their batch link', async () => {
    const batch = await buildBatch(t.db);
    await t.db
      .updateTable('printing_requests')
      .set({ batch_id: batch.id })
      .where('id', '=', ids.printing!)
      .execute();
    await t.db
      .insertInto('batch_cases')
      .values({ batch_id: batch.id, patient_id: ids.patient!, printing_request_id: ids.printing! })
      .execute();
    await t.db.deleteFrom('batches').where('id', '=', batch.id).execute();
    const pr = await t.db
      .selectFrom('printing_requests')
      .select('batch_id')
      .where('id', '=', ids.printing!)
      .executeTakeFirstOrThrow();
    expect(pr.batch_id).toBeNull();
    expect(
      await t.db.selectFrom('batch_cases').select('id').where('batch_id', '=', batch.id).execute(),
    ).toEqual([]);
  });

  it('a tech workflow of type batch needs a batch, others a patient', async () => {
    expect(await failure(() => t.db.insertInto('tech_workflows').values({ type: 'batch' }).execute())).toBe(
      CHECK,
    );
    expect(
      await failure(() => t.db.insertInto('tech_workflows').values({ type: 'printing_request' }).execute()),
    ).toBe(CHECK);
    await t.db.insertInto('tech_workflows').values({ type: 'batch', batch_id: ids.batch! }).execute();
  });

  it('deleting a patient removes its Rx form, teeth, files, notes and requests', async () => {
    const org = await buildOrganization(t.db);
    const doctor = await buildUser(t.db, { password_hash: null });
    const patient = await buildPatient(t.db, { organization_id: org.id, user_id: doctor.id });
    const rx = await buildRxForm(t.db, {
      organization_id: org.id,
      user_id: doctor.id,
      patient_id: patient.id,
    });
    const request = await buildCustomerRequest(t.db, { organization_id: org.id, patient_id: patient.id });
    const pr = await t.db
      .insertInto('printing_requests')
      .values({ customer_request_id: request.id, patient_id: patient.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('printing_request_items')
      .values({ printing_request_id: pr.id, jaw_type_id: 3 })
      .execute();
    await t.db
      .insertInto('case_notes')
      .values({ patient_id: patient.id, author_type: 'doctor', author_name: 'Dr', message: 'Hi' })
      .execute();
    await t.db
      .insertInto('on_hold_notes')
      .values({ patient_id: patient.id, name: 'Dr', note: 'Waiting for scans', is_on_hold_reason: true })
      .execute();
    await t.db.deleteFrom('patients').where('id', '=', patient.id).execute();
    expect(await t.db.selectFrom('rx_forms').select('id').where('id', '=', rx.id).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('rx_form_teeth').select('tooth').where('rx_form_id', '=', rx.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('customer_requests').select('id').where('patient_id', '=', patient.id).execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('printing_request_items')
        .select('id')
        .where('printing_request_id', '=', pr.id)
        .execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('case_notes').select('id').where('patient_id', '=', patient.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('on_hold_notes').select('id').where('patient_id', '=', patient.id).execute(),
    ).toEqual([]);
  });
});

describe('audit_log', () => {
  it('accepts new rows but refuses updates and deletes', async () => {
    const row = await t.db
      .insertInto('audit_log')
      .values({
        action: 'patients.view',
        outcome: 'success',
        entity_type: 'patient',
        entity_id: String(ids.patient),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      await failure(() =>
        t.db.updateTable('audit_log').set({ outcome: 'failure' }).where('id', '=', row.id).execute(),
      ),
    ).toBe(RAISED);
    expect(await failure(() => t.db.deleteFrom('audit_log').where('id', '=', row.id).execute())).toBe(RAISED);
    expect(await failure(() => sql`truncate audit_log`.execute(t.db))).toBe(RAISED);
    const still = await t.db
      .selectFrom('audit_log')
      .select('outcome')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(still.outcome).toBe('success');
  });
});

describe('patient name search', () => {
  it('matches part of the full name and case number through search_name', async () => {
    const org = await buildOrganization(t.db);
    const doctor = await buildUser(t.db, { password_hash: null });
    await buildPatient(t.db, {
      organization_id: org.id,
      user_id: doctor.id,
      first_name: 'Emma',
      last_name: 'Johnson',
      case_number_text: 'BS-1001',
    });
    await buildPatient(t.db, {
      organization_id: org.id,
      user_id: doctor.id,
      first_name: 'Liam',
      last_name: 'Garcia',
    });
    const find = (q: string) =>
      t.db
        .selectFrom('patients')
        .select('last_name')
        .where('organization_id', '=', org.id)
        .where('search_name', 'ilike', `%${q}%`)
        .execute();
    expect((await find('ma john')).map((p) => p.last_name)).toEqual(['Johnson']);
    expect((await find('bs-10')).map((p) => p.last_name)).toEqual(['Johnson']);
    expect((await find('garc')).map((p) => p.last_name)).toEqual(['Garcia']);
  });
});
