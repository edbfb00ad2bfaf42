import {
  ASSIGNMENT_FIELDS,
  BUSINESS_DAY_MESSAGES,
  MODIFIABLE_CASE_FIELDS,
  PATIENT_FILE_TYPES,
  ARCH_WIRE_CHOICE_MESSAGES,
  RX_FORM_MESSAGES,
  customControls,
  customControlsSchema,
  hiddenValueFields,
  isValidBusinessDate,
  markersFor,
  rxFormErrors,
  rxFormSchema,
  type CreateRxFormRequest,
  type LayoutItem,
  type ModificationRules,
  type PatientFileTag,
  type PatientFileTypeId,
  type RxForm,
  type RxFormValues,
  type RxFormValuesInput,
  type UpdateRxFormRequest,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { can } from '../../platform/permissions/index.ts';
import { notifyUser, usersToNotify } from '../notifications/service.ts';
import { caseAssignmentDefaults } from '../organizations/service.ts';
import { attachUploadsToPatient } from '../patient-files/service.ts';
import { canSelectDoctor, seesOrganization } from '../../platform/permissions/organization-scope.ts';
import * as repo from './repository.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { patientScopeOf } from '../../platform/permissions/patient-scope.ts';

type CreateInput = z.output<typeof CreateRxFormRequest>;
type UpdateInput = z.output<typeof UpdateRxFormRequest>;

// ---------------------------------------------------------------------------------------------
// Gates
// ---------------------------------------------------------------------------------------------

/**
 * Starting a case: management with rx-forms.manage for any organization in its scope; practice
 * members of the organization unless onboarding is incomplete (status not Completed and step
 * below 8) or the contract is suspended. Technicians and lab partners may not.
 */
function assertMayCreate(actor: Actor, org: repo.OrganizationCaseContext): void {
  if (actor.profile === 'management') {
    if (!can(actor, 'rx-forms.manage')) throw forbidden(RX_FORM_MESSAGES.cannotCreate);
    return;
  }
  if (org.onboardingIncomplete) throw forbidden(RX_FORM_MESSAGES.onboarding);
  if (org.contractSuspended) throw forbidden(RX_FORM_MESSAGES.contractSuspended);
}

function mayChangeAssignments(actor: Actor, organizationId: number): boolean {
  if (actor.profile === 'management') return can(actor, 'rx-forms.assign');
  return can(actor, 'organization.rx-forms.assign') && actor.currentOrganizationId === organizationId;
}

function mayModify(actor: Actor, organizationId: number): boolean {
  if (actor.profile === 'management') return can(actor, 'rx-forms.manage', 'rx-forms.update-management-data');
  return actor.organizationIds.includes(organizationId);
}

function mayMarkAsReady(actor: Actor, organizationId: number): boolean {
  if (actor.profile === 'management')
    return can(actor, 'rx-forms.manage', 'rx-forms.mark-as-ready', 'organization.rx-forms.mark-as-ready');
  return can(actor, 'organization.rx-forms.mark-as-ready') && actor.currentOrganizationId === organizationId;
}

/**
 * Which fields may change now (metadata.modification_rules): nothing once cancelled or archived;
 * assignments only while the status is New and with the assign permission; the other case fields
 * for the organization's members and management with rx-forms.manage / update-management-data;
 * the doctor only with doctor selection; hidden fields never.
 */
export function modificationRules(
  actor: Actor,
  form: {
    organization_id: number;
    status_id: number;
    cancelled_at: unknown;
    completed_at: unknown;
    patient_deleted_at: unknown;
  },
  hiddenFields: readonly string[],
): ModificationRules {
  const show_approved_warning = Boolean(form.completed_at);
  const none = (reason: string | null): ModificationRules => ({
    can_modify: false,
    can_change_assignments: false,
    modifiable_fields: [],
    show_approved_warning,
    reason,
  });
  if (form.cancelled_at) return none(RX_FORM_MESSAGES.cancelled);
  if (form.patient_deleted_at) return none(RX_FORM_MESSAGES.patientArchived);
  const hidden = hiddenValueFields(hiddenFields);
  const canModify = mayModify(actor, form.organization_id);
  const canAssign = form.status_id === 1 && mayChangeAssignments(actor, form.organization_id);
  const fields: string[] = [];
  if (canModify)
    for (const f of MODIFIABLE_CASE_FIELDS) {
      if (hidden.has(f)) continue;
      if (f === 'user_id' && !canSelectDoctor(actor, form.organization_id)) continue;
      fields.push(f);
    }
  if (canAssign) for (const f of ASSIGNMENT_FIELDS) if (!hidden.has(f)) fields.push(f);
  return {
    can_modify: canModify,
    can_change_assignments: canAssign,
    modifiable_fields: fields,
    show_approved_warning,
    reason: canModify || canAssign ? null : RX_FORM_MESSAGES.cannotModify,
  };
}

// ---------------------------------------------------------------------------------------------
// Shared checks
// ---------------------------------------------------------------------------------------------

function failWith(errors: Record<string, string[]>): never {
  const first = Object.values(errors)[0]?.[0] ?? RX_FORM_MESSAGES.invalidSelection;
  throw unprocessable(first, errors);
}

/** Practice users without organization.locations.view-any choose among their assigned locations. */
function locationRestriction(actor: Actor, organizationId: number): number | null {
  if (actor.profile === 'management') return null;
  if (can(actor, 'organization.locations.view-any') && actor.currentOrganizationId === organizationId)
    return null;
  return actor.userId;
}

/** The references of the values must belong to the organization (checked on what is set). */
async function checkReferences(
  db: Kysely<DB>,
  organizationId: number,
  v: RxFormValues,
  opts: {
    now: Date;
    only?: Set<string>;
    customSetsEnabled: boolean;
    assignedToUserId?: number | null;
    /** The case's doctor: libraries, wires and sets must be offered to them. */
    doctorId: number | null;
  },
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const want = (f: string) => !opts.only || opts.only.has(f);
  const add = (f: string, m: string) => (errors[f] ??= []).push(m);
  if (want('user_id') && v.user_id && !(await repo.isDoctorOf(db, organizationId, v.user_id)))
    add('user_id', RX_FORM_MESSAGES.invalidSelection);
  const locIds = [v.location_id, v.shipping_location_id].filter((x): x is number => Boolean(x));
  let found = new Set(await repo.locationIdsOf(db, organizationId, locIds));
  // Practice users without organization.locations.view-any use their assigned locations.
  if (opts.assignedToUserId)
    found = new Set(await repo.assignedLocationIds(db, opts.assignedToUserId, [...found]));
  if (want('location_id') && !found.has(v.location_id)) add('location_id', RX_FORM_MESSAGES.invalidSelection);
  if (want('shipping_location_id') && v.shipping_location_id && !found.has(v.shipping_location_id))
    add('shipping_location_id', RX_FORM_MESSAGES.invalidSelection);
  let transitDays = 0;
  if (v.shipping_method) {
    const method = await repo.shippingMethod(db, v.shipping_method);
    if (!method || (want('shipping_method') && !method.available))
      add('shipping_method', RX_FORM_MESSAGES.invalidSelection);
    else transitDays = method.transit_days;
  }
  if (want('bracket_libraries') && v.bracket_libraries.length) {
    const ok = await repo.bracketLibraryIdsOf(db, organizationId, v.bracket_libraries, opts.doctorId);
    if (ok.length !== new Set(v.bracket_libraries).size)
      add('bracket_libraries', RX_FORM_MESSAGES.invalidSelection);
  }
  if (want('custom_bracket_set_id') && v.custom_bracket_set_id) {
    if (
      !opts.customSetsEnabled ||
      !(await repo.customSetOf(db, organizationId, v.custom_bracket_set_id, opts.doctorId))
    )
      add('custom_bracket_set_id', RX_FORM_MESSAGES.invalidSelection);
  }
  if (want('arch_wires') && v.arch_wires.length) {
    const ok = await repo.archWireIdsOf(db, organizationId, v.arch_wires, opts.doctorId);
    if (ok.length !== new Set(v.arch_wires).size) add('arch_wires', RX_FORM_MESSAGES.invalidSelection);
    // While the doctor is offered uploaded arch wires, the built-in ones cannot be chosen.
    else if (
      ok.some((w) => !w.uploaded) &&
      (await repo.uploadedArchWireOffered(db, organizationId, opts.doctorId))
    )
      add('arch_wires', ARCH_WIRE_CHOICE_MESSAGES.builtInRefused);
  }
  if (
    (want('bonding_date') || want('shipping_method')) &&
    v.bonding_date &&
    !isValidBusinessDate(v.bonding_date, opts.now, { transitDays })
  )
    add('bonding_date', BUSINESS_DAY_MESSAGES.invalidBusinessDate);
  if (Object.keys(errors).length) failWith(errors);
}

interface CustomRow {
  control_id: string;
  custom_system_name: string;
  value: unknown;
  fee: number | null;
}

/** The custom control values to store, with the fee of priced options. */
function customRows(
  layout: readonly LayoutItem[],
  values: Record<string, unknown>,
  pricing: repo.OrganizationCaseContext['pricing'],
): CustomRow[] {
  const rows: CustomRow[] = [];
  for (const control of customControls(layout)) {
    const name = control.custom_system_name;
    if (!name || !(name in values)) continue;
    const value = values[name];
    let fee: number | null = null;
    if (control.fee_enabled) {
      const priced = pricing.custom_rxform.find((c) => c.id === control.id || c.id === name);
      const chosen = Array.isArray(value) ? value.map(String) : value == null ? [] : [String(value)];
      fee = (priced?.options ?? [])
        .filter((o) => chosen.includes(String(o.id)))
        .reduce((sum, o) => sum + Number(o.price ?? 0), 0);
    }
    rows.push({ control_id: control.id, custom_system_name: name, value, fee });
  }
  return rows;
}

/** The uploads of the form, typed for the patient's file sections (custom file controls: Other Files). */
/** The rx_forms columns taken straight from the validated form, on create and on update. */
function rxFormColumns(v: RxFormValues) {
  return {
    location_id: v.location_id,
    shipping_location_id: v.shipping_location_id,
    shipping_method_id: v.shipping_method,
    custom_bracket_set_id: v.custom_bracket_set_id,
    submission_completed_by: v.submission_completed_by,
    saved_for_later: v.saved_for_later,
    scan_submission_type: v.scan_submission_type,
    scanner_type: v.scanner_type,
    custom_scanner_type_name: v.custom_scanner_type_name,
    root_integration_type: v.root_integration_type,
    print_assignment: v.print_assignment,
    tray_design_assignment: v.tray_design_assignment,
    insert_brackets_assignment: v.insert_brackets_assignment,
    initial_setup_assignment: v.initial_setup_assignment,
    jaws_id: v.jaws_id,
    export_type: v.export_type,
    bonding_date: v.bonding_date,
    intraoral_scan_date: v.intraoral_scan_date,
    rush_case: v.rush_case,
    rush_case_authorized_by: v.rush_case_authorized_by,
    custom_setup: v.custom_setup,
    special_instructions: v.special_instructions,
  };
}

function uploadsOf(v: RxFormValues, layout: readonly LayoutItem[]) {
  const uploads: { file_path: string; name: string; tag: PatientFileTag | null; type: PatientFileTypeId }[] =
    [];
  for (const f of v.stl_files)
    uploads.push({ file_path: f.file_path, name: f.name, tag: f.tag ?? null, type: PATIENT_FILE_TYPES.stl });
  for (const f of v.rx_intraoral_photos)
    uploads.push({ file_path: f.file_path, name: f.name, tag: null, type: PATIENT_FILE_TYPES.photo });
  for (const f of v.dicom_files)
    uploads.push({ file_path: f.file_path, name: f.name, tag: null, type: PATIENT_FILE_TYPES.dicom });
  for (const control of customControls(layout)) {
    if (control.system_type !== 'file' || !control.custom_system_name) continue;
    const files = v.custom_field_values[control.custom_system_name];
    if (Array.isArray(files))
      for (const f of files as { file_path?: unknown; name?: unknown }[])
        if (typeof f?.file_path === 'string' && typeof f?.name === 'string')
          uploads.push({ file_path: f.file_path, name: f.name, tag: null, type: PATIENT_FILE_TYPES.other });
  }
  return uploads;
}

function audit(
  db: Kysely<DB>,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  id: number,
  organizationId: number,
  details: Record<string, unknown>,
) {
  return recordAudit(db, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action,
    entityType: 'rx_form',
    entityId: id,
    organizationId,
    outcome: 'success',
    details,
  });
}

