import { z } from 'zod';
import { REQUIRED_MESSAGE } from './auth.ts';
import { DASHBOARD_ACTIVITIES, isTimeZone } from './case-activity.ts';
import { REQUEST_STATUS_KEYS, REQUEST_TYPES } from './requests.ts';
import type { Profile } from './roles.ts';

/**
 * Patients (cases): the lists, the counts per status, the details page, its actions and notes.
 * Spec: document 1 sections 2.5, 2.6, 3, 4, 5, 6, 7; document 2 'Patients page'.
 *
 * Endpoints (base /services/api/v2, bearer token):
 * - GET    /patients                                     list (query: ListPatientsQuery) → ListPatientsResponse
 * - GET    /patients/counts                              counts over the caller's scope with the list filters → PatientCountsResponse
 * - GET    /organizations/{id}/patient_counts_per_status counts of one organization → PatientCountsResponse
 * - GET    /patients/check_similar_patient               CheckSimilarPatientQuery → CheckSimilarPatientResponse
 * - GET    /patients/{id}                                → PatientResponse
 * - PUT    /patients/{id}                                UpdatePatientRequest (changed fields only) → PatientMessageResponse
 * - PUT    /patients/{id}/toggle_hold                    ToggleHoldRequest → PatientMessageResponse
 * - PUT    /patients/{id}/archive                        ArchivePatientRequest → PatientMessageResponse
 * - DELETE /patients/{id}                                DeletePatientRequest (JSON body) → PatientMessageResponse
 * - POST   /patients/{id}/restore                        → PatientMessageResponse
 * - POST   /patients/{id}/complete_setup                 → PatientMessageResponse
 * - GET    /patients/{id}/case-reversal/check            → CaseReversalCheckResponse
 * - POST   /patients/{id}/case-reversal                  CaseReversalRequest → PatientMessageResponse
 * - POST   /patients/{id}/restore-backup-ios             → RestoreBackupIosResponse
 * - GET    /patients/{id}/on-hold-notes                  → OnHoldNotesResponse
 * - POST   /patients/{id}/on-hold-notes                  CreateOnHoldNoteRequest → OnHoldNoteMessageResponse
 * - GET    /patients/{id}/case-notes                     → CaseNotesResponse
 * - POST   /patients/{id}/case-notes                     CreateCaseNoteRequest → CaseNoteMessageResponse
 *   (publishes `new-message` {patient_id, case_note_id} on the private channel `patient.{id}`)
 *
 * Errors: 401 without a session; 404 for a patient outside the caller's scope (another
 * organization, a lab partner's unassigned case, an archived patient without
 * patients.view-archived); 403 'This action is unauthorized.' for a missing permission; 400 with
 * { message, errors: { field: [message] } } for invalid input (the schemas below); 422 with
 * { message } for a refused state change (archived patient, completed-setup notice, ...).
 */

// ------------------------------------------------------------------------------------------------
// Messages
// ------------------------------------------------------------------------------------------------

export const PATIENT_MESSAGES = {
  required: REQUIRED_MESSAGE,
  invalidName:
    'Name may only contain letters (first letter uppercase), spaces, points, brackets, and apostrophes.',
  invalidCaseNumber: 'Case number may only contain letters, spaces, points, brackets, and apostrophes.',
  invalidSuffix: 'The suffix must be a whole number of at least 1.',
  restrictedCharacters:
    'Warning! This field has restricted characters. It will be automatically translated to:',
  /** Shown to non-management users instead of the reason dialog (hold, archive, delete) once the setup is approved. */
  completedSetupNotice:
    'Patient has completed initial setup. Please call and request a cancellation for cases after setup.',
  updated: 'Patient successfully updated.',
  noteSaved: 'Note successfully saved.',
  held: 'Patient successfully put on hold.',
  unheld: 'Patient successfully removed from hold.',
  archived: 'Patient successfully archived.',
  deleted: 'Patient successfully deleted.',
  restored: 'Patient successfully restored.',
  completed: 'Patient successfully completed.',
  reversed: 'Case successfully reversed.',
  backupRestored: 'Backup IOS file successfully restored.',
  caseNoteAdded: 'Case note successfully added.',
  onHoldNoteAdded: 'On-hold note successfully added.',
  notOnHold: 'On-hold notes can be added only while the patient is on hold.',
  alreadyArchived: 'The patient is archived or deleted.',
  notArchived: 'The patient is not archived or deleted.',
  notActive: 'Only an active patient can be completed.',
  notCompliant: 'This case cannot be reversed.',
  noBackup: 'There is no backup IOS file to restore.',
  deleteAfterApproval: 'The patient cannot be deleted: the Rx form has been completed.',
  deleteAfterProductionStart: 'The patient cannot be deleted: production has started.',
  invalidOrganization: 'The selected organization is invalid.',
  invalidDoctor: 'The selected doctor is invalid.',
  noteTooLong: 'Must contain max 65535 characters.',
} as const;

/** Warnings of the case reversal check (GET /patients/{id}/case-reversal/check). */
export const CASE_REVERSAL_WARNINGS = {
  archived: 'The case is archived or deleted.',
  completed: 'The case is completed.',
  noRxForm: 'The case has no Rx form.',
  cancelled: 'The Rx form is already cancelled.',
  approved: 'The setup of this case has already been approved.',
  setupStarted: 'The initial setup of this case has already started.',
  productionStarted: 'Production of this case has already started.',
} as const;

