import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_LAYOUT,
  INITIAL_CASE_SETUP_STEPS,
  onboardingBlocksCaseEntry,
  RX_FORM_STATUS_NAMES,
  TOOTH_KEYS,
  rxFormFees,
  rxFormLabel,
  type LayoutItem,
  type RxForm,
  type RxFormLocation,
  type RxFormPricing,
} from '@archline/contracts';
import type { DB } from '../../db/schema.ts';
import { fullAddress } from '../../db/columns.ts';
import { patientScopeSql, type PatientScope } from '../../platform/permissions/patient-scope.ts';

type Db = Kysely<DB>;

const json = (v: unknown) => JSON.stringify(v);
const parsed = <T>(v: unknown, fallback: T): T =>
  v === null || v === undefined ? fallback : ((typeof v === 'string' ? JSON.parse(v) : v) as T);
const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();
const day = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? v.toISOString().slice(0, 10)
      : String(v).slice(0, 10);

// ---------------------------------------------------------------------------------------------
// The organization's case-entry context
// ---------------------------------------------------------------------------------------------

export interface OrganizationCaseContext {
  id: number;
  name: string;
  enableCustomBracketSets: boolean;
  contractSuspended: boolean;
  onboardingIncomplete: boolean;
  preference: {
    rush_case_enabled: boolean;
    hidden_fields: string[];
    initial_setup_assignments: number[];
    print_assignments: number[];
    insert_brackets_assignments: number[];
  };
  layout: { id: number | null; form_data: LayoutItem[] };
  pricing: RxFormPricing & { custom_rxform: { id: string; options?: { id: string; price?: number }[] }[] };
}

/** Everything POST /rx-forms needs to know about the organization (a handful of point reads). */
export async function organizationCaseContext(
  db: Db,
  organizationId: number,
): Promise<OrganizationCaseContext | null> {
  const org = await db
    .selectFrom('organizations as o')
    .leftJoin('organization_preferences as p', 'p.organization_id', 'o.id')
    .leftJoin('contracts as c', 'c.organization_id', 'o.id')
    .leftJoin('onboardings as ob', 'ob.organization_id', 'o.id')
    .select([
      'o.id',
      'o.name',
      'o.enable_custom_bracket_sets',
      'c.suspended_at',
      'ob.status as onboarding_status',
      'ob.current_step as onboarding_step',
      'p.rush_case_enabled',
      'p.hidden_fields',
      'p.initial_setup_assignments',
      'p.print_assignments',
      'p.insert_brackets_assignments',
    ])
    .where('o.id', '=', organizationId)
    .executeTakeFirst();
  if (!org) return null;
  const [layouts, pricings] = await Promise.all([
    db
      .selectFrom('form_builder_layouts')
      .select(['id', 'organization_id', 'form_data'])
      .where((eb) => eb.or([eb('organization_id', '=', organizationId), eb('organization_id', 'is', null)]))
      .execute(),
    db
      .selectFrom('pricing')
      .select([
        'organization_id',
        'arch_fees',
        'root_integration',
        'root_integration_with_ai',
        'custom_rxform',
      ])
      .where((eb) => eb.or([eb('organization_id', '=', organizationId), eb('organization_id', 'is', null)]))
      .execute(),
  ]);
  const layout =
    layouts.find((l) => Number(l.organization_id) === organizationId) ??
    layouts.find((l) => l.organization_id === null);
  const price =
    pricings.find((p) => Number(p.organization_id) === organizationId) ??
    pricings.find((p) => p.organization_id === null);
  const ints = (v: unknown, d: number[]) => (Array.isArray(v) ? v.map(Number) : d);
  return {
    id: Number(org.id),
    name: org.name,
    enableCustomBracketSets: Boolean(org.enable_custom_bracket_sets),
    contractSuspended: org.suspended_at !== null && org.suspended_at !== undefined,
    onboardingIncomplete:
      org.onboarding_status !== null &&
      org.onboarding_status !== undefined &&
      onboardingBlocksCaseEntry({ status: org.onboarding_status, current_step: org.onboarding_step ?? 0 }),
    preference: {
      rush_case_enabled: Boolean(org.rush_case_enabled),
      hidden_fields: Array.isArray(org.hidden_fields) ? org.hidden_fields : [],
      initial_setup_assignments: ints(org.initial_setup_assignments, [1]),
      print_assignments: ints(org.print_assignments, [1]),
      insert_brackets_assignments: ints(org.insert_brackets_assignments, [1]),
    },
    layout: layout
      ? { id: Number(layout.id), form_data: parsed<LayoutItem[]>(layout.form_data, []) }
      : { id: null, form_data: DEFAULT_LAYOUT },
    pricing: {
      arch_fees: parsed<{ rush_case?: number }>(price?.arch_fees, {}),
      root_integration: Number(price?.root_integration ?? 0),
      root_integration_with_ai: Number(price?.root_integration_with_ai ?? 0),
      custom_rxform: parsed(price?.custom_rxform, []),
    },
  };
}