async function loadForm(ctx: AppContext, actor: Actor, id: number) {
  const row = await repo.findRxForm(ctx.db, id, patientScopeOf(actor));
  if (!row) throw notFound();
  return row;
}

async function present(ctx: AppContext, actor: Actor, row: repo.RxFormRow) {
  const org = (await repo.organizationCaseContext(ctx.db, Number(row.organization_id)))!;
  const rx_form = repo.toRxForm(row, org.pricing);
  const hidden_fields = org.preference.hidden_fields;
  return {
    rx_form,
    metadata: {
      modification_rules: modificationRules(
        actor,
        {
          organization_id: Number(row.organization_id),
          status_id: row.status_id,
          cancelled_at: row.cancelled_at,
          completed_at: row.completed_at,
          patient_deleted_at: row.patient_deleted_at,
        },
        hidden_fields,
      ),
      hidden_fields,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Use cases
// ---------------------------------------------------------------------------------------------

/** POST /rx-forms: the patient, its Rx form, choices, files and the initial case setup, all or nothing. */
/** The prices the case form shows for an organization, to those who may start a case there. */
export async function getCasePricing(ctx: AppContext, actor: Actor, organizationId: number) {
  if (!seesOrganization(actor, organizationId)) throw notFound();
  const org = await repo.organizationCaseContext(ctx.db, organizationId);
  if (!org) throw notFound();
  assertMayCreate(actor, org);
  const { arch_fees, root_integration, root_integration_with_ai } = org.pricing;
  return {
    pricing: {
      arch_fees: { rush_case: arch_fees.rush_case === undefined ? null : Number(arch_fees.rush_case) },
      root_integration,
      root_integration_with_ai,
    },
  };
}

/** The notification of a submitted case (a setting of users and a key of the organization). */
const SUBMISSION_NOTICE = 'initial_case_setup_request';

/**
 * Who hears that a case's initial case setup was requested: its doctor and the organization's
 * owners and managers, not the user who submitted it, each unless they turned the notice off.
 * Read before the transaction (the embedded database serves one connection).
 */
function submissionRecipients(ctx: AppContext, actor: Actor, organizationId: number, doctorId: number) {
  return usersToNotify(ctx.db, {
    organizationId,
    roles: ['organization_owner', 'organization_manager'],
    userIds: [doctorId],
    name: SUBMISSION_NOTICE,
    exceptUserId: actor.userId,
  });
}

/** Tells the recipients, in the submitting transaction, that the case's setup was requested. */
async function noticeSubmission(
  ctx: AppContext,
  trx: Kysely<DB>,
  actor: Actor,
  recipients: number[],
  c: { organizationId: number; patientId: number; patientName: string },
) {
  for (const userId of recipients)
    await notifyUser(ctx, trx, {
      userId,
      organizationId: c.organizationId,
      patientId: c.patientId,
      type: SUBMISSION_NOTICE,
      message: `The initial case setup request of ${c.patientName} has been submitted by ${actor.firstName} ${actor.lastName}.`,
      link: `/patient-details/${c.patientId}`,
    });
}

export async function createRxForm(ctx: AppContext, actor: Actor, input: CreateInput, meta: RequestMeta) {
  const organizationId = input.organization_id;
  if (!seesOrganization(actor, organizationId)) throw notFound();
  const org = await repo.organizationCaseContext(ctx.db, organizationId);
  if (!org) throw notFound();
  assertMayCreate(actor, org);

  const doctorSelection = canSelectDoctor(actor, organizationId);
  const layout = org.layout.form_data;
  const { organization_id: _o, confirmed_similar_patient, ...given } = input;
  // An assignment the form leaves out is the organization's configured default.
  const defaults = await caseAssignmentDefaults(ctx, organizationId);
  const values = {
    ...given,
    initial_setup_assignment: given.initial_setup_assignment ?? defaults.initial_setup_assignment,
    print_assignment: given.print_assignment ?? defaults.print_assignment,
    insert_brackets_assignment: given.insert_brackets_assignment ?? defaults.insert_brackets_assignment,
  };
  const parsed = rxFormSchema({
    rushCaseEnabled: org.preference.rush_case_enabled,
    hiddenFields: org.preference.hidden_fields,
    assignments: {
      initial_setup: org.preference.initial_setup_assignments,
      print: org.preference.print_assignments,
      insert_brackets: org.preference.insert_brackets_assignments,
    },
    doctorSelection,
    customFieldsSchema: customControlsSchema(layout),
  }).safeParse(values);
  if (!parsed.success) failWith(rxFormErrors(parsed.error));
  const v = parsed.data;
  const doctorId = doctorSelection ? v.user_id! : actor.userId;
  const now = new Date();
  await checkReferences(
    ctx.db,
    organizationId,
    { ...v, user_id: doctorSelection ? v.user_id : null },
    {
      now,
      customSetsEnabled: org.enableCustomBracketSets,
      assignedToUserId: locationRestriction(actor, organizationId),
      doctorId: doctorId ?? null,
    },
  );

  const markers = markersFor(layout, v.custom_field_values);
  const customs = customRows(layout, v.custom_field_values, org.pricing);
  const uploads = uploadsOf(v, layout);
  const savedInfo =
    v.saved_for_later && v.saved_for_later_info
      ? {
          name: v.saved_for_later_info.name,
          reason: v.saved_for_later_info.reason,
          notify_office: actor.profile === 'management' && v.saved_for_later_info.notify_office,
          saved_at: now.toISOString(),
        }
      : null;

  const told = v.saved_for_later ? [] : await submissionRecipients(ctx, actor, organizationId, doctorId);
  const attached = { undo: async () => {}, finish: async () => {} };
  let ids: { patientId: number; rxFormId: number; numericSuffix: number | null };
  try {
    ids = await ctx.db.transaction().execute(async (trx) => {
      await repo.lockOrganizationCases(trx, organizationId);
      const similar = await repo.similarPatients(trx, organizationId, v);
      if (similar.count > 0 && !confirmed_similar_patient)
        throw conflict(RX_FORM_MESSAGES.similarPatient, {
          first_name: [RX_FORM_MESSAGES.similarPatient],
          numeric_suffix: [String(similar.maxSuffix + 1)],
        });
      const numericSuffix = similar.count > 0 ? similar.maxSuffix + 1 : null;
      const patientId = await repo.insertPatient(trx, {
        organization_id: organizationId,
        user_id: doctorId,
        first_name: v.first_name,
        last_name: v.last_name,
        case_number_text: v.case_number_text,
        numeric_suffix: numericSuffix,
        markers,
        created_by_user_id: actor.userId,
      });
      const rxFormId = await repo.insertRxForm(trx, {
        organization_id: organizationId,
        patient_id: patientId,
        user_id: doctorId,
        created_by_user_id: actor.userId,
        ...rxFormColumns(v),
        form_builder_layout_id: org.layout.id,
        submitted_at: v.saved_for_later ? null : now,
        metadata: savedInfo ? { saved_for_later: savedInfo } : {},
      });
      await repo.setTeeth(trx, rxFormId, v.teeth);
      await repo.setBracketLibraries(trx, rxFormId, [...new Set(v.bracket_libraries)]);
      await repo.setArchWires(trx, rxFormId, [...new Set(v.arch_wires)]);
      await repo.setCustomFieldValues(trx, rxFormId, customs);
      if (!v.saved_for_later) {
        await repo.insertInitialCaseSetup(trx, {
          organization_id: organizationId,
          patient_id: patientId,
          created_by_user_id: actor.userId,
        });
        await noticeSubmission(ctx, trx, actor, told, {
          organizationId,
          patientId,
          patientName: `${v.first_name} ${v.last_name}`,
        });
      }
      Object.assign(
        attached,
        await attachUploadsToPatient(trx, ctx, {
          uploads,
          patient: { id: patientId, organization_id: organizationId },
          actor,
          meta,
        }),
      );
      if (savedInfo?.notify_office && doctorId !== actor.userId)
        await notifyUser(ctx, trx, {
          userId: doctorId,
          message: `The case of ${v.first_name} ${v.last_name} was saved for later: ${savedInfo.reason}`,
          link: `/patient-details/${patientId}`,
          patientId,
          organizationId,
        });
      await audit(trx, actor, meta, 'rx-forms.create', rxFormId, organizationId, {
        patient_id: patientId,
        saved_for_later: v.saved_for_later,
        files: uploads.length,
        numeric_suffix: numericSuffix,
      });
      if (!v.saved_for_later)
        await emitWebhookEvent(ctx, trx, organizationId, 'case.submitted', {
          patient_id: patientId,
          rx_form_id: rxFormId,
          patient_name: `${v.first_name} ${v.last_name}`,
          case_number: v.case_number_text,
          doctor_id: doctorId,
        });
      return { patientId, rxFormId, numericSuffix };
    });
  } catch (err) {
    await attached.undo();
    throw err;
  }
  await attached.finish();
  const row = await repo.findRxForm(ctx.db, ids.rxFormId, { kind: 'all', includeArchived: true });
  return {
    rx_form: repo.toRxForm(row!, org.pricing),
    patient: {
      id: ids.patientId,
      first_name: v.first_name,
      last_name: v.last_name,
      case_number_text: v.case_number_text,
      numeric_suffix: ids.numericSuffix,
    },
    message: v.saved_for_later ? RX_FORM_MESSAGES.savedForLater : RX_FORM_MESSAGES.created,
  };
}

/** GET /rx-forms/{id} */
export async function getRxForm(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const row = await loadForm(ctx, actor, id);
  const result = await present(ctx, actor, row);
  await audit(ctx.db, actor, meta, 'rx-forms.view', Number(row.id), Number(row.organization_id), {
    patient_id: row.patient_id,
  });
  return result;
}

/** POST /rx-forms/{id}/mark_as_ready: notify the doctor that the setup awaits approval. */
export async function markAsReady(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const row = await loadForm(ctx, actor, id);
  if (!mayMarkAsReady(actor, Number(row.organization_id))) throw forbidden();
  if (row.ready_at || row.cancelled_at || row.submission_completed_by !== 1)
    throw unprocessable(row.ready_at ? RX_FORM_MESSAGES.alreadyReady : RX_FORM_MESSAGES.notifyNotAvailable);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.markReady(trx, Number(row.id)))) throw unprocessable(RX_FORM_MESSAGES.alreadyReady);
    await audit(trx, actor, meta, 'rx-forms.mark-as-ready', Number(row.id), Number(row.organization_id), {
      patient_id: row.patient_id,
      doctor_id: row.user_id,
    });
    await notifyUser(ctx, trx, {
      userId: Number(row.user_id),
      message:
        `The initial setup of ${row.patient_first_name ?? ''} ${row.patient_last_name ?? ''} is ready for your approval.`.replace(
          /\s+/g,
          ' ',
        ),
      link: row.patient_id === null ? null : `/patient-details/${row.patient_id}`,
      type: 'initial_case_setup_completed',
      patientId: row.patient_id === null ? null : Number(row.patient_id),
      organizationId: Number(row.organization_id),
    });
    await emitWebhookEvent(ctx, trx, Number(row.organization_id), 'case.status_changed', {
      patient_id: row.patient_id === null ? null : Number(row.patient_id),
      rx_form_id: Number(row.id),
      patient_name: `${row.patient_first_name ?? ''} ${row.patient_last_name ?? ''}`.trim(),
      status: 'ready_for_approval',
    });
  });
  const after = (await repo.findRxForm(ctx.db, Number(row.id), { kind: 'all', includeArchived: true }))!;
  const { rx_form } = await present(ctx, actor, after);
  return { rx_form, message: RX_FORM_MESSAGES.doctorNotified };
}