// ------------------------------------------------------------------------------------------------
// Statuses
// ------------------------------------------------------------------------------------------------

/** Patient status: 1 Active, 3 Complete. Only 1 can be completed. */
export const PATIENT_STATUS = { active: 1, complete: 3 } as const;

/** The status tabs of the lists (a patient belongs to exactly one of the first five, or to none when its Rx form is cancelled). */
export const PATIENT_LIST_STATUSES = [
  'new',
  'in_progress',
  'awaiting_approval',
  'approved',
  'completed',
  'all',
] as const;
export type PatientListStatus = (typeof PATIENT_LIST_STATUSES)[number];

/** Keys of the counts: the status tabs plus on hold and archived. */
export const PATIENT_COUNT_KEYS = [...PATIENT_LIST_STATUSES, 'on_hold', 'archived'] as const;
export type PatientCountKey = (typeof PATIENT_COUNT_KEYS)[number];

/** What the status of a patient is computed from. */
export interface PatientStatusInput {
  patient_status_id: number;
  rx_form: {
    status_id: number;
    ready_at: string | Date | null;
    completed_at: string | Date | null;
    cancelled_at: string | Date | null;
  } | null;
}

/**
 * The list status of a patient (the server computes the same in SQL):
 * completed when patient status 3; 'cancelled' (only under all) when the Rx form is cancelled;
 * approved when the Rx form is completed; awaiting_approval when it is ready (PENDING);
 * in_progress when the setup (Rx form status 2) is in progress; new otherwise (no Rx form,
 * status 1, saved for later).
 */
export function patientListStatus(
  patient: PatientStatusInput,
): Exclude<PatientListStatus, 'all'> | 'cancelled' {
  if (patient.patient_status_id === PATIENT_STATUS.complete) return 'completed';
  const rx = patient.rx_form;
  if (!rx) return 'new';
  if (rx.cancelled_at) return 'cancelled';
  if (rx.completed_at) return 'approved';
  if (rx.ready_at) return 'awaiting_approval';
  if (rx.status_id === 2) return 'in_progress';
  return 'new';
}

/** Statuses listed newest first; the others oldest first (practice lists). */
export const NEWEST_FIRST_STATUSES: readonly PatientListStatus[] = ['approved', 'completed'];

/** The default tab of the practice list. */
export const PRACTICE_DEFAULT_STATUS: PatientListStatus = 'awaiting_approval';

/** The Rx form label: CANCELLED, COMPLETED or PENDING (ready, not completed); `ready` when ready_at is set. */
export type RxFormLabel = 'CANCELLED' | 'COMPLETED' | 'PENDING';
export function rxFormLabel(rx: {
  ready_at: string | Date | null;
  completed_at: string | Date | null;
  cancelled_at: string | Date | null;
}): { label: RxFormLabel | null; ready: boolean } {
  const ready = Boolean(rx.ready_at);
  if (rx.cancelled_at) return { label: 'CANCELLED', ready };
  if (rx.completed_at) return { label: 'COMPLETED', ready };
  if (rx.ready_at) return { label: 'PENDING', ready };
  return { label: null, ready };
}

// ------------------------------------------------------------------------------------------------
// Permission gates (document 1 section 6)
// ------------------------------------------------------------------------------------------------

/** Patient actions and the permissions that allow each (any of). Used by the server and the web. */
export const PATIENT_ACTION_GATES = {
  hold: [
    'patients.manage',
    'patients.supervise',
    'patients.toggle-hold',
    'organization.patients.toggle-hold',
  ],
  archive: ['patients.archive'],
  delete: ['patients.manage', 'patients.delete', 'organization.patients.delete'],
  restore: ['patients.manage', 'patients.supervise', 'patients.delete'],
  complete: ['patients.manage', 'patients.complete-setup', 'patients.supervise'],
  print: ['patients.manage', 'patients.complete-setup', 'patients.supervise'],
  reverse: ['patients.manage', 'patients.case-reversal', 'organization.patients.case-reversal'],
  notify: ['rx-forms.manage', 'rx-forms.mark-as-ready', 'organization.rx-forms.mark-as-ready'],
  request_tray_correction: ['organization.add-arch', 'organizations.manage'],
  restore_backup_ios: ['patients.ios.restore-tech-backup', 'organization.patients.ios.restore-tech-backup'],
  view_archived: ['patients.view-archived'],
  search_by_doctor: ['organization.patients.view-any'],
  edit_technician_notes: [
    'organization.patients.update-management-data',
    'patients.update',
    'patients.manage',
  ],
} as const;
export type PatientAction = keyof typeof PATIENT_ACTION_GATES;
export const PATIENT_ACTIONS = Object.keys(PATIENT_ACTION_GATES) as PatientAction[];

type PermissionSet = ReadonlySet<string> | readonly string[];
function holds(permissions: PermissionSet, permission: string): boolean {
  return Array.isArray(permissions)
    ? (permissions as readonly string[]).includes(permission)
    : (permissions as ReadonlySet<string>).has(permission);
}

/** Whether the permissions allow the patient action (the gate only; state rules come on top). */
export function canPatientAction(permissions: PermissionSet, action: PatientAction): boolean {
  return PATIENT_ACTION_GATES[action].some((p) => holds(permissions, p));
}