/** The hidden fields of an organization (the RxForm preference). */
export async function hiddenFieldsOf(db: Db, organizationId: number): Promise<string[]> {
  const row = await db
    .selectFrom('organization_preferences')
    .select('hidden_fields')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row?.hidden_fields ?? [];
}

// ---------------------------------------------------------------------------------------------
// Reference checks (all scoped to the organization)
// ---------------------------------------------------------------------------------------------

export async function locationIdsOf(db: Db, organizationId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('locations')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Of the locations, those assigned to the user. */
export async function assignedLocationIds(db: Db, userId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('location_user')
    .select('location_id')
    .where('user_id', '=', userId)
    .where('location_id', 'in', ids)
    .execute();
  return rows.map((r) => Number(r.location_id));
}

export async function shippingMethod(db: Db, id: number) {
  const row = await db
    .selectFrom('shipping_methods')
    .select(['id', 'available', 'transit_days'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: Number(row.id), available: row.available, transit_days: row.transit_days } : undefined;
}

export async function isDoctorOf(db: Db, organizationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organization_user as ou')
    .innerJoin('users as u', 'u.id', 'ou.user_id')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .select('u.id')
    .where('ou.organization_id', '=', organizationId)
    .where('ou.user_id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .where('r.role', '=', 'doctor')
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Which of these bracket libraries the doctor may choose: the organization's, neither hidden nor
 * removed, assigned to the doctor or to nobody (what case entry offers).
 */
export async function bracketLibraryIdsOf(
  db: Db,
  organizationId: number,
  ids: number[],
  doctorId: number | null,
): Promise<number[]> {
  if (!ids.length) return [];
  let q = db
    .selectFrom('bracket_libraries as bl')
    .select('bl.id')
    .where('bl.organization_id', '=', organizationId)
    .where('bl.deleted_at', 'is', null)
    .where('bl.hidden_at', 'is', null)
    .where('bl.id', 'in', ids);
  if (doctorId !== null)
    q = q.where(
      sql<boolean>`(exists (select 1 from bracket_library_user u where u.bracket_library_id = bl.id and u.user_id = ${doctorId})
        or not exists (select 1 from bracket_library_user u where u.bracket_library_id = bl.id))`,
    );
  const rows = await q.execute();
  return rows.map((r) => Number(r.id));
}

/** The organization's (or built-in) arch wires, not removed, assigned to the doctor or to nobody. */
export async function archWireIdsOf(
  db: Db,
  organizationId: number,
  ids: number[],
  doctorId: number | null,
): Promise<{ id: number; uploaded: boolean }[]> {
  if (!ids.length) return [];
  const rows = await offeredArchWires(db, organizationId, doctorId)
    .select(['aw.id', 'aw.organization_id'])
    .where('aw.id', 'in', ids)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), uploaded: r.organization_id !== null }));
}

/** The arch wires offered to the doctor: the organization's and the built-in ones, assigned to them or to nobody. */
function offeredArchWires(db: Db, organizationId: number, doctorId: number | null) {
  let q = db
    .selectFrom('arch_wires as aw')
    .where((eb) =>
      eb.or([eb('aw.organization_id', '=', organizationId), eb('aw.organization_id', 'is', null)]),
    )
    .where('aw.deleted_at', 'is', null);
  if (doctorId !== null)
    q = q.where(
      sql<boolean>`(exists (select 1 from arch_wire_user u where u.arch_wire_id = aw.id and u.user_id = ${doctorId})
        or not exists (select 1 from arch_wire_user u where u.arch_wire_id = aw.id))`,
    );
  return q;
}

