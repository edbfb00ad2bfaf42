/**
 * Patients: lists, counts, details, updates, hold / archive / delete / restore / complete, case
 * reversal, backup IOS restore. The notes of a patient are the case-notes module.
 *
 * Rules (document 1 sections 4 and 6):
 * - visibility: a patient outside the caller's scope (another organization, a lab partner's
 *   unassigned case, an archived patient without patients.view-archived) answers 404;
 * - gates: PATIENT_ACTION_GATES (contracts), 403 'This action is unauthorized.';
 * - state: hold, archive and delete of a case whose setup was approved (Rx form completed_at)
 *   answer 422 with the completed-setup notice for non-management callers; delete also needs
 *   allow_delete; restore needs deleted_at; complete needs status 1; case reversal needs the
 *   compliance check to pass.
 */
import {
  CASE_REVERSAL_WARNINGS,
  REQUEST_STATUS,
  SHIPPING_VIEW_PERMISSIONS,
  PATIENT_MESSAGES,
  PATIENT_NOTE_FIELDS,
  PATIENTS_MANAGEMENT_PAGE_SIZE,
  PATIENTS_TOTAL_CAP,
  PATIENTS_PRACTICE_PAGE_SIZE,
  NEWEST_FIRST_STATUSES,
  applyNameCorrection,
  canNotifyDoctor,
  rangeInstants,
  canPatientAction,
  defaultHeldFilter,
  needsCompletedSetupNotice,
  patientNoteAccess,
  type ArchivePatientRequest,
  type CheckSimilarPatientQuery,
  type DeletePatientRequest,
  type ListPatientsFilters,
  type PatientAction,
  type PatientDetails,
  type PatientListStatus,
  type PatientNoteField,
  type PatientSort,
  type ToggleHoldRequest,
  type UpdatePatientRequest,
  type CaseReversalRequest,
  TOOTH_KEYS,
  type ListPatientsResponse,
} from '@archline/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { forbidden, notFound, unprocessable, fieldError } from '../../platform/http/errors.ts';
import {
  organizationExists,
  requireVisibleOrganization,
} from '../../platform/permissions/organization-scope.ts';
import {
  patientScopeOf,
  patientScopeReaches,
  type PatientScope,
} from '../../platform/permissions/patient-scope.ts';
import { can } from '../../platform/permissions/index.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { lastPage, totalOf } from '../../platform/http/paginate.ts';
import { prebuiltJson } from '../../platform/http/serializer.ts';
import {
  BoundedCache,
  dataVersion,
  type ConditionalAnswer,
  entityTag,
  matchesIfNoneMatch,
  type VersionScope,
} from '../../platform/http/conditional.ts';
import { publicSettings } from '../auth/service.ts';
import { recordOnHoldNote } from '../case-notes/service.ts';
import { notifyUser } from '../notifications/service.ts';
import { overallProductionTimes } from '../tech-workflows/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { actorName, assertLive, auditPatient, gate, isManagement, loadPatient } from './access.ts';
import * as repo from './repository.ts';

type UpdateInput = z.output<typeof UpdatePatientRequest>;
type HoldInput = z.output<typeof ToggleHoldRequest>;
type ArchiveInput = z.output<typeof ArchivePatientRequest>;
type DeleteInput = z.output<typeof DeletePatientRequest>;
type ReversalInput = z.output<typeof CaseReversalRequest>;
type SimilarInput = z.output<typeof CheckSimilarPatientQuery>;

// ------------------------------------------------------------------------------------------------
// Scope and gates
// ------------------------------------------------------------------------------------------------

const canViewArchived = (actor: Actor) => canPatientAction(actor.permissions, 'view_archived');

// ------------------------------------------------------------------------------------------------
// Derived state
// ------------------------------------------------------------------------------------------------

/** allow_delete: refused once the setup is approved or production has started. */
export function allowDelete(record: repo.PatientRecord): { allow: boolean; message: string | null } {
  const rx = record.item.rx_form;
  if (rx?.completed_at) return { allow: false, message: PATIENT_MESSAGES.deleteAfterApproval };
  if (
    record.productionStarted ||
    record.item.requests.some((r) => r.type === 'printing_request' && r.status_id === 2)
  )
    return { allow: false, message: PATIENT_MESSAGES.deleteAfterProductionStart };
  return { allow: true, message: null };
}