/**
 * Notify doctor (mark the Rx form as ready) is offered with the notify gate when the form is
 * neither ready nor cancelled and the submission was completed by the doctor (1).
 */
export function canNotifyDoctor(
  permissions: PermissionSet,
  rx: {
    ready_at: string | Date | null;
    cancelled_at: string | Date | null;
    submission_completed_by: number | null;
  } | null,
): boolean {
  if (!rx || !canPatientAction(permissions, 'notify')) return false;
  return !rx.ready_at && !rx.cancelled_at && rx.submission_completed_by === 1;
}

/**
 * Hold, archive and delete of a case whose Rx form is completed: a non-management user gets the
 * completed-setup notice instead of the reason dialog (the server answers 422 with it).
 */
export function needsCompletedSetupNotice(
  profile: Profile,
  rx: { completed_at: string | Date | null } | null,
): boolean {
  return profile !== 'management' && Boolean(rx?.completed_at);
}

// ------------------------------------------------------------------------------------------------
// Names and restricted characters
// ------------------------------------------------------------------------------------------------

/** Each word starts with an uppercase letter or a digit; letters, digits, points, hyphens, underscores, apostrophes and brackets. */
export const PATIENT_NAME_PATTERN = /^[\p{Lu}\d][\p{L}\d.\-_'()]*(?: +[\p{Lu}\d(][\p{L}\d.\-_'()]*)*$/u;
/**
 * The one case number rule, on every screen (Start a Case and the details form) and on the server:
 * letters, digits, spaces, points, brackets, apostrophes and hyphens (the union of documents 1 and
 * 2), so a case number valid on one screen is valid on the other.
 */
export const CASE_NUMBER_PATTERN = /^[\p{L}\p{M}\p{N} .()[\]'’-]*$/u;

/** The global setting name_correction (GET /settings → name_correction). */
export interface NameCorrection {
  /** What each forbidden character becomes. */
  replacement: string;
  /** The forbidden characters, as one string. */
  forbidden_characters: string;
}

/** The distinct forbidden characters present in the value, in order of appearance. */
export function findRestrictedCharacters(value: string, forbidden: string | NameCorrection): string[] {
  const set = new Set(typeof forbidden === 'string' ? forbidden : forbidden.forbidden_characters);
  const found: string[] = [];
  for (const ch of value) if (set.has(ch) && !found.includes(ch)) found.push(ch);
  return found;
}

/** The value with every forbidden character replaced by the replacement. */
export function applyNameCorrection(value: string, correction: NameCorrection | null | undefined): string {
  if (!correction || !correction.forbidden_characters) return value;
  const set = new Set(correction.forbidden_characters);
  let out = '';
  for (const ch of value) out += set.has(ch) ? correction.replacement : ch;
  return out;
}

/** "First Last". */
export function patientFullName(p: { first_name: string; last_name: string }): string {
  return `${p.first_name} ${p.last_name}`;
}

/** "Last, First, case number (suffix)": the case number and the suffix only when present. */
export function formatPatientName(p: {
  first_name: string;
  last_name: string;
  case_number_text: string | null;
  numeric_suffix: number | null;
}): string {
  let name = `${p.last_name}, ${p.first_name}`;
  if (p.case_number_text) name += `, ${p.case_number_text}`;
  if (p.numeric_suffix) name += ` (${p.numeric_suffix})`;
  return name;
}

const requiredName = () =>
  z
    .string({ error: PATIENT_MESSAGES.required })
    .trim()
    .min(1, { error: PATIENT_MESSAGES.required, abort: true })
    .max(255, 'Must contain max 255 characters.')
    .regex(PATIENT_NAME_PATTERN, PATIENT_MESSAGES.invalidName);

/** first_name / last_name of the patient form. */
export const PatientNameSchema = requiredName();
/** case_number_text: optional; empty becomes null. */
export const CaseNumberSchema = z
  .string()
  .trim()
  .max(255, 'Must contain max 255 characters.')
  .regex(CASE_NUMBER_PATTERN, PATIENT_MESSAGES.invalidCaseNumber)
  .nullable()
  .transform((v) => (v ? v : null));
export const NumericSuffixSchema = z
  .number({ error: PATIENT_MESSAGES.invalidSuffix })
  .int(PATIENT_MESSAGES.invalidSuffix)
  .min(1, PATIENT_MESSAGES.invalidSuffix)
  .nullable();

// ------------------------------------------------------------------------------------------------
// Notes
// ------------------------------------------------------------------------------------------------

/**
 * The single-field notes of a patient and who may see / write them:
 * - doctor_notes: the doctor's notes on the case. Everyone who sees the patient reads; practice
 *   users of the organization and management holding the edit gate write.
 * - doctor_internal_notes: 'Internal Notes' (doctor and staff communication). Same as doctor_notes.
 * - internal_notes: 'Digital Technician Notes'. Management only; write with edit_technician_notes.
 * - physical_tech_notes: 'Atoms'. Management only; write with edit_technician_notes.
 * - management_notes: 'Bits'. Management only; write with edit_technician_notes.
 */
export const PATIENT_NOTE_FIELDS = [
  'doctor_notes',
  'doctor_internal_notes',
  'internal_notes',
  'physical_tech_notes',
  'management_notes',
] as const;
export type PatientNoteField = (typeof PATIENT_NOTE_FIELDS)[number];
export const MANAGEMENT_ONLY_NOTE_FIELDS: readonly PatientNoteField[] = [
  'internal_notes',
  'physical_tech_notes',
  'management_notes',
];

/** Whether the caller may read / write a note field (management writes need the management edit gate). */
export function patientNoteAccess(
  profile: Profile,
  permissions: PermissionSet,
  field: PatientNoteField,
): { read: boolean; write: boolean } {
  const management = profile === 'management';
  const managementOnly = MANAGEMENT_ONLY_NOTE_FIELDS.includes(field);
  if (managementOnly && !management) return { read: false, write: false };
  return { read: true, write: management ? canPatientAction(permissions, 'edit_technician_notes') : true };
}

const NoteText = z.string().max(65535, PATIENT_MESSAGES.noteTooLong).nullable();

/** Which note panels have content (the '(N/A)' marks and the green case-notes panel). Keys the caller may not read are false. */
export const NotesAvailability = z.object({
  /** Case notes (conversation) exist. */
  case: z.boolean(),
  /** doctor_internal_notes is not empty. */
  internal: z.boolean(),
  /** internal_notes (Digital Technician Notes) is not empty (management only). */
  tech: z.boolean(),
  /** On-hold notes exist. */
  onhold: z.boolean(),
  /** physical_tech_notes (Atoms) is not empty (management only). */
  physical_tech: z.boolean(),
  /** management_notes (Bits) is not empty (management only). */
  management: z.boolean(),
});
export type NotesAvailability = z.infer<typeof NotesAvailability>;

// ------------------------------------------------------------------------------------------------
// List
// ------------------------------------------------------------------------------------------------

export const PATIENTS_MANAGEMENT_PAGE_SIZE = 50;
export const PATIENTS_PRACTICE_PAGE_SIZE = 25;
export const PATIENTS_PAGE_SIZES = [10, 25, 50, 100] as const;
/**
 * Lists count matching patients up to this many: an exact count of a whole lab's cases on every
 * page request would cost more than the page itself. Beyond it `meta.total_capped` is true.
 */
export const PATIENTS_TOTAL_CAP = 10_000;
/** ship_date: open shipments by ship date ascending, then no ship date (newest first), shipped cases last; newest / oldest: by creation. */
export const PATIENT_SORTS = ['ship_date', 'newest', 'oldest'] as const;
export type PatientSort = (typeof PATIENT_SORTS)[number];

const queryBool = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false.' })
  .transform((v) => v === 'true' || v === '1')
  .optional();

const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n < 1)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a list of ids.' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  })
  .optional();