/** The stored form as case-entry values (names from the patient, files from its sections). */
function valuesOf(
  row: repo.RxFormRow,
  form: RxForm,
  files: Awaited<ReturnType<typeof repo.patientFilesSummary>>,
) {
  const asFile = (f: { id: number; name: string; tag: string | null }) => ({
    file_path: `patient-file:${f.id}`,
    name: f.name,
    tag:
      f.tag === 'stl_maxillary' || f.tag === 'stl_mandibular'
        ? (f.tag as 'stl_maxillary' | 'stl_mandibular')
        : null,
  });
  const values: RxFormValuesInput = {
    user_id: form.user_id,
    // The names are changed on the patient (PUT /patients/{id}), never here.
    first_name: 'Patient',
    last_name: 'Patient',
    case_number_text: null,
    intraoral_scan_date: form.intraoral_scan_date ?? '',
    submission_completed_by: (form.submission_completed_by ?? 1) as 1 | 2,
    location_id: form.location_id ?? 0,
    rush_case: form.rush_case,
    rush_case_authorized_by: form.rush_case_authorized_by,
    scan_submission_type: (form.scan_submission_type ?? 1) as 1 | 2,
    scanner_type: form.scanner_type ?? 1,
    custom_scanner_type_name: form.custom_scanner_type_name,
    stl_files: files.filter((f) => f.type === 2).map(asFile),
    rx_intraoral_photos: files.filter((f) => f.type === 3).map(asFile),
    dicom_files: files.filter((f) => f.type === 4).map(asFile),
    special_instructions: form.special_instructions,
    jaws_id: (form.jaws_id ?? 3) as 1 | 2 | 3,
    export_type: (form.export_type ?? 1) as 1 | 2 | 3,
    initial_setup_assignment: form.initial_setup_assignment as 1 | 2 | 3,
    print_assignment: (form.print_assignment ?? 1) as 1 | 2 | 3,
    tray_design_assignment: form.tray_design_assignment as 1 | 2 | 3 | null,
    insert_brackets_assignment: (form.insert_brackets_assignment ?? 1) as 1 | 2 | 3,
    shipping_location_id: form.shipping_location_id,
    shipping_method: form.shipping_method_id,
    root_integration_type: form.root_integration_type as 0 | 1 | 2,
    bracket_libraries: form.bracket_libraries.map((b) => b.id),
    custom_bracket_set_id: form.custom_bracket_set_id,
    arch_wires: form.arch_wires.map((w) => w.id),
    bonding_date: form.bonding_date,
    teeth: form.teeth as Record<string, 0 | 1 | 2>,
    custom_setup: form.custom_setup,
    saved_for_later: form.saved_for_later,
    saved_for_later_info: form.saved_for_later_info
      ? {
          name: form.saved_for_later_info.name,
          reason: form.saved_for_later_info.reason,
          notify_office: form.saved_for_later_info.notify_office,
        }
      : null,
    form_builder_layout_id: form.form_builder_layout_id,
    custom_field_values: form.custom_field_values,
  };
  return values;
}