/** The case reversal check: compliant when nothing has been worked on yet. */
export function reversalWarnings(record: repo.PatientRecord): string[] {
  const warnings: string[] = [];
  const p = record.item;
  const rx = p.rx_form;
  if (p.deleted_at) warnings.push(CASE_REVERSAL_WARNINGS.archived);
  if (p.patient_status_id === 3) warnings.push(CASE_REVERSAL_WARNINGS.completed);
  if (!rx) warnings.push(CASE_REVERSAL_WARNINGS.noRxForm);
  else if (rx.cancelled_at) warnings.push(CASE_REVERSAL_WARNINGS.cancelled);
  else if (rx.completed_at) warnings.push(CASE_REVERSAL_WARNINGS.approved);
  else if (rx.ready_at || rx.status_id !== 1) warnings.push(CASE_REVERSAL_WARNINGS.setupStarted);
  if (record.productionStarted) warnings.push(CASE_REVERSAL_WARNINGS.productionStarted);
  return warnings;
}

function noticeApplies(actor: Actor, record: repo.PatientRecord): boolean {
  return needsCompletedSetupNotice(actor.profile, record.item.rx_form);
}

function toDetails(actor: Actor, record: repo.PatientRecord): PatientDetails {
  const p = record.item;
  const management = isManagement(actor);
  const access = Object.fromEntries(
    PATIENT_NOTE_FIELDS.map((f) => [f, patientNoteAccess(actor.profile, actor.permissions, f)]),
  ) as Record<PatientNoteField, { read: boolean; write: boolean }>;
  const readable = (f: PatientNoteField) => (access[f].read ? record.notes[f] : null);
  const filled = (f: PatientNoteField) => Boolean(readable(f)?.trim());
  const rx = record.rx;
  const deleted = p.deleted_at !== null;
  const allow = allowDelete(record);
  const notice = noticeApplies(actor, record);
  const rxSummary =
    p.rx_form && rx
      ? {
          ...p.rx_form,
          version: Number(rx.version ?? 1),
          submitted_at: repo.isoOrNull(rx.submitted_at),
          scan_submission_type: repo.numOrNull(rx.scan_submission_type),
          root_integration_type: Number(rx.root_integration_type ?? 0),
          scanner_type: repo.numOrNull(rx.scanner_type),
          custom_scanner_type_name: (rx.custom_scanner_type_name as string | null) ?? null,
          export_type: repo.numOrNull(rx.export_type),
          intraoral_scan_date: repo.dateOnly(rx.intraoral_scan_date),
          rush_case_authorized_by: (rx.rush_case_authorized_by as string | null) ?? null,
          custom_setup: Boolean(rx.custom_setup),
          expedited_shipping: Boolean(rx.expedited_shipping),
          special_instructions: (rx.special_instructions as string | null) ?? null,
          easy_rx_prescription_id: (rx.easy_rx_prescription_id as string | null) ?? null,
          location_id: repo.numOrNull(rx.location_id),
          shipping_location_id: repo.numOrNull(rx.shipping_location_id),
          shipping_method_id: repo.numOrNull(rx.shipping_method_id),
          created_by_user_id: repo.numOrNull(rx.created_by_user_id),
          teeth: Object.fromEntries(TOOTH_KEYS.map((k) => [k, Number(record.teeth[k] ?? 0)])),
          created_at: repo.iso(rx.created_at),
          updated_at: repo.iso(rx.updated_at),
        }
      : null;
  const has = (a: PatientAction) => canPatientAction(actor.permissions, a);
  return {
    ...p,
    organization: management ? p.organization : { ...p.organization, organization_type: null },
    user: { ...p.user, email: record.doctorEmail },
    rx_form: rxSummary,
    is_on_hold: p.held_at !== null,
    archived_by_name: record.archivedByName,
    archived_reason: record.archivedReason,
    notes_availability: {
      case: p.notes_availability.case,
      internal: filled('doctor_internal_notes'),
      tech: filled('internal_notes'),
      onhold: record.hasOnHoldNotes,
      physical_tech: filled('physical_tech_notes'),
      management: filled('management_notes'),
    },
    doctor_notes: readable('doctor_notes'),
    doctor_internal_notes: readable('doctor_internal_notes'),
    internal_notes: readable('internal_notes'),
    physical_tech_notes: readable('physical_tech_notes'),
    management_notes: readable('management_notes'),
    notes_access: access,
    has_ios_file: record.hasIosFile,
    has_stl_file: record.hasStlFile,
    has_tech_ios_backup: record.hasTechIosBackup,
    has_pending_flawed_tray_request: record.hasPendingFlawedTray,
    metadata: { allow_delete: allow },
    abilities: {
      update: !deleted && (management ? has('edit_technician_notes') : true),
      hold: !deleted && has('hold'),
      archive: !deleted && has('archive'),
      delete: !deleted && has('delete') && allow.allow,
      restore: deleted && has('restore'),
      complete: !deleted && p.patient_status_id === 1 && has('complete'),
      print: has('print'),
      reverse: has('reverse') && reversalWarnings(record).length === 0,
      notify: !deleted && canNotifyDoctor(actor.permissions, p.rx_form),
      restore_backup_ios: !deleted && record.hasTechIosBackup && has('restore_backup_ios'),
      completed_setup_notice: notice,
    },
  };
}