/**
 * How a patient list treats held (on-hold) cases: leave them out, include them, or show only them.
 * The default by role and the on-hold toggle's meaning are in case-list.ts (defaultHeldFilter,
 * onHoldFilterMode).
 */
export const HELD_FILTERS = ['exclude', 'include', 'only'] as const;
export type HeldFilter = (typeof HELD_FILTERS)[number];

/**
 * GET /patients query. Flat parameters:
 * - status: a tab (default 'all'); ignored (all statuses) while `search` has text.
 * - search: patient name (first, last, case number; trigram index). Management: also matches the
 *   organization name or account number. Text present: all statuses, archived included when permitted.
 * - doctor: doctor's name (needs organization.patients.view-any).
 * - organization: organization name or account number (management).
 * - organization_id / user_id: only that organization / doctor (queryOrganization / queryUser).
 * - organization_type_id: only organizations of that type (management).
 * - location_ids: comma-separated (or repeated) location ids of the Rx form (location or shipping location).
 * - ship_date_from / ship_date_to: expected ship date range (YYYY-MM-DD, inclusive; either side optional).
 * - held: exclude | include | only held patients (HELD_FILTERS). Without it the caller's roles decide
 *   (defaultHeldFilter in case-list.ts: admin and super_admin exclude held cases, everyone else
 *   includes them). only: held patients of every status, not archived.
 * - archived: only archived/deleted ones (patients.view-archived).
 * - activity: only cases with that event (the dashboard's filtered statistics, DASHBOARD_ACTIVITIES);
 *   activity_from / activity_to: the event's days (YYYY-MM-DD, inclusive, either side optional) in
 *   time_zone (IANA name, default UTC).
 * - active_only: patient status Active. rush_only: rush cases. case_notes_only: with case notes.
 * - request_type (initial_case_setup | flawed_tray | printing | tray_design) and request_status
 *   (new | in_progress | pending | completed | canceled): only cases with such a request; either alone.
 * - assignment: only cases whose Rx form assigns the print to 1 the provider, 2 in-office or 3 the third party.
 * - batch_id: only the cases of that print batch (batches.manage).
 * - tracking_number: only the cases with a printing request of that tracking number (exact, case and
 *   spaces ignored; management).
 * - shipping: only cases with a shipment (their latest printing request that is not canceled; staff
 *   who update shipping information), open shipments first, ordered by the shipment key (ship date,
 *   location, bundle) so the requests that ship together stand together: ascending, or descending
 *   with sort newest.
 * - sort: ship_date | newest | oldest. Default: management ship_date; practice by status
 *   (approved and completed newest first, the others oldest first).
 * - page (1..), per_page (1..100; default 50 management, 25 practice).
 */