/** PATCH /rx-forms/{id}: the changed fields, within modification_rules and the RxForm rules. */
export async function updateRxForm(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateInput,
  meta: RequestMeta,
) {
  const row = await loadForm(ctx, actor, id);
  const organizationId = Number(row.organization_id);
  const org = (await repo.organizationCaseContext(ctx.db, organizationId))!;
  const rules = modificationRules(
    actor,
    {
      organization_id: organizationId,
      status_id: row.status_id,
      cancelled_at: row.cancelled_at,
      completed_at: row.completed_at,
      patient_deleted_at: row.patient_deleted_at,
    },
    org.preference.hidden_fields,
  );
  if (row.cancelled_at) throw unprocessable(RX_FORM_MESSAGES.cancelled);
  if (row.patient_deleted_at) throw unprocessable(RX_FORM_MESSAGES.patientArchived);
  const changed = Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined);
  if (!rules.can_modify && !rules.can_change_assignments) throw forbidden();
  const hidden = hiddenValueFields(org.preference.hidden_fields);
  const errors: Record<string, string[]> = {};
  for (const f of changed) {
    if (rules.modifiable_fields.includes(f)) continue;
    if ((ASSIGNMENT_FIELDS as readonly string[]).includes(f)) {
      if (row.status_id !== 1) errors[f] = [RX_FORM_MESSAGES.assignmentLocked];
      else throw forbidden();
    } else if (hidden.has(f)) errors[f] = [RX_FORM_MESSAGES.fieldHidden];
    else if (f === 'user_id' || (MODIFIABLE_CASE_FIELDS as readonly string[]).includes(f)) throw forbidden();
    else errors[f] = [RX_FORM_MESSAGES.fieldNotModifiable];
  }
  if (Object.keys(errors).length) failWith(errors);
  if (!changed.length) {
    const { rx_form } = await present(ctx, actor, row);
    return { rx_form, message: RX_FORM_MESSAGES.updated };
  }

  const current = repo.toRxForm(row, org.pricing);
  const files = row.patient_id === null ? [] : await repo.patientFilesSummary(ctx.db, Number(row.patient_id));
  const merged = { ...valuesOf(row, current, files), ...input } as RxFormValuesInput;
  const layout = (current.form_builder_data?.form_data as LayoutItem[] | undefined) ?? org.layout.form_data;
  const parsed = rxFormSchema({
    rushCaseEnabled:
      org.preference.rush_case_enabled || (current.rush_case && !changed.includes('rush_case')),
    hiddenFields: org.preference.hidden_fields,
    assignments: changed.some((f) => (ASSIGNMENT_FIELDS as readonly string[]).includes(f))
      ? {
          initial_setup: org.preference.initial_setup_assignments,
          print: org.preference.print_assignments,
          insert_brackets: org.preference.insert_brackets_assignments,
        }
      : undefined,
    doctorSelection: changed.includes('user_id'),
    customFieldsSchema: changed.includes('custom_field_values') ? customControlsSchema(layout) : undefined,
  }).safeParse(merged);
  if (!parsed.success) failWith(rxFormErrors(parsed.error));
  const v = parsed.data;
  // A new doctor must be offered the libraries, set and arch wires the case already holds.
  const checked = new Set(changed);
  if (changed.includes('user_id'))
    for (const f of ['bracket_libraries', 'custom_bracket_set_id', 'arch_wires']) checked.add(f);
  await checkReferences(ctx.db, organizationId, v, {
    now: new Date(),
    only: checked,
    customSetsEnabled: org.enableCustomBracketSets,
    assignedToUserId: locationRestriction(actor, organizationId),
    doctorId: v.user_id ?? (row.user_id === null ? null : Number(row.user_id)),
  });

  const submitting = current.saved_for_later && !v.saved_for_later;
  const now = new Date();
  const metadata = {
    ...(typeof row.metadata === 'object' && row.metadata ? (row.metadata as object) : {}),
  } as Record<string, unknown>;
  if (v.saved_for_later && v.saved_for_later_info && changed.includes('saved_for_later_info'))
    metadata.saved_for_later = {
      name: v.saved_for_later_info.name,
      reason: v.saved_for_later_info.reason,
      notify_office: actor.profile === 'management' && v.saved_for_later_info.notify_office,
      saved_at: now.toISOString(),
    };
  if (!v.saved_for_later) delete metadata.saved_for_later;
  const told =
    submitting && row.patient_id !== null
      ? await submissionRecipients(ctx, actor, organizationId, v.user_id ?? current.user_id)
      : [];

  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateRxForm(trx, Number(row.id), {
      user_id: v.user_id ?? current.user_id,
      ...rxFormColumns(v),
      metadata,
      ...(submitting ? { submitted_at: now } : {}),
    });
    if (changed.includes('teeth')) await repo.setTeeth(trx, Number(row.id), v.teeth);
    if (changed.includes('bracket_libraries'))
      await repo.setBracketLibraries(trx, Number(row.id), [...new Set(v.bracket_libraries)]);
    if (changed.includes('arch_wires'))
      await repo.setArchWires(trx, Number(row.id), [...new Set(v.arch_wires)]);
    if (changed.includes('custom_field_values')) {
      await repo.setCustomFieldValues(
        trx,
        Number(row.id),
        customRows(layout, v.custom_field_values, org.pricing),
      );
      if (row.patient_id !== null)
        await repo.updatePatientMarkers(
          trx,
          Number(row.patient_id),
          markersFor(layout, v.custom_field_values),
        );
    }
    if (changed.includes('user_id') && v.user_id && row.patient_id !== null)
      await repo.updatePatientDoctor(trx, Number(row.patient_id), v.user_id);
    if (
      submitting &&
      row.patient_id !== null &&
      !(await repo.hasInitialCaseSetup(trx, Number(row.patient_id)))
    ) {
      await repo.insertInitialCaseSetup(trx, {
        organization_id: organizationId,
        patient_id: Number(row.patient_id),
        created_by_user_id: actor.userId,
      });
      await noticeSubmission(ctx, trx, actor, told, {
        organizationId,
        patientId: Number(row.patient_id),
        patientName: `${row.patient_first_name ?? ''} ${row.patient_last_name ?? ''}`.trim(),
      });
    }
    await audit(trx, actor, meta, 'rx-forms.update', Number(row.id), organizationId, {
      patient_id: row.patient_id,
      fields: changed,
      submitted: submitting,
    });
    if (submitting)
      await emitWebhookEvent(ctx, trx, organizationId, 'case.submitted', {
        patient_id: row.patient_id === null ? null : Number(row.patient_id),
        rx_form_id: Number(row.id),
        patient_name: `${row.patient_first_name ?? ''} ${row.patient_last_name ?? ''}`.trim(),
        doctor_id: v.user_id ?? current.user_id,
      });
  });
  const after = (await repo.findRxForm(ctx.db, Number(row.id), { kind: 'all', includeArchived: true }))!;
  const { rx_form } = await present(ctx, actor, after);
  return { rx_form, message: RX_FORM_MESSAGES.updated };
}