async function detailsOf(ctx: AppContext, actor: Actor, id: number): Promise<PatientDetails> {
  // The caller just changed it: read it back even if it left the scope (e.g. archived).
  const record =
    (await repo.findPatient(ctx.db, id, patientScopeOf(actor))) ??
    (await repo.findPatient(ctx.db, id, { kind: 'all', includeArchived: true }));
  if (!record) throw notFound();
  return toDetails(actor, record);
}

// ------------------------------------------------------------------------------------------------
// Lists and counts
// ------------------------------------------------------------------------------------------------

/** The shipping view and the rows' shipments: staff who ship, never lab partners. */
function seesShipments(actor: Actor): boolean {
  return (
    isManagement(actor) &&
    patientScopeOf(actor).kind !== 'lab_partner' &&
    can(actor, ...SHIPPING_VIEW_PERMISSIONS)
  );
}

type CountsFilters = Omit<ListPatientsFilters, 'status' | 'sort' | 'page' | 'per_page'>;

function filtersOf(actor: Actor, q: CountsFilters): repo.PatientFilters {
  const searching = Boolean(q.search);
  if (q.doctor && !canPatientAction(actor.permissions, 'search_by_doctor')) throw forbidden();
  if (q.archived && !canViewArchived(actor)) throw forbidden();
  const management = isManagement(actor);
  if (q.batch_id !== undefined && !(management && can(actor, 'batches.manage'))) throw forbidden();
  if (q.shipping && !seesShipments(actor)) throw forbidden();
  return {
    search: q.search || undefined,
    doctor: q.doctor || undefined,
    organization: management ? q.organization || undefined : undefined,
    organizationId: q.organization_id,
    userId: q.user_id,
    organizationTypeId: management ? q.organization_type_id : undefined,
    locationIds: q.location_ids,
    shipDateFrom: q.ship_date_from,
    shipDateTo: q.ship_date_to,
    // The caller's roles decide the default (admins leave held cases out); anyone who sees a case
    // may include held ones or list only them.
    held: q.held ?? defaultHeldFilter(actor.roles),
    archived: q.archived ? 'only' : searching && canViewArchived(actor) ? 'include' : 'exclude',
    activeOnly: q.active_only,
    rushOnly: q.rush_only,
    caseNotesOnly: q.case_notes_only,
    requestType: q.request_type,
    printAssignment: q.assignment,
    batchId: q.batch_id,
    trackingNumber: management ? q.tracking_number || undefined : undefined,
    shipping: q.shipping || undefined,
    requestStatusId: q.request_status ? REQUEST_STATUS[q.request_status] : undefined,
    ...(q.activity
      ? (() => {
          const { from, to } = rangeInstants(
            { from: q.activity_from ?? null, to: q.activity_to ?? null },
            q.time_zone ?? 'UTC',
          );
          return { activity: q.activity, activityFrom: from, activityTo: to };
        })()
      : {}),
  };
}