export const ListPatientsQuery = z.object({
  status: z.enum(PATIENT_LIST_STATUSES, { error: 'The selected status is invalid.' }).optional(),
  search: z.string().trim().max(255).optional(),
  doctor: z.string().trim().max(255).optional(),
  organization: z.string().trim().max(255).optional(),
  organization_id: z.coerce
    .number({ error: PATIENT_MESSAGES.invalidOrganization })
    .int()
    .positive()
    .optional(),
  user_id: z.coerce.number({ error: PATIENT_MESSAGES.invalidDoctor }).int().positive().optional(),
  organization_type_id: z.coerce.number().int().positive().optional(),
  location_ids: idList,
  ship_date_from: z.iso.date('Must be a date (YYYY-MM-DD).').optional(),
  ship_date_to: z.iso.date('Must be a date (YYYY-MM-DD).').optional(),
  activity: z.enum(DASHBOARD_ACTIVITIES, { error: 'The selected activity is invalid.' }).optional(),
  activity_from: z.iso.date('Must be a date (YYYY-MM-DD).').optional(),
  activity_to: z.iso.date('Must be a date (YYYY-MM-DD).').optional(),
  time_zone: z.string().max(64).refine(isTimeZone, 'The time zone is invalid.').optional(),
  held: z.enum(HELD_FILTERS, { error: 'The selected on-hold filter is invalid.' }).optional(),
  archived: queryBool,
  active_only: queryBool,
  rush_only: queryBool,
  case_notes_only: queryBool,
  request_type: z
    .enum(REQUEST_TYPES, {
      error: 'The selected request type is invalid.',
    })
    .optional(),
  request_status: z
    .enum(REQUEST_STATUS_KEYS, { error: 'The selected request status is invalid.' })
    .optional(),
  assignment: z.coerce
    .number({ error: 'The selected assignment is invalid.' })
    .int('The selected assignment is invalid.')
    .min(1, 'The selected assignment is invalid.')
    .max(3, 'The selected assignment is invalid.')
    .optional(),
  tracking_number: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().max(255, 'The tracking number must not be greater than 255 characters.'))
    .optional(),
  batch_id: z.coerce
    .number({ error: 'The selected batch is invalid.' })
    .int('The selected batch is invalid.')
    .positive('The selected batch is invalid.')
    .optional(),
  shipping: queryBool,
  sort: z.enum(PATIENT_SORTS, { error: 'The selected sort is invalid.' }).optional(),
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be an integer.')
    .min(1, 'The page must be at least 1.')
    .default(1),
  per_page: z.coerce
    .number({ error: 'The per page must be a number.' })
    .int('The per page must be an integer.')
    .min(1, 'The per page must be at least 1.')
    .max(100, 'The per page must not be greater than 100.')
    .optional(),
});
export type ListPatientsQuery = z.input<typeof ListPatientsQuery>;
export type ListPatientsFilters = z.output<typeof ListPatientsQuery>;

/** Counts query: the list filters without status, sort and paging. */
export const PatientCountsQuery = ListPatientsQuery.omit({
  status: true,
  sort: true,
  page: true,
  per_page: true,
});

export const PatientMarker = z.object({ symbol: z.string(), color: z.string() });

export const PatientOrganizationRef = z.object({
  id: z.number().int(),
  name: z.string(),
  account_number: z.string().nullable(),
  /** Management lists only; null for practice users or when the organization has no type. */
  organization_type: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

/** The doctor of the patient. */
export const PatientDoctorRef = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
});

/** Assignments: 1 provider, 2 in-office, 3 third party. */
export const RxFormAssignments = z.object({
  initial_setup: z.number().int(),
  print: z.number().int().nullable(),
  tray_design: z.number().int().nullable(),
  insert_brackets: z.number().int().nullable(),
});

/** The Rx form as the lists show it. */
export const PatientRxFormListSummary = z.object({
  id: z.number().int(),
  /** Initial setup request: 1 New, 2 In Progress, 3 Pending, 4 Completed, 5 Canceled. */
  status_id: z.number().int(),
  ready_at: z.string().nullable(),
  /** The doctor approved the setup. */
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  saved_for_later: z.boolean(),
  /** 1 when the doctor completed the submission (Notify doctor). */
  submission_completed_by: z.number().int().nullable(),
  rush_case: z.boolean(),
  /** 1 Maxillary, 2 Mandibular, 3 Both. */
  jaws_id: z.number().int().nullable(),
  /** YYYY-MM-DD. */
  bonding_date: z.string().nullable(),
  assignments: RxFormAssignments,
});

/** One open request of the patient (the Requests column and its age chip). */
export const PatientRequestSummary = z.object({
  /** initial_case_setup: the Rx form's setup; customer_request; printing_request; tray_design. */
  type: z.enum(['initial_case_setup', 'customer_request', 'printing_request', 'tray_design']),
  /** rx_forms.id for the setup; the request's own id otherwise. */
  id: z.number().int(),
  /** customer_requests.id (null for the setup). */
  customer_request_id: z.number().int().nullable(),
  status_id: z.number().int(),
  /** When the oldest open item of the request was created (the age chip); null: neutral. */
  oldest_open_at: z.string().nullable(),
});

/**
 * The case's shipment (its latest printing request that is not canceled) as the shipping view shows
 * it. `key` is the shipment key: rows with one key ship together (one bundle, or one location and
 * ship date before a label bundles them).
 */