/** Whether the doctor is offered an arch-wire library uploaded for the organization. */
export async function uploadedArchWireOffered(
  db: Db,
  organizationId: number,
  doctorId: number | null,
): Promise<boolean> {
  const row = await offeredArchWires(db, organizationId, doctorId)
    .select('aw.id')
    .where('aw.organization_id', '=', organizationId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the custom set is the organization's, not removed, and assigned to the doctor. */
export async function customSetOf(
  db: Db,
  organizationId: number,
  id: number,
  doctorId: number | null,
): Promise<boolean> {
  let q = db
    .selectFrom('custom_bracket_sets as s')
    .select('s.id')
    .where('s.organization_id', '=', organizationId)
    .where('s.id', '=', id)
    .where('s.deleted_at', 'is', null);
  if (doctorId !== null)
    q = q.where(
      sql<boolean>`exists (select 1 from custom_bracket_set_user u where u.custom_bracket_set_id = s.id and u.user_id = ${doctorId})`,
    );
  return Boolean(await q.executeTakeFirst());
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/** Serializes case creation per organization (the similar-patient suffix). */
export async function lockOrganizationCases(db: Db, organizationId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(742100, ${organizationId}::int)`.execute(db);
}

/** Patients with the same first name, last name and case number (case-insensitive) in the organization. */
export async function similarPatients(
  db: Db,
  organizationId: number,
  p: { first_name: string; last_name: string; case_number_text: string | null },
): Promise<{ count: number; maxSuffix: number }> {
  const row = await db
    .selectFrom('patients')
    .select([
      sql<string>`count(*)`.as('count'),
      sql<number | null>`max(coalesce(numeric_suffix, 1))`.as('max_suffix'),
    ])
    .where('organization_id', '=', organizationId)
    .where(sql`lower(first_name)`, '=', p.first_name.toLowerCase())
    .where(sql`lower(last_name)`, '=', p.last_name.toLowerCase())
    .where(sql`lower(coalesce(case_number_text, ''))`, '=', (p.case_number_text ?? '').toLowerCase())
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), maxSuffix: Number(row.max_suffix ?? 0) };
}

export interface PatientInsert {
  organization_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  case_number_text: string | null;
  numeric_suffix: number | null;
  markers: unknown[];
  created_by_user_id: number;
}

export async function insertPatient(db: Db, p: PatientInsert): Promise<number> {
  const row = await db
    .insertInto('patients')
    .values({ ...p, markers: json(p.markers) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePatientMarkers(db: Db, patientId: number, markers: unknown[]): Promise<void> {
  await db
    .updateTable('patients')
    .set({ markers: json(markers), updated_at: new Date() })
    .where('id', '=', patientId)
    .execute();
}

export async function updatePatientDoctor(db: Db, patientId: number, userId: number): Promise<void> {
  await db
    .updateTable('patients')
    .set({ user_id: userId, updated_at: new Date() })
    .where('id', '=', patientId)
    .execute();
}

export type RxFormColumns = {
  organization_id: number;
  patient_id: number;
  user_id: number;
  created_by_user_id: number;
  location_id: number;
  shipping_location_id: number | null;
  shipping_method_id: number | null;
  form_builder_layout_id: number | null;
  custom_bracket_set_id: number | null;
  submitted_at: Date | null;
  submission_completed_by: number;
  saved_for_later: boolean;
  scan_submission_type: number;
  scanner_type: number;
  custom_scanner_type_name: string | null;
  root_integration_type: number;
  print_assignment: number;
  tray_design_assignment: number | null;
  insert_brackets_assignment: number;
  initial_setup_assignment: number;
  jaws_id: number;
  export_type: number;
  bonding_date: string | null;
  intraoral_scan_date: string;
  rush_case: boolean;
  rush_case_authorized_by: string | null;
  custom_setup: boolean;
  special_instructions: string | null;
  metadata: Record<string, unknown>;
};

export async function insertRxForm(db: Db, c: RxFormColumns): Promise<number> {
  const row = await db
    .insertInto('rx_forms')
    .values({ ...c, metadata: json(c.metadata) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRxForm(
  db: Db,
  id: number,
  c: Partial<Omit<RxFormColumns, 'metadata'>> & { metadata?: Record<string, unknown> },
): Promise<void> {
  const { metadata, ...rest } = c;
  await db
    .updateTable('rx_forms')
    .set({ ...rest, ...(metadata ? { metadata: json(metadata) } : {}), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function setTeeth(db: Db, rxFormId: number, teeth: Record<string, number>): Promise<void> {
  await db.deleteFrom('rx_form_teeth').where('rx_form_id', '=', rxFormId).execute();
  await db
    .insertInto('rx_form_teeth')
    .values(TOOTH_KEYS.map((tooth) => ({ rx_form_id: rxFormId, tooth, value: teeth[tooth] ?? 0 })))
    .execute();
}

export async function setBracketLibraries(db: Db, rxFormId: number, ids: number[]): Promise<void> {
  await db.deleteFrom('rx_form_bracket_libraries').where('rx_form_id', '=', rxFormId).execute();
  if (ids.length)
    await db
      .insertInto('rx_form_bracket_libraries')
      .values(ids.map((bracket_library_id) => ({ rx_form_id: rxFormId, bracket_library_id })))
      .execute();
}

export async function setArchWires(db: Db, rxFormId: number, ids: number[]): Promise<void> {
  await db.deleteFrom('rx_form_arch_wires').where('rx_form_id', '=', rxFormId).execute();
  if (ids.length)
    await db
      .insertInto('rx_form_arch_wires')
      .values(ids.map((arch_wire_id) => ({ rx_form_id: rxFormId, arch_wire_id })))
      .execute();
}

export async function setCustomFieldValues(
  db: Db,
  rxFormId: number,
  values: { control_id: string; custom_system_name: string; value: unknown; fee: number | null }[],
): Promise<void> {
  await db.deleteFrom('rx_form_custom_field_values').where('rx_form_id', '=', rxFormId).execute();
  if (values.length)
    await db
      .insertInto('rx_form_custom_field_values')
      .values(
        values.map((v) => ({
          rx_form_id: rxFormId,
          control_id: v.control_id,
          custom_system_name: v.custom_system_name,
          value: json(v.value ?? null),
          fee: v.fee,
        })),
      )
      .execute();
}

/**
 * The initial case setup request in status New with its technician workflow: S1..S5 then QA,
 * each process the prerequisite of the next.
 */
export async function insertInitialCaseSetup(
  db: Db,
  input: { organization_id: number; patient_id: number; created_by_user_id: number },
): Promise<{ customerRequestId: number; workflowId: number }> {
  const request = await db
    .insertInto('customer_requests')
    .values({ ...input, status_id: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const workflow = await db
    .insertInto('tech_workflows')
    .values({ type: 'initial_case_setup', patient_id: input.patient_id, customer_request_id: request.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tech_workflow_processes')
    .values(
      INITIAL_CASE_SETUP_STEPS.map((process, i) => ({ tech_workflow_id: workflow.id, step: i + 1, process })),
    )
    .execute();
  // Each step waits for the one before it: one statement for the whole chain.
  await db
    .updateTable('tech_workflow_processes as p')
    .from('tech_workflow_processes as prev')
    .set((eb) => ({ prerequisite_process_id: eb.ref('prev.id') }))
    .whereRef('prev.tech_workflow_id', '=', 'p.tech_workflow_id')
    .where('prev.step', '=', sql<number>`p.step - 1`)
    .where('p.tech_workflow_id', '=', workflow.id)
    .execute();
  return { customerRequestId: Number(request.id), workflowId: Number(workflow.id) };
}

export async function hasInitialCaseSetup(db: Db, patientId: number): Promise<boolean> {
  const row = await db
    .selectFrom('tech_workflows')
    .select('id')
    .where('patient_id', '=', patientId)
    .where('type', '=', 'initial_case_setup')
    .executeTakeFirst();
  return Boolean(row);
}

export async function markReady(db: Db, id: number): Promise<boolean> {
  const res = await db
    .updateTable('rx_forms')
    .set({ ready_at: new Date(), status_id: 3, status_updated_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('ready_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The patient's file counts and STL tags (the file rules of a PATCH). */
export async function patientFilesSummary(db: Db, patientId: number) {
  const rows = await db
    .selectFrom('patient_files')
    .select(['id', 'patient_file_type_id', 'original_name', 'tag'])
    .where('patient_id', '=', patientId)
    .where('patient_file_type_id', 'in', [2, 3, 4])
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    type: Number(r.patient_file_type_id),
    name: r.original_name,
    tag: r.tag,
  }));
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export type { PatientScope };

const locationColumns = (alias: 'l' | 'sl') =>
  sql<RawLocation | null>`case when ${sql.ref(`${alias}.id`)} is null then null else json_build_object(
    'id', ${sql.ref(`${alias}.id`)}, 'location_name', ${sql.ref(`${alias}.location_name`)},
    'street_address', ${sql.ref(`${alias}.street_address`)}, 'street_address_line_2', ${sql.ref(`${alias}.street_address_line_2`)},
    'city', ${sql.ref(`${alias}.city`)}, 'state', ${sql.ref(`${alias}.state`)}, 'country', ${sql.ref(`${alias}.country`)},
    'zip_code', ${sql.ref(`${alias}.zip_code`)}, 'phone_number', ${sql.ref(`${alias}.phone_number`)},
    'timezone_offset', ${sql.ref(`${alias}.timezone_offset`)}) end`;

type RawLocation = Omit<RxFormLocation, 'full_address'>;

function toLocation(raw: unknown): RxFormLocation | null {
  const l = parsed<RawLocation | null>(raw, null);
  if (!l) return null;
  return {
    ...l,
    id: Number(l.id),
    street_address_line_2: l.street_address_line_2 ?? null,
    timezone_offset:
      l.timezone_offset === null || l.timezone_offset === undefined ? null : Number(l.timezone_offset),
    full_address: fullAddress(l),
  };
}

/** One Rx form with everything GET /rx-forms/{id} shows: one query. */
export async function findRxForm(db: Db, id: number, scope: PatientScope) {
  let q = db
    .selectFrom('rx_forms as r')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .innerJoin('users as d', 'd.id', 'r.user_id')
    .leftJoin('users as cb', 'cb.id', 'r.created_by_user_id')
    .leftJoin('locations as l', 'l.id', 'r.location_id')
    .leftJoin('locations as sl', 'sl.id', 'r.shipping_location_id')
    .leftJoin('shipping_methods as sm', 'sm.id', 'r.shipping_method_id')
    .leftJoin('custom_bracket_sets as cs', 'cs.id', 'r.custom_bracket_set_id')
    .leftJoin('form_builder_layouts as fb', 'fb.id', 'r.form_builder_layout_id')
    .leftJoin('patients as p', 'p.id', 'r.patient_id')
    .selectAll('r')
    .select([
      'o.name as organization_name',
      'o.account_number as organization_account_number',
      sql<string>`d.first_name || ' ' || d.last_name`.as('doctor_name'),
      sql<string | null>`cb.first_name || ' ' || cb.last_name`.as('created_by_name'),
      locationColumns('l').as('location'),
      locationColumns('sl').as('shipping_location'),
      'sm.id_string as shipping_method_key',
      'sm.name as shipping_method_name',
      'cs.name as custom_set_name',
      'fb.form_data',
      'p.first_name as patient_first_name',
      'p.last_name as patient_last_name',
      'p.deleted_at as patient_deleted_at',
      sql<
        Record<string, number>
      >`coalesce((select json_object_agg(t.tooth, t.value) from rx_form_teeth t where t.rx_form_id = r.id), '{}'::json)`.as(
        'teeth',
      ),
      sql<unknown>`coalesce((select json_agg(json_build_object('id', b.id, 'label', b.label, 'file_name', b.file_name) order by b.label, b.id)
        from rx_form_bracket_libraries rb join bracket_libraries b on b.id = rb.bracket_library_id where rb.rx_form_id = r.id), '[]'::json)`.as(
        'bracket_libraries',
      ),
      sql<unknown>`coalesce((select json_agg(json_build_object('id', w.id, 'label', w.label, 'file_name', w.file_name) order by w.label, w.id)
        from rx_form_arch_wires rw join arch_wires w on w.id = rw.arch_wire_id where rw.rx_form_id = r.id), '[]'::json)`.as(
        'arch_wires',
      ),
      sql<unknown>`coalesce((select json_object_agg(coalesce(v.custom_system_name, v.control_id), v.value)
        from rx_form_custom_field_values v where v.rx_form_id = r.id), '{}'::json)`.as('custom_field_values'),
    ])
    .where('r.id', '=', id);
  q = q.where(patientScopeSql(scope, { patient: 'p', rx: 'r' }));
  return q.executeTakeFirst();
}

export type RxFormRow = NonNullable<Awaited<ReturnType<typeof findRxForm>>>;

export function toRxForm(row: RxFormRow, pricing: RxFormPricing): RxForm {
  const metadata = parsed<Record<string, unknown>>(row.metadata, {});
  const saved = metadata.saved_for_later as
    { name: string; reason: string; notify_office?: boolean; saved_at: string } | undefined;
  const named = (v: unknown) =>
    parsed<{ id: number; label: string; file_name: string }[]>(v, []).map((x) => ({
      ...x,
      id: Number(x.id),
    }));
  const teethRaw = parsed<Record<string, number>>(row.teeth, {});
  const teeth = Object.fromEntries(TOOTH_KEYS.map((k) => [k, Number(teethRaw[k] ?? 0)]));
  const cancelled_at = iso(row.cancelled_at);
  const ready_at = iso(row.ready_at);
  const completed_at = iso(row.completed_at);
  const easyRx = row.easy_rx_prescription_id;
  return {
    id: Number(row.id),
    organization_id: Number(row.organization_id),
    patient_id: row.patient_id === null ? null : Number(row.patient_id),
    user_id: Number(row.user_id),
    created_by_user_id: row.created_by_user_id === null ? null : Number(row.created_by_user_id),
    status_id: row.status_id,
    status: RX_FORM_STATUS_NAMES[row.status_id] ?? String(row.status_id),
    status_updated_at: iso(row.status_updated_at)!,
    label: rxFormLabel({ cancelled_at, ready_at, completed_at }).label,
    can_notify_doctor: !ready_at && !cancelled_at && row.submission_completed_by === 1,
    submitted_at: iso(row.submitted_at),
    ready_at,
    completed_at,
    cancelled_at,
    submission_completed_by: row.submission_completed_by,
    saved_for_later: row.saved_for_later,
    saved_for_later_info: saved
      ? {
          name: saved.name,
          reason: saved.reason,
          notify_office: Boolean(saved.notify_office),
          saved_at: saved.saved_at,
        }
      : null,
    scan_submission_type: row.scan_submission_type,
    scanner_type: row.scanner_type,
    custom_scanner_type_name: row.custom_scanner_type_name,
    root_integration_type: row.root_integration_type,
    has_root_integration: row.root_integration_type !== 0,
    initial_setup_assignment: row.initial_setup_assignment,
    print_assignment: row.print_assignment,
    tray_design_assignment: row.tray_design_assignment,
    insert_brackets_assignment: row.insert_brackets_assignment,
    jaws_id: row.jaws_id,
    export_type: row.export_type,
    version: row.version,
    bonding_date: day(row.bonding_date),
    intraoral_scan_date: day(row.intraoral_scan_date),
    rush_case: row.rush_case,
    rush_case_authorized_by: row.rush_case_authorized_by,
    custom_setup: row.custom_setup,
    special_instructions: row.special_instructions,
    teeth,
    location_id: row.location_id === null ? null : Number(row.location_id),
    shipping_location_id: row.shipping_location_id === null ? null : Number(row.shipping_location_id),
    shipping_method_id: row.shipping_method_id === null ? null : Number(row.shipping_method_id),
    custom_bracket_set_id: row.custom_bracket_set_id === null ? null : Number(row.custom_bracket_set_id),
    form_builder_layout_id: row.form_builder_layout_id === null ? null : Number(row.form_builder_layout_id),
    organization: {
      id: Number(row.organization_id),
      name: row.organization_name,
      account_number: row.organization_account_number,
    },
    location: toLocation(row.location),
    shipping_location: toLocation(row.shipping_location),
    shipping_method:
      row.shipping_method_id === null || !row.shipping_method_key
        ? null
        : {
            id: Number(row.shipping_method_id),
            id_string: row.shipping_method_key,
            name: row.shipping_method_name!,
          },
    bracket_libraries: named(row.bracket_libraries),
    custom_bracket_set:
      row.custom_bracket_set_id === null || !row.custom_set_name
        ? null
        : { id: Number(row.custom_bracket_set_id), name: row.custom_set_name },
    arch_wires: named(row.arch_wires),
    user: { id: Number(row.user_id), full_name: row.doctor_name },
    created_by_user:
      row.created_by_user_id === null || !row.created_by_name
        ? null
        : { id: Number(row.created_by_user_id), full_name: row.created_by_name },
    form_builder_data:
      row.form_builder_layout_id === null
        ? null
        : { id: Number(row.form_builder_layout_id), form_data: parsed<unknown[]>(row.form_data, []) },
    custom_field_values: parsed<Record<string, unknown>>(row.custom_field_values, {}),
    fees: rxFormFees(
      { rush_case: row.rush_case, jaws_id: row.jaws_id, root_integration_type: row.root_integration_type },
      pricing,
    ),
    easy_rx_case: easyRx ? { prescription_id: easyRx } : null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

/** A live case whose initial setup has waited for its doctor's approval since `ready_at`. */
export interface AwaitingApproval {
  patient_id: number;
  organization_id: number;
  doctor_id: number;
  first_name: string;
  last_name: string;
  ready_at: Date;
}

/**
 * The cases awaiting their doctor's approval since `readyBefore` or earlier: ready, neither
 * approved nor cancelled, active, not archived and not on hold, in an organization neither archived
 * nor disabled, with a doctor whose account is active; by organization, doctor and readiness.
 */
export async function casesAwaitingApproval(db: Db, readyBefore: Date): Promise<AwaitingApproval[]> {
  const rows = await db
    .selectFrom('rx_forms as rx')
    .innerJoin('patients as p', (j) =>
      j.onRef('p.id', '=', 'rx.patient_id').onRef('p.organization_id', '=', 'rx.organization_id'),
    )
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('organizations as o', 'o.id', 'p.organization_id')
    .select([
      'p.id as patient_id',
      'p.organization_id',
      'p.user_id as doctor_id',
      'p.first_name',
      'p.last_name',
      'rx.ready_at',
    ])
    .where('rx.ready_at', '<=', readyBefore)
    .where('rx.completed_at', 'is', null)
    .where('rx.cancelled_at', 'is', null)
    .where('p.patient_status_id', '=', 1)
    .where('p.deleted_at', 'is', null)
    .where('p.held_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .where('u.removed_at', 'is', null)
    .where('o.deleted_at', 'is', null)
    .where('o.disabled_at', 'is', null)
    .orderBy('p.organization_id')
    .orderBy('p.user_id')
    .orderBy('rx.ready_at')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    patient_id: Number(r.patient_id),
    organization_id: Number(r.organization_id),
    doctor_id: Number(r.doctor_id),
    first_name: r.first_name,
    last_name: r.last_name,
    ready_at: r.ready_at!,
  }));
}

/**
 * Claims the day's reminder of a doctor in an organization: true when this call recorded it,
 * false when the doctor was already reminded that day.
 */
export async function claimApprovalReminder(
  db: Db,
  r: { organization_id: number; user_id: number; day: string; cases: number },
): Promise<boolean> {
  const row = await db
    .insertInto('approval_reminders')
    .values(r)
    .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'day']).doNothing())
    .returning('day')
    .executeTakeFirst();
  return row !== undefined;
}