/** The repository's arguments of one list request (403 and 404 as the list answers them). */
function listArgsOf(actor: Actor, q: ListPatientsFilters): repo.ListArgs {
  const management = isManagement(actor);
  if (q.organization_id !== undefined && !patientScopeReaches(actor, q.organization_id)) throw notFound();
  const filters = filtersOf(actor, q);
  // Searching, on-hold-only and archived-only lists span every status.
  const status: PatientListStatus =
    q.search || filters.held === 'only' || q.archived ? 'all' : (q.status ?? 'all');
  const sort: PatientSort =
    q.sort ?? (management ? 'ship_date' : NEWEST_FIRST_STATUSES.includes(status) ? 'newest' : 'oldest');
  return {
    scope: patientScopeOf(actor),
    filters,
    status,
    sort,
    page: q.page,
    perPage: q.per_page ?? (management ? PATIENTS_MANAGEMENT_PAGE_SIZE : PATIENTS_PRACTICE_PAGE_SIZE),
    withOrganizationType: management,
    withBatch: management && can(actor, 'batches.manage'),
    // The shipment column only where the screen shows it: the shipping view (a fifth of a page's bytes).
    withShipment: seesShipments(actor) && filters.shipping === true,
  };
}

/** The organizations whose writes can change what the scope lists. */
function versionScopeOf(scope: PatientScope): VersionScope {
  switch (scope.kind) {
    case 'all':
      return 'all';
    case 'organizations':
      return scope.ids;
    case 'lab_partner':
      return scope.organizationIds;
    case 'practice':
      return [scope.organizationId];
    case 'none':
      return [];
  }
}

/**
 * A list or counts answer's entity tag: who asks (user, current organization, roles and
 * permissions decide columns and scope), what they ask (the resolved arguments), and the data
 * version of the organizations they see.
 */
function answerTag(kind: string, actor: Actor, args: unknown, version: string): string {
  return entityTag({
    kind,
    user: actor.userId,
    organization: actor.currentOrganizationId,
    roles: actor.roles,
    permissions: [...actor.permissions].sort(),
    args,
    version,
  });
}

/**
 * Totals of lists already counted, by scope, filters, status and data version: a total cannot
 * change while the version stays, so a page of a list counted once skips its capped count.
 */
const knownTotals = new BoundedCache<number>(2000);
/** Counts per status already computed, keyed the same way. */
const knownCounts = new BoundedCache<Awaited<ReturnType<typeof repo.countPerStatus>>>(2000);

/**
 * One page of patients, or notModified when `ifNoneMatch` already names this answer's tag (then
 * nothing is read but the data version, and nothing is recorded: the caller learns nothing new).
 */
export async function listPatients(
  ctx: AppContext,
  actor: Actor,
  q: ListPatientsFilters,
  meta: RequestMeta,
  ifNoneMatch?: string,
): Promise<ConditionalAnswer<Awaited<ReturnType<typeof readPatientsPage>>>> {
  const args = listArgsOf(actor, q);
  const version = await dataVersion(ctx.db, versionScopeOf(args.scope));
  const etag = answerTag('patients.list', actor, args, version);
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return { etag, notModified: true };
  return { etag, notModified: false, body: await readPatientsPage(ctx, actor, q, meta, args, version) };
}

/**
 * Pages already written, by everything that decides them (scope, filters, status, order, page and
 * the columns the caller's permissions add) and the data version: a page cannot change while the
 * version stays, so it is read and written once and then served to whoever asks for exactly that
 * page, until a committed write raises the version. Bounded in entries (a page is about 70 KB).
 */
const knownPages = new BoundedCache<{ ids: number[]; text: string }>(200);

async function readPatientsPage(
  ctx: AppContext,
  actor: Actor,
  q: ListPatientsFilters,
  meta: RequestMeta,
  args: repo.ListArgs,
  version: string,
) {
  const pageKey = entityTag({ args, version });
  let page = knownPages.get(pageKey);
  if (!page) {
    page = await writePatientsPage(ctx, q, args, version);
    knownPages.set(pageKey, page);
  }
  const { scope } = args;
  // Every read is recorded, from memory or not: the trail says who saw which cases.
  await recordAudit(ctx.db, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action: 'patients.list',
    entityType: 'patient',
    organizationId: scope.kind === 'practice' ? scope.organizationId : (q.organization_id ?? null),
    outcome: 'success',
    details: { status: args.status, page: q.page, ids: page.ids },
  });
  return prebuiltJson<ListPatientsResponse>(page.text);
}