export const PatientShipment = z.object({
  key: z.string(),
  printing_request_id: z.number().int(),
  customer_request_id: z.number().int(),
  /** 1 New, 2 In Progress, 3 Completed. */
  status_id: z.number().int(),
  /** 1 provider, 2 in-office, 3 third party. */
  assigned_to: z.number().int(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  shipping_method: z.string().nullable(),
  ship_date: z.string().nullable(),
  shipping_label_printed: z.boolean(),
  patient_label_printed: z.boolean(),
  tracking_number: z.string().nullable(),
  bundle: z
    .object({
      id: z.number().int(),
      tracking_number: z.string().nullable(),
      custom_shipping_fee_cents: z.number().int().nullable(),
      internal_shipping_cost_cents: z.number().int().nullable(),
      shipping_label_printed: z.boolean(),
      completed_at: z.string().nullable(),
    })
    .nullable(),
});
export type PatientShipment = z.infer<typeof PatientShipment>;

export const PatientListItem = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  /** The doctor. */
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** "First Last". */
  full_name: z.string(),
  /** "Last, First, case number (suffix)". */
  formatted_name: z.string(),
  case_number_text: z.string().nullable(),
  numeric_suffix: z.number().int().nullable(),
  /** 1 Active, 3 Complete. */
  patient_status_id: z.number().int(),
  /** Computed tab (patientListStatus). */
  list_status: z.enum(['new', 'in_progress', 'awaiting_approval', 'approved', 'completed', 'cancelled']),
  setup_completed_at: z.string().nullable(),
  held_at: z.string().nullable(),
  /** 1 practice, 2 management (primary chip). */
  held_by_group: z.number().int().nullable(),
  /** Archived or deleted. */
  deleted_at: z.string().nullable(),
  /** 'archived' | 'deleted' when deleted_at is set. */
  deleted_kind: z.enum(['archived', 'deleted']).nullable(),
  markers: z.array(PatientMarker),
  organization: PatientOrganizationRef,
  user: PatientDoctorRef,
  rx_form: PatientRxFormListSummary.nullable(),
  /** Only `case` is computed for list rows. */
  notes_availability: z.object({ case: z.boolean() }),
  /** Open requests (setup, customer requests, printing requests, tray design), oldest first. */
  requests: z.array(PatientRequestSummary),
  /** Ship date of the latest non-cancelled printing request (YYYY-MM-DD), or null. */
  ship_date: z.string().nullable(),
  /** That printing request is completed (red bold only when past and not completed). */
  ship_completed: z.boolean(),
  ios_file_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Staff with batches.manage: the case's latest print batch, and whether it can join a new one
   * (an open print request that is in no batch). */
  batch: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  batchable: z.boolean().optional(),
  /** Staff who update shipping information (not lab partners): the case's shipment, or null. */
  shipment: PatientShipment.nullable().optional(),
});
export type PatientListItem = z.infer<typeof PatientListItem>;

/** A row of the lists: the patient and its overall production time. */
export const PatientListRow = PatientListItem.extend({
  /** Seconds of the finished technician processes over the case's workflows (0 before any). */
  overall_production_time: z.number().int(),
});
export type PatientListRow = z.infer<typeof PatientListRow>;

export const ListPatientsResponse = z.object({
  data: z.array(PatientListRow),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    /** Matching patients (whole list, not the page), counted up to PATIENTS_TOTAL_CAP. */
    total: z.number().int(),
    /** True when more than PATIENTS_TOTAL_CAP patients match (then `total` is the cap). */
    total_capped: z.boolean(),
    last_page: z.number().int(),
  }),
});
export type ListPatientsResponse = z.infer<typeof ListPatientsResponse>;

export const PatientCounts = z.object({
  new: z.number().int(),
  in_progress: z.number().int(),
  awaiting_approval: z.number().int(),
  approved: z.number().int(),
  completed: z.number().int(),
  /** Every non-archived patient (cancelled Rx forms included). */
  all: z.number().int(),
  /** Held and not archived. */
  on_hold: z.number().int(),
  /** Archived or deleted; 0 without patients.view-archived. */
  archived: z.number().int(),
});
export type PatientCounts = z.infer<typeof PatientCounts>;

/** The status tabs whose counts add up to 'All' but for the cases in no tab. */
const TAB_COUNT_KEYS = ['new', 'in_progress', 'awaiting_approval', 'approved', 'completed'] as const;

/** Cases under 'All' that belong to none of the status tabs: those whose Rx form is cancelled. */
export function casesInNoTab(counts: Pick<PatientCounts, (typeof TAB_COUNT_KEYS)[number] | 'all'>): number {
  return Math.max(0, counts.all - TAB_COUNT_KEYS.reduce((n, key) => n + counts[key], 0));
}

/** What the list says under its tabs when they do not add up to 'All' (null when they do). */
export function noTabNotice(
  counts: Pick<PatientCounts, (typeof TAB_COUNT_KEYS)[number] | 'all'>,
): string | null {
  const n = casesInNoTab(counts);
  if (n === 0) return null;
  return n === 1 ? '1 case is in no tab (cancelled)' : `${n} cases are in no tab (cancelled)`;
}
export const PatientCountsResponse = z.object({ counts: PatientCounts });