/** Reads one page and writes its answer: PostgreSQL's JSON text of each row, joined. */
async function writePatientsPage(
  ctx: AppContext,
  q: ListPatientsFilters,
  args: repo.ListArgs,
  version: string,
): Promise<{ ids: number[]; text: string }> {
  const { scope, perPage } = args;
  const totalKey = entityTag({ scope, filters: args.filters, status: args.status, version });
  const known = knownTotals.get(totalKey);
  const { rows, total: windowTotal } = await repo.listPatients(ctx.db, { ...args, knownTotal: known });
  const counted = known ?? (await totalOf(windowTotal, q.page, () => repo.countPatients(ctx.db, args)));
  if (known === undefined && (windowTotal >= 0 || q.page > 1)) knownTotals.set(totalKey, counted);
  const totalCapped = counted > PATIENTS_TOTAL_CAP;
  const total = Math.min(counted, PATIENTS_TOTAL_CAP);
  const ids = rows.map((r) => r.id);
  const productionTimes = await overallProductionTimes(ctx, ids);
  const pageMeta = {
    page: q.page,
    per_page: perPage,
    total,
    total_capped: totalCapped,
    last_page: lastPage(total, perPage),
  };
  // Each row is PostgreSQL's JSON text of the item; its overall production time closes it.
  const data = rows.map(
    (r) => `${r.json.slice(0, -1)},"overall_production_time":${productionTimes.get(r.id) ?? 0}}`,
  );
  return { ids, text: `{"data":[${data.join(',')}],"meta":${JSON.stringify(pageMeta)}}` };
}

/** Patients per status tab, on hold and archived; notModified as for the list. */
export async function countsForScope(
  ctx: AppContext,
  actor: Actor,
  q: CountsFilters,
  ifNoneMatch?: string,
): Promise<ConditionalAnswer<{ counts: Awaited<ReturnType<typeof repo.countPerStatus>> }>> {
  if (q.organization_id !== undefined && !patientScopeReaches(actor, q.organization_id)) throw notFound();
  // The tabs count what the list shows: every status, archived apart, the held rule applied.
  const filters = filtersOf(actor, { ...q, archived: undefined });
  const scope = patientScopeOf(actor);
  const version = await dataVersion(ctx.db, versionScopeOf(scope));
  const etag = answerTag('patients.counts', actor, { scope, filters }, version);
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return { etag, notModified: true };
  const key = entityTag({ scope, filters, version });
  let counts = knownCounts.get(key);
  if (!counts) {
    counts = await repo.countPerStatus(ctx.db, scope, filters);
    knownCounts.set(key, counts);
  }
  return {
    etag,
    notModified: false,
    body: { counts: canViewArchived(actor) ? counts : { ...counts, archived: 0 } },
  };
}

export async function countsForOrganization(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  q: CountsFilters,
  ifNoneMatch?: string,
) {
  if (!patientScopeReaches(actor, organizationId) || !(await organizationExists(ctx.db, organizationId)))
    throw notFound();
  return countsForScope(ctx, actor, { ...q, organization_id: organizationId }, ifNoneMatch);
}

// ------------------------------------------------------------------------------------------------
// Details and update
// ------------------------------------------------------------------------------------------------

/**
 * One patient's details, or notModified when `ifNoneMatch` already names them: the tag is the
 * caller and the data version of the patient's organization, read with the scope check in one
 * statement, so an unchanged case costs neither its details statement nor its JSON. Either way
 * the read is recorded: a case seen again is still a case seen.
 */
export async function getPatient(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
  ifNoneMatch?: string,
): Promise<ConditionalAnswer<{ patient: PatientDetails }>> {
  const ref = await repo.findPatientVersion(ctx.db, id, patientScopeOf(actor));
  if (!ref) throw notFound();
  const etag = answerTag('patients.details', actor, { id }, ref.version);
  const patient = { id, organization_id: ref.organization_id };
  if (matchesIfNoneMatch(ifNoneMatch, etag)) {
    await auditPatient(ctx.db, { actor, meta, action: 'patients.read', patient });
    return { etag, notModified: true };
  }
  const record = await loadPatient(ctx, actor, id);
  await auditPatient(ctx.db, { actor, meta, action: 'patients.read', patient: record.item });
  return { etag, notModified: false, body: { patient: toDetails(actor, record) } };
}

const NAME_FIELDS = ['first_name', 'last_name', 'case_number_text', 'numeric_suffix'] as const;

export async function updatePatient(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateInput,
  meta: RequestMeta,
) {
  const record = await loadPatient(ctx, actor, id);
  const management = isManagement(actor);
  const changed = Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  const noteFields = changed.filter((k): k is PatientNoteField =>
    (PATIENT_NOTE_FIELDS as readonly string[]).includes(k),
  );
  const nameFields = changed.filter((k) => (NAME_FIELDS as readonly string[]).includes(k));
  for (const f of noteFields) {
    const access = patientNoteAccess(actor.profile, actor.permissions, f);
    if (!access.write) throw forbidden();
  }
  if (nameFields.length && management && !canPatientAction(actor.permissions, 'edit_technician_notes'))
    throw forbidden();
  if (record.item.deleted_at) throw unprocessable(PATIENT_MESSAGES.alreadyArchived);

  const fields: repo.PatientUpdate = {};
  if (nameFields.length) {
    const { name_correction } = await publicSettings(ctx);
    if (input.first_name !== undefined)
      fields.first_name = applyNameCorrection(input.first_name, name_correction);
    if (input.last_name !== undefined)
      fields.last_name = applyNameCorrection(input.last_name, name_correction);
    if (input.case_number_text !== undefined)
      fields.case_number_text =
        input.case_number_text === null
          ? null
          : applyNameCorrection(input.case_number_text, name_correction) || null;
    if (input.numeric_suffix !== undefined) fields.numeric_suffix = input.numeric_suffix;
  }
  for (const f of noteFields) fields[f] = input[f] ?? null;

  await ctx.db.transaction().execute(async (trx) => {
    await repo.updatePatient(trx, id, fields);
    await auditPatient(trx, {
      actor,
      meta,
      action: 'patients.update',
      patient: record.item,
      details: { fields: changed },
    });
  });
  const onlyNotes = nameFields.length === 0;
  return {
    patient: await detailsOf(ctx, actor, id),
    message: onlyNotes ? PATIENT_MESSAGES.noteSaved : PATIENT_MESSAGES.updated,
  };
}

// ------------------------------------------------------------------------------------------------
// Hold, archive, delete, restore, complete
// ------------------------------------------------------------------------------------------------

function assertNoNotice(actor: Actor, record: repo.PatientRecord) {
  if (noticeApplies(actor, record)) throw unprocessable(PATIENT_MESSAGES.completedSetupNotice);
}

export async function toggleHold(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: HoldInput,
  meta: RequestMeta,
) {
  const record = await loadPatient(ctx, actor, id);
  gate(actor, 'hold');
  assertLive(record);
  assertNoNotice(actor, record);
  const management = isManagement(actor);
  const notifyOffice = management && Boolean(input.notify_office);
  const p = record.item;
  const held = await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockPatient(trx, id);
    if (!locked || locked.deleted_at) throw unprocessable(PATIENT_MESSAGES.alreadyArchived);
    const hold = locked.held_at === null;
    await repo.updatePatient(
      trx,
      id,
      hold
        ? { held_at: new Date(), held_by_group: management ? 2 : 1, held_by_user_id: actor.userId }
        : { held_at: null, held_by_group: null, held_by_user_id: null },
    );
    await recordOnHoldNote(trx, {
      patient_id: id,
      user_id: actor.userId,
      name: input.name,
      note: input.reason,
      is_on_hold_reason: hold,
      is_unhold: !hold,
      notify_office: notifyOffice,
    });
    await auditPatient(trx, {
      actor,
      meta,
      action: hold ? 'patients.hold' : 'patients.unhold',
      patient: p,
      details: { notify_office: notifyOffice },
    });
    if (notifyOffice && p.user_id !== actor.userId)
      await notifyUser(ctx, trx, {
        userId: p.user_id,
        message: hold
          ? `${p.full_name} was put on hold: ${input.reason}`
          : `${p.full_name} was taken off hold: ${input.reason}`,
        link: `/patient-details/${id}`,
        type: hold ? 'case_on_hold' : 'general',
        patientId: id,
        organizationId: p.organization_id,
      });
    return hold;
  });
  return {
    patient: await detailsOf(ctx, actor, id),
    message: held ? PATIENT_MESSAGES.held : PATIENT_MESSAGES.unheld,
  };
}