// ------------------------------------------------------------------------------------------------
// Details
// ------------------------------------------------------------------------------------------------

/** 32 keys u00..u15, l00..l15; value 0, 1 or 2. */
export const TOOTH_KEYS = [
  ...Array.from({ length: 16 }, (_, i) => `u${String(i).padStart(2, '0')}`),
  ...Array.from({ length: 16 }, (_, i) => `l${String(i).padStart(2, '0')}`),
] as readonly string[];
/** UR8..UR1 UL1..UL8, LR8..LR1 LL1..LL8 for u00..u15, l00..l15. */
export function toothLabel(key: string): string {
  const upper = key.startsWith('u');
  const i = Number(key.slice(1));
  const side = i < 8 ? 'R' : 'L';
  const n = i < 8 ? 8 - i : i - 7;
  return `${upper ? 'U' : 'L'}${side}${n}`;
}

/** The tooth click cycle: 0 → 1 → 2 → 0. */
export const nextToothValue = (v: number): 0 | 1 | 2 => ((v + 1) % 3) as 0 | 1 | 2;

export const PatientRxFormSummary = PatientRxFormListSummary.extend({
  version: z.number().int(),
  submitted_at: z.string().nullable(),
  /** 1 file upload, 2 scanner. */
  scan_submission_type: z.number().int().nullable(),
  /** 0 No, 1 Upload DICOM, 2 AI-generated. */
  root_integration_type: z.number().int(),
  /** 1 iTero .. 7 Other. */
  scanner_type: z.number().int().nullable(),
  custom_scanner_type_name: z.string().nullable(),
  /** 1 IDB tray, 2 Guides, 3 Brackets. */
  export_type: z.number().int().nullable(),
  intraoral_scan_date: z.string().nullable(),
  rush_case_authorized_by: z.string().nullable(),
  custom_setup: z.boolean(),
  expedited_shipping: z.boolean(),
  special_instructions: z.string().nullable(),
  easy_rx_prescription_id: z.string().nullable(),
  location_id: z.number().int().nullable(),
  shipping_location_id: z.number().int().nullable(),
  shipping_method_id: z.number().int().nullable(),
  created_by_user_id: z.number().int().nullable(),
  /** Tooth chart, every key present (0 when not set). */
  teeth: z.record(z.string(), z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PatientRxFormSummary = z.infer<typeof PatientRxFormSummary>;

/** What the caller may do now (permission gate and state rules together). */
export const PatientAbilities = z.object({
  update: z.boolean(),
  hold: z.boolean(),
  archive: z.boolean(),
  delete: z.boolean(),
  restore: z.boolean(),
  complete: z.boolean(),
  print: z.boolean(),
  reverse: z.boolean(),
  notify: z.boolean(),
  restore_backup_ios: z.boolean(),
  /** Hold / archive / delete show the completed-setup notice instead of the reason dialog. */
  completed_setup_notice: z.boolean(),
});

export const PatientDetails = PatientListItem.omit({
  notes_availability: true,
  rx_form: true,
  organization: true,
  user: true,
}).extend({
  organization: PatientOrganizationRef,
  user: PatientDoctorRef.extend({ email: z.string() }),
  rx_form: PatientRxFormSummary.nullable(),
  is_on_hold: z.boolean(),
  archived_by_name: z.string().nullable(),
  archived_reason: z.string().nullable(),
  notes_availability: NotesAvailability,
  /** null when the caller may not read the field (see PATIENT_NOTE_FIELDS). */
  doctor_notes: z.string().nullable(),
  doctor_internal_notes: z.string().nullable(),
  internal_notes: z.string().nullable(),
  physical_tech_notes: z.string().nullable(),
  management_notes: z.string().nullable(),
  /** Per note field: may the caller read / write it. */
  notes_access: z.record(z.string(), z.object({ read: z.boolean(), write: z.boolean() })),
  has_ios_file: z.boolean(),
  has_stl_file: z.boolean(),
  has_tech_ios_backup: z.boolean(),
  has_pending_flawed_tray_request: z.boolean(),
  metadata: z.object({
    allow_delete: z.object({ allow: z.boolean(), message: z.string().nullable() }),
  }),
  abilities: PatientAbilities,
});
export type PatientDetails = z.infer<typeof PatientDetails>;

export const PatientPathParams = z.object({ id: z.coerce.number().int().positive() });
export const PatientResponse = z.object({ patient: PatientDetails });
export const PatientMessageResponse = z.object({ patient: PatientDetails, message: z.string() });
export type PatientMessageResponse = z.infer<typeof PatientMessageResponse>;

// ------------------------------------------------------------------------------------------------
// Writes
// ------------------------------------------------------------------------------------------------

/** PUT /patients/{id}: only the changed fields (at least one). Also used for single note saves. */
export const UpdatePatientRequest = z
  .object({
    first_name: PatientNameSchema.optional(),
    last_name: PatientNameSchema.optional(),
    /** Sent as null when emptied. */
    case_number_text: CaseNumberSchema.optional(),
    numeric_suffix: NumericSuffixSchema.optional(),
    doctor_notes: NoteText.optional(),
    doctor_internal_notes: NoteText.optional(),
    internal_notes: NoteText.optional(),
    physical_tech_notes: NoteText.optional(),
    management_notes: NoteText.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update.' });
export type UpdatePatientRequest = z.input<typeof UpdatePatientRequest>;

const reasonText = (max: number) =>
  z
    .string({ error: PATIENT_MESSAGES.required })
    .trim()
    .min(1, { error: PATIENT_MESSAGES.required, abort: true })
    .max(max, `Must contain max ${max} characters.`);

/** PUT /patients/{id}/toggle_hold: the reason dialog (hold and unhold). notify_office: management only. */
export const ToggleHoldRequest = z.object({
  /** The action owner's name. */
  name: reasonText(255),
  reason: reasonText(65535),
  /** Management: also tell the office (the doctor) by notification. */
  notify_office: z.boolean().optional().default(false),
});
export type ToggleHoldRequest = z.input<typeof ToggleHoldRequest>;

export const ArchivePatientRequest = z.object({
  archived_by_name: reasonText(255),
  archived_reason: reasonText(2000),
});
export type ArchivePatientRequest = z.input<typeof ArchivePatientRequest>;

export const DeletePatientRequest = z.object({
  deleted_by_name: reasonText(255),
  deleted_reason: reasonText(2000),
});
export type DeletePatientRequest = z.input<typeof DeletePatientRequest>;

/** POST /patients/{id}/case-reversal: an optional reason (recorded as the archive reason). */
export const CaseReversalRequest = z.object({ reason: z.string().trim().max(2000).optional() });

export const CaseReversalCheckResponse = z.object({
  data: z.object({ is_compliant: z.boolean(), warnings: z.array(z.string()) }),
});
export type CaseReversalCheckResponse = z.infer<typeof CaseReversalCheckResponse>;

// ------------------------------------------------------------------------------------------------
// On-hold notes, case notes
// ------------------------------------------------------------------------------------------------

export const OnHoldNote = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** The action owner's name. */
  name: z.string(),
  note: z.string(),
  /** Written when the patient was put on hold. */
  is_on_hold_reason: z.boolean(),
  /** Written when the patient was taken off hold. */
  is_unhold: z.boolean(),
  notify_office: z.boolean(),
});
export type OnHoldNote = z.infer<typeof OnHoldNote>;
export const OnHoldNotesResponse = z.object({ data: z.array(OnHoldNote) });
/** POST /patients/{id}/on-hold-notes: a note while the patient is on hold (the hold gate). */
export const CreateOnHoldNoteRequest = z.object({ name: reasonText(255), note: reasonText(65535) });
export type CreateOnHoldNoteRequest = z.input<typeof CreateOnHoldNoteRequest>;
export const OnHoldNoteMessageResponse = z.object({ data: OnHoldNote, message: z.string() });

export const CaseNote = z.object({
  id: z.number().int(),
  author_type: z.enum(['management', 'doctor']),
  author_name: z.string(),
  author_id: z.number().int().nullable(),
  created_at: z.string(),
  message: z.string(),
});
export type CaseNote = z.infer<typeof CaseNote>;
/** Oldest first. */
export const CaseNotesResponse = z.object({ data: z.array(CaseNote) });
export const CreateCaseNoteRequest = z.object({ message: reasonText(65535) });
export type CreateCaseNoteRequest = z.input<typeof CreateCaseNoteRequest>;
export const CaseNoteMessageResponse = z.object({ data: CaseNote, message: z.string() });

/** The realtime event after a case note is committed, on channel `patient.{id}` (patientChannel in realtime.ts). */
export const CASE_NOTE_EVENT = 'new-message' as const;

// ------------------------------------------------------------------------------------------------
// Backup IOS, similar patient
// ------------------------------------------------------------------------------------------------

/** The file that became the patient's IOS file. */
export const RestoredIosFile = z.object({
  id: z.number().int(),
  name: z.string(),
  original_name: z.string(),
  patient_file_type_id: z.number().int(),
  tag: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const RestoreBackupIosResponse = z.object({
  patient: PatientDetails,
  file: RestoredIosFile,
  message: z.string(),
});

/** GET /patients/check_similar_patient: same first/last name and case number in the organization (case-insensitive). */
export const CheckSimilarPatientQuery = z.object({
  first_name: z
    .string({ error: PATIENT_MESSAGES.required })
    .trim()
    .min(1, PATIENT_MESSAGES.required)
    .max(255),
  last_name: z.string({ error: PATIENT_MESSAGES.required }).trim().min(1, PATIENT_MESSAGES.required).max(255),
  case_number_text: z.string().trim().max(255).optional(),
  organization_id: z.coerce
    .number({ error: PATIENT_MESSAGES.invalidOrganization })
    .int()
    .positive()
    .optional(),
  /** The doctor (optional; not part of the match, checked to belong to the organization). */
  user_id: z.coerce.number({ error: PATIENT_MESSAGES.invalidDoctor }).int().positive().optional(),
});
export type CheckSimilarPatientQuery = z.input<typeof CheckSimilarPatientQuery>;
export const CheckSimilarPatientResponse = z.object({
  has_similar_patient: z.boolean(),
  /** The suffix a new patient with that name would get (highest existing + 1), or null. */
  numeric_suffix: z.number().int().nullable(),
  /** Creation time of the most recent similar patient, or null. */
  created_at: z.string().nullable(),
});
export type CheckSimilarPatientResponse = z.infer<typeof CheckSimilarPatientResponse>;