export async function archivePatient(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: ArchiveInput,
  meta: RequestMeta,
) {
  const record = await loadPatient(ctx, actor, id);
  gate(actor, 'archive');
  assertLive(record);
  assertNoNotice(actor, record);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockPatient(trx, id);
    if (!locked || locked.deleted_at) throw unprocessable(PATIENT_MESSAGES.alreadyArchived);
    await repo.updatePatient(trx, id, {
      deleted_at: new Date(),
      deleted_kind: 'archived',
      archived_by_name: input.archived_by_name,
      archived_reason: input.archived_reason,
      deleted_by_user_id: actor.userId,
    });
    await auditPatient(trx, {
      actor,
      meta,
      action: 'patients.archive',
      patient: record.item,
      details: { reason: input.archived_reason },
    });
  });
  return { patient: await detailsOf(ctx, actor, id), message: PATIENT_MESSAGES.archived };
}

export async function deletePatient(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: DeleteInput,
  meta: RequestMeta,
) {
  const record = await loadPatient(ctx, actor, id);
  gate(actor, 'delete');
  assertLive(record);
  assertNoNotice(actor, record);
  const allow = allowDelete(record);
  if (!allow.allow) throw unprocessable(allow.message ?? PATIENT_MESSAGES.deleteAfterProductionStart);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockPatient(trx, id);
    if (!locked || locked.deleted_at) throw unprocessable(PATIENT_MESSAGES.alreadyArchived);
    await repo.updatePatient(trx, id, {
      deleted_at: new Date(),
      deleted_kind: 'deleted',
      archived_by_name: input.deleted_by_name,
      archived_reason: input.deleted_reason,
      deleted_by_user_id: actor.userId,
    });
    await auditPatient(trx, {
      actor,
      meta,
      action: 'patients.delete',
      patient: record.item,
      details: { reason: input.deleted_reason },
    });
  });
  return { patient: await detailsOf(ctx, actor, id), message: PATIENT_MESSAGES.deleted };
}

export async function restorePatient(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const record = await loadPatient(ctx, actor, id);
  gate(actor, 'restore');
  if (!record.item.deleted_at) throw unprocessable(PATIENT_MESSAGES.notArchived);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockPatient(trx, id);
    if (!locked?.deleted_at) throw unprocessable(PATIENT_MESSAGES.notArchived);
    await repo.updatePatient(trx, id, {
      deleted_at: null,
      deleted_kind: null,
      archived_by_name: null,
      archived_reason: null,
      deleted_by_user_id: null,
    });
    await auditPatient(trx, { actor, meta, action: 'patients.restore', patient: record.item });
  });
  return { patient: await detailsOf(ctx, actor, id), message: PATIENT_MESSAGES.restored };
}

/** The data of a case.status_changed webhook event. */
function caseEvent(record: Awaited<ReturnType<typeof loadPatient>>, status: string) {
  const p = record.item;
  return {
    patient_id: p.id,
    rx_form_id: p.rx_form?.id ?? null,
    patient_name: `${p.first_name} ${p.last_name}`.trim(),
    case_number: p.case_number_text,
    status,
  };
}

export async function completeSetup(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const record = await loadPatient(ctx, actor, id);
  gate(actor, 'complete');
  assertLive(record);
  if (record.item.patient_status_id !== 1) throw unprocessable(PATIENT_MESSAGES.notActive);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockPatient(trx, id);
    if (!locked || locked.patient_status_id !== 1) throw unprocessable(PATIENT_MESSAGES.notActive);
    await repo.updatePatient(trx, id, {
      patient_status_id: 3,
      setup_completed_at: record.item.setup_completed_at
        ? new Date(record.item.setup_completed_at)
        : new Date(),
    });
    await auditPatient(trx, { actor, meta, action: 'patients.complete', patient: record.item });
    await emitWebhookEvent(
      ctx,
      trx,
      record.item.organization_id,
      'case.status_changed',
      caseEvent(record, 'completed'),
    );
  });
  return { patient: await detailsOf(ctx, actor, id), message: PATIENT_MESSAGES.completed };
}

// ------------------------------------------------------------------------------------------------
// Case reversal, backup IOS
// ------------------------------------------------------------------------------------------------

export async function checkCaseReversal(ctx: AppContext, actor: Actor, id: number) {
  const record = await loadPatient(ctx, actor, id);
  gate(actor, 'reverse');
  const warnings = reversalWarnings(record);
  return { data: { is_compliant: warnings.length === 0, warnings } };
}

/**
 * Case reversal: withdraws a submitted case nobody has worked on yet. The Rx form is cancelled
 * (status 5, cancelled_at), the patient's New requests are cancelled, and the patient is
 * archived with 'Case reversed' (and the given reason) as the archive reason.
 */
export async function reverseCase(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: ReversalInput,
  meta: RequestMeta,
) {
  const record = await loadPatient(ctx, actor, id);
  gate(actor, 'reverse');
  const warnings = reversalWarnings(record);
  if (warnings.length) throw unprocessable(PATIENT_MESSAGES.notCompliant, { case_reversal: warnings });
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockPatient(trx, id);
    if (!locked || locked.deleted_at) throw unprocessable(PATIENT_MESSAGES.notCompliant);
    const { requests } = await repo.cancelCase(trx, id);
    await repo.updatePatient(trx, id, {
      deleted_at: new Date(),
      deleted_kind: 'archived',
      archived_by_name: actorName(actor),
      archived_reason: input.reason ? `Case reversed: ${input.reason}` : 'Case reversed',
      deleted_by_user_id: actor.userId,
    });
    await auditPatient(trx, {
      actor,
      meta,
      action: 'patients.case-reversal',
      patient: record.item,
      details: {
        rx_form_id: record.item.rx_form?.id ?? null,
        cancelled_requests: requests,
        reason: input.reason ?? null,
      },
    });
    await emitWebhookEvent(
      ctx,
      trx,
      record.item.organization_id,
      'case.status_changed',
      caseEvent(record, 'cancelled'),
    );
  });
  return { patient: await detailsOf(ctx, actor, id), message: PATIENT_MESSAGES.reversed };
}

export async function restoreBackupIos(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const record = await loadPatient(ctx, actor, id);
  gate(actor, 'restore_backup_ios');
  assertLive(record);
  const file = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockPatient(trx, id);
    const backup = await repo.findTechBackup(trx, id);
    if (!backup) throw unprocessable(PATIENT_MESSAGES.noBackup);
    const restored = await repo.swapTechBackup(trx, id, backup.id, record.item.ios_file_id);
    await auditPatient(trx, {
      actor,
      meta,
      action: 'patients.restore-backup-ios',
      patient: record.item,
      details: { file_id: backup.id, previous_ios_file_id: record.item.ios_file_id },
    });
    return restored;
  });
  return {
    patient: await detailsOf(ctx, actor, id),
    file: {
      id: Number(file.id),
      name: file.name,
      original_name: file.original_name,
      patient_file_type_id: Number(file.patient_file_type_id),
      tag: file.tag,
      created_at: repo.iso(file.created_at),
      updated_at: repo.iso(file.updated_at),
    },
    message: PATIENT_MESSAGES.backupRestored,
  };
}

// ------------------------------------------------------------------------------------------------
// Similar patient
// ------------------------------------------------------------------------------------------------

export async function checkSimilarPatient(ctx: AppContext, actor: Actor, q: SimilarInput) {
  const organizationId = q.organization_id ?? actor.currentOrganizationId;
  if (organizationId === null || organizationId === undefined)
    throw fieldError('organization_id', PATIENT_MESSAGES.invalidOrganization);
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  if (q.user_id !== undefined && !(await repo.isMemberOf(ctx.db, organizationId, q.user_id)))
    throw fieldError('user_id', PATIENT_MESSAGES.invalidDoctor);
  const found = await repo.similarPatients(
    ctx.db,
    organizationId,
    q.first_name,
    q.last_name,
    q.case_number_text ?? '',
  );
  return {
    has_similar_patient: found.count > 0,
    numeric_suffix: found.count > 0 ? (found.maxSuffix ?? 1) + 1 : null,
    created_at: found.latest ? found.latest.toISOString() : null,
  };
}
