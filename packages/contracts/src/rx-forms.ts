import { z } from 'zod';
import { IsoDate } from './business-days.ts';
import { CASE_NUMBER_PATTERN, PATIENT_MESSAGES, TOOTH_KEYS } from './patients.ts';

/**
 * Rx forms (the prescription of a case): the case-entry values with every rule of document 2
 * section 5 'RxForm', the Rx form details (GET /rx-forms/{id}), notify doctor (mark_as_ready),
 * the modify rules, the tooth chart and the fees.
 * Spec: document 2 sections 2 'Start A Case', 3, 4 'RxForm label' and 'Case submission', 5, 7, 9;
 * document 1 sections 3 (Rx form, Teeth), 4 (Rx label, notify doctor), 7 'Rx forms (summary use)'.
 */

// ---------------------------------------------------------------------------------------------
// Constants (document 2 section 9)
// ---------------------------------------------------------------------------------------------

export const ASSIGNMENT = { provider: 1, inOffice: 2, thirdParty: 3 } as const;
export const ASSIGNMENT_NAMES: Record<number, string> = { 1: 'Provider', 2: 'In-Office', 3: 'Third Party' };

export const SCAN_SUBMISSION = { upload: 1, scanner: 2 } as const;
/** The scan method as the spec names it. */
export const SCAN_SUBMISSION_NAMES: Record<number, 'UPLOAD' | 'SCANNER'> = { 1: 'UPLOAD', 2: 'SCANNER' };

export const SCANNER_TYPES = [
  { id: 1, name: 'iTero' },
  { id: 2, name: '3Shape' },
  { id: 3, name: '3M' },
  { id: 4, name: 'Carestream' },
  { id: 5, name: 'Cerec' },
  { id: 6, name: 'Medit' },
  { id: 7, name: 'Other' },
] as const;
export const SCANNER_TYPE_DEFAULT = 1;
export const SCANNER_TYPE_OTHER = 7;

export const JAW_TYPES = [
  { id: 1, name: 'Maxillary' },
  { id: 2, name: 'Mandibular' },
  { id: 3, name: 'Both' },
] as const;
export const JAW_BOTH = 3;

export const EXPORT_TYPES = [
  { id: 1, name: 'IDB tray' },
  { id: 2, name: 'Guides' },
  { id: 3, name: 'Brackets' },
] as const;
/** Tray design is offered only when printing in office and exporting IDB trays. */
export const TRAY_DESIGN_EXPORT_TYPE = 1;

export const ROOT_INTEGRATION = { none: 0, dicom: 1, ai: 2 } as const;
export const ROOT_INTEGRATION_TYPES = [
  { id: 0, name: 'No' },
  { id: 1, name: 'Upload DICOM' },
  { id: 2, name: 'AI-generated' },
] as const;

/** submission_completed_by 1 offers Notify doctor (mark_as_ready). */
export const SUBMISSION_COMPLETED_BY_NOTIFY = 1;

/** rx_forms.status_id: the initial case setup request. */
export const RX_FORM_STATUS = { new: 1, inProgress: 2, pending: 3, completed: 4, canceled: 5 } as const;
export const RX_FORM_STATUS_NAMES: Record<number, string> = {
  1: 'New',
  2: 'In Progress',
  3: 'Pending',
  4: 'Completed',
  5: 'Canceled',
};

export const RX_FORM_LIMITS = {
  nameMax: 255,
  rushAuthorizedByMax: 100,
  stlFilesMax: 10,
  photosMax: 10,
  dicomFiles: 1,
  customScannerNameMax: 255,
  specialInstructionsMax: 65535,
  savedForLaterNameMax: 255,
  savedForLaterReasonMax: 2000,
} as const;

/** The initial case setup's technician steps, in order (each the prerequisite of the next). */
export const INITIAL_CASE_SETUP_STEPS = ['S1', 'S2', 'S3', 'S4', 'S5', 'QA'] as const;

/**
 * Users of an organization whose onboarding is not completed and still below step 8 see only the
 * heads-up notice instead of the case form (document 2, section 1); the server refuses too.
 */
export function onboardingBlocksCaseEntry(
  onboarding: { status: number | string; current_step: number | string } | null | undefined,
): boolean {
  return Boolean(onboarding) && Number(onboarding!.status) !== 10 && Number(onboarding!.current_step) < 8;
}

export const RX_FORM_MESSAGES = {
  created: 'The case was submitted successfully.',
  savedForLater: 'The case was saved for later.',
  updated: 'The Rx form was updated successfully.',
  doctorNotified: 'The doctor has been notified.',
  required: 'Required',
  firstNameRequired: 'The first name is required.',
  lastNameRequired: 'The last name is required.',
  nameMax: 'The name must not be greater than 255 characters.',
  nameFormat: 'Use letters with an uppercase first letter, spaces, points, brackets and apostrophes only.',
  nameScript: 'Right-to-left and ideogram scripts are not accepted.',
  caseNumberFormat: PATIENT_MESSAGES.invalidCaseNumber,
  caseNumberMax: 'The case number must not be greater than 255 characters.',
  intraoralScanDateRequired: 'The intraoral scan date is required.',
  rushAuthorizedByRequired: 'The name of who authorized the rush case is required.',
  rushAuthorizedByMax: 'The authorizing name must not be greater than 100 characters.',
  rushNotEnabled: 'Rush cases are not enabled for this organization.',
  scanSubmissionRequired: 'Please choose how the scan is submitted.',
  inOfficeForcesUpload: 'An in-office initial setup must be submitted by file upload.',
  customScannerRequired: 'Please enter the name of the scanner.',
  stlFilesRequired: 'Please upload at least one STL file.',
  stlFilesMax: 'No more than 10 STL files are allowed.',
  stlTagRequired: 'Please tag each STL file as maxillary or mandibular.',
  photosRequired: 'Please upload at least one intraoral photo.',
  photosMax: 'No more than 10 intraoral photos are allowed.',
  dicomExactlyOne: 'Please upload exactly one DICOM file.',
  shippingMethodRequired: 'Please select a shipping method.',
  shippingLocationRequired: 'Please select a shipping location.',
  bracketLibrariesRequired: 'Please select at least one bracket library or custom set.',
  doctorRequired: 'Please select a doctor.',
  locationRequired: 'Please select a location.',
  assignmentNotAllowed: 'The selected assignment is not available for this organization.',
  insertBracketsAssignment: 'Insert brackets must be in office or the same as the print assignment.',
  trayDesignNotAvailable: 'Tray design is available only when printing in office with IDB trays.',
  savedForLaterNameRequired: 'Please enter your name.',
  savedForLaterReasonRequired: 'Please enter the reason.',
  teethInvalid: 'The tooth chart has 32 teeth, each valued 0, 1 or 2.',
  approvedWarning:
    'This case has already been approved. If you open and modify this case, any changes made will not be implemented.',
  similarPatient:
    'A patient with the same name already exists. Please confirm to add it with a numeric suffix.',
  onboarding: 'Your onboarding is not complete yet. Please contact customer support to start a case.',
  contractSuspended: 'The contract of this organization is suspended. New cases cannot be started.',
  cannotCreate: 'You are not allowed to start a case for this organization.',
  cancelled: 'This Rx form has been cancelled and cannot be changed.',
  patientArchived: 'The patient is archived; restore it to change its Rx form.',
  cannotModify: 'You are not allowed to change this Rx form.',
  assignmentLocked: 'The assignment can change only while the case is new.',
  fieldNotModifiable: 'This field cannot be changed now.',
  fieldHidden: 'This field is hidden for the organization.',
  alreadyReady: 'The doctor has already been notified.',
  notifyNotAvailable:
    'Notify doctor is available only for a case completed by the lab that is neither ready nor cancelled.',
  invalidSelection: 'The selected value is invalid.',
  noLocations: 'No found Locations',
  noAdditionalFields: 'No additional fields exists',
  scanNotice:
    'Intraoral scans are retrieved automatically after submission. The patient name must match the name on the scan.',
} as const;

// ---------------------------------------------------------------------------------------------
// Teeth (document 1 section 3 'Teeth', section 4)
// ---------------------------------------------------------------------------------------------

/** TOOTH_KEYS, toothLabel and nextToothValue (a click cycles 0 -> 1 -> 2 -> 0) live in patients.ts. */
export type ToothValue = 0 | 1 | 2;
export type Teeth = Record<string, ToothValue>;

/** Tooth states: 0 none, 1 missing or extract (blue), 2 keep space (green). */
export const TOOTH_VALUE_NAMES: Record<ToothValue, string> = {
  0: 'None',
  1: 'Missing / Extract',
  2: 'Keep Space',
};

export function defaultTeeth(): Teeth {
  return Object.fromEntries(TOOTH_KEYS.map((k) => [k, 0])) as Teeth;
}

export const TeethSchema = z
  .record(z.string(), z.union([z.literal(0), z.literal(1), z.literal(2)]), {
    error: RX_FORM_MESSAGES.teethInvalid,
  })
  .refine(
    (t) => Object.keys(t).length === 32 && TOOTH_KEYS.every((k) => k in t),
    RX_FORM_MESSAGES.teethInvalid,
  );

// Labels and notify doctor: rxFormLabel and canNotifyDoctor of patients.ts (the same rules).

// ---------------------------------------------------------------------------------------------
// Values and their rules (document 2 sections 3 and 5)
// ---------------------------------------------------------------------------------------------

// Right-to-left scripts and ideograms (CJK, kana, hangul, Yi).
const REJECTED_SCRIPTS =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\p{Script=Yi}]/u;
const NAME_RE = /^\p{Lu}[\p{L}\p{M} .()[\]'’]*$/u;

/** The check of a patient name: null when valid, else the message. */
export function patientNameError(value: string): string | null {
  const v = value.trim();
  if (v === '') return RX_FORM_MESSAGES.required;
  if (v.length > RX_FORM_LIMITS.nameMax) return RX_FORM_MESSAGES.nameMax;
  if (REJECTED_SCRIPTS.test(v)) return RX_FORM_MESSAGES.nameScript;
  if (!NAME_RE.test(v)) return RX_FORM_MESSAGES.nameFormat;
  return null;
}

const nameSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(RX_FORM_LIMITS.nameMax, RX_FORM_MESSAGES.nameMax)
    .refine((v) => !REJECTED_SCRIPTS.test(v), RX_FORM_MESSAGES.nameScript)
    .refine(
      (v) => v === '' || v.length > RX_FORM_LIMITS.nameMax || REJECTED_SCRIPTS.test(v) || NAME_RE.test(v),
      RX_FORM_MESSAGES.nameFormat,
    );

const optionalId = z.number().int().positive().nullable().optional();

/** An uploaded file of the form: the pending upload's path (from upload_link) and its name. */
export const RxFile = z.object({
  file_path: z.string().trim().min(1).max(1024),
  name: z.string().trim().min(1).max(255),
  /** STL files: stl_maxillary or stl_mandibular. */
  tag: z.enum(['stl_maxillary', 'stl_mandibular']).nullable().optional(),
});
export type RxFile = z.infer<typeof RxFile>;

const Assignment = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: RX_FORM_MESSAGES.invalidSelection,
});

/** The extra-information dialog of Save for later. */
export const SavedForLaterInfo = z.object({
  name: z
    .string({ error: RX_FORM_MESSAGES.savedForLaterNameRequired })
    .trim()
    .min(1, RX_FORM_MESSAGES.savedForLaterNameRequired)
    .max(RX_FORM_LIMITS.savedForLaterNameMax),
  reason: z
    .string({ error: RX_FORM_MESSAGES.savedForLaterReasonRequired })
    .trim()
    .min(1, RX_FORM_MESSAGES.savedForLaterReasonRequired)
    .max(RX_FORM_LIMITS.savedForLaterReasonMax),
  /** Management only: also notify the office (the doctor) about the saved case. */
  notify_office: z.boolean().default(false),
});
export type SavedForLaterInfo = z.infer<typeof SavedForLaterInfo>;

/** The RxForm values (document 2 section 3), before the context rules. */
export const RxFormValuesBase = z.object({
  /** The doctor (patients.user_id); required when doctor selection applies. */
  user_id: optionalId,
  first_name: nameSchema(RX_FORM_MESSAGES.firstNameRequired),
  last_name: nameSchema(RX_FORM_MESSAGES.lastNameRequired),
  case_number_text: z
    .string()
    .trim()
    .max(RX_FORM_LIMITS.nameMax, RX_FORM_MESSAGES.caseNumberMax)
    .regex(CASE_NUMBER_PATTERN, RX_FORM_MESSAGES.caseNumberFormat)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  intraoral_scan_date: z
    .string({ error: RX_FORM_MESSAGES.intraoralScanDateRequired })
    .min(1, RX_FORM_MESSAGES.intraoralScanDateRequired)
    .pipe(IsoDate),
  submission_completed_by: z.union([z.literal(1), z.literal(2)]).default(1),
  location_id: z.number({ error: RX_FORM_MESSAGES.locationRequired }).int().positive(),
  rush_case: z.boolean().default(false),
  rush_case_authorized_by: z
    .string()
    .trim()
    .max(RX_FORM_LIMITS.rushAuthorizedByMax, RX_FORM_MESSAGES.rushAuthorizedByMax)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  scan_submission_type: z.union(
    [
      z.literal(1, { error: RX_FORM_MESSAGES.scanSubmissionRequired }),
      z.literal(2, { error: RX_FORM_MESSAGES.scanSubmissionRequired }),
    ],
    { error: RX_FORM_MESSAGES.scanSubmissionRequired },
  ),
  scanner_type: z
    .number()
    .int()
    .min(1, RX_FORM_MESSAGES.invalidSelection)
    .max(7, RX_FORM_MESSAGES.invalidSelection)
    .default(SCANNER_TYPE_DEFAULT),
  custom_scanner_type_name: z
    .string()
    .trim()
    .max(RX_FORM_LIMITS.customScannerNameMax)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  stl_files: z.array(RxFile).default([]),
  rx_intraoral_photos: z.array(RxFile).default([]),
  dicom_files: z.array(RxFile).default([]),
  special_instructions: z
    .string()
    .max(RX_FORM_LIMITS.specialInstructionsMax)
    .nullable()
    .optional()
    .transform((v) => (v && v.trim() ? v : null)),
  jaws_id: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(JAW_BOTH),
  export_type: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  initial_setup_assignment: Assignment.default(1),
  print_assignment: Assignment.default(1),
  tray_design_assignment: Assignment.nullable()
    .optional()
    .transform((v) => v ?? null),
  insert_brackets_assignment: Assignment.default(1),
  shipping_location_id: optionalId.transform((v) => v ?? null),
  /** The shipping method's id. */
  shipping_method: optionalId.transform((v) => v ?? null),
  root_integration_type: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  bracket_libraries: z.array(z.number().int().positive()).max(100).default([]),
  custom_bracket_set_id: optionalId.transform((v) => v ?? null),
  arch_wires: z.array(z.number().int().positive()).max(100).default([]),
  bonding_date: IsoDate.nullable()
    .optional()
    .transform((v) => v ?? null),
  teeth: TeethSchema.default(defaultTeeth),
  custom_setup: z.boolean().default(false),
  saved_for_later: z.boolean().default(false),
  /** The extra-information dialog of Save for later (required when saved_for_later). */
  saved_for_later_info: SavedForLaterInfo.nullable()
    .optional()
    .transform((v) => v ?? null),
  form_builder_layout_id: optionalId.transform((v) => v ?? null),
  /** Values of the layout's custom controls, keyed by custom_system_name. */
  custom_field_values: z.record(z.string(), z.unknown()).default({}),
});
export type RxFormValuesInput = z.input<typeof RxFormValuesBase>;
export type RxFormValues = z.output<typeof RxFormValuesBase>;

/** Which lead field hides which values (the RxForm preference's hidden_fields). */
export const HIDDEN_FIELD_VALUES: Record<string, readonly (keyof RxFormValues)[]> = {
  case_number_text: ['case_number_text'],
  submission_completed_by: ['submission_completed_by'],
  rush_case: ['rush_case', 'rush_case_authorized_by'],
  teeth: ['teeth'],
  custom_setup: ['custom_setup'],
  tray_design_assignment: ['tray_design_assignment'],
  bonding_date: ['bonding_date'],
  root_integration_type: ['root_integration_type', 'dicom_files'],
  arch_wires: ['arch_wires'],
  special_instructions: ['special_instructions'],
};

/** The value fields a list of hidden lead fields hides. */
export function hiddenValueFields(hiddenFields: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const f of hiddenFields) for (const v of HIDDEN_FIELD_VALUES[f] ?? [f]) out.add(v);
  return out;
}

export interface RxFormContext {
  /** Organization preference: rush cases may be chosen. */
  rushCaseEnabled: boolean;
  /** Organization preference: hidden built-in fields (lead names, e.g. 'rush_case'). */
  hiddenFields?: readonly string[];
  /** Organization preference: the assignment options offered. */
  assignments?: {
    initial_setup: readonly number[];
    print: readonly number[];
    insert_brackets: readonly number[];
  };
  /** The caller may choose the doctor (rx-forms.select-doctor / organization.rx-forms.select-doctor). */
  doctorSelection: boolean;
  /** Forces the saved-for-later relaxations (otherwise read from the values). */
  savedForLater?: boolean;
  /** Validates custom_field_values (form-builder customControlsSchema(layout)). */
  customFieldsSchema?: z.ZodType;
}

/** Values after the case-submission rules that reset fields (document 2 section 4 'Case submission'). */
export function normalizeRxFormValues(
  values: RxFormValues,
  context: Pick<RxFormContext, 'hiddenFields'>,
): RxFormValues {
  const v = { ...values };
  // Rush case resets to no when the initial setup is in office.
  if (v.initial_setup_assignment === ASSIGNMENT.inOffice) {
    v.rush_case = false;
    v.rush_case_authorized_by = null;
  }
  if (!v.rush_case) v.rush_case_authorized_by = null;
  if (v.scanner_type !== SCANNER_TYPE_OTHER) v.custom_scanner_type_name = null;
  if (v.scan_submission_type === SCAN_SUBMISSION.scanner) v.stl_files = [];
  if (v.root_integration_type !== ROOT_INTEGRATION.dicom) v.dicom_files = [];
  if (v.print_assignment === ASSIGNMENT.inOffice) {
    v.shipping_method = null;
    v.shipping_location_id = null;
  }
  if (!trayDesignAvailable(v)) v.tray_design_assignment = null;
  if (!v.saved_for_later) v.saved_for_later_info = null;
  const hidden = hiddenValueFields(context.hiddenFields ?? []);
  const defaults: Partial<RxFormValues> = {
    case_number_text: null,
    submission_completed_by: 1,
    rush_case: false,
    rush_case_authorized_by: null,
    teeth: defaultTeeth(),
    custom_setup: false,
    tray_design_assignment: null,
    bonding_date: null,
    root_integration_type: 0,
    dicom_files: [],
    arch_wires: [],
    special_instructions: null,
  };
  for (const f of hidden)
    if (f in defaults) (v as Record<string, unknown>)[f] = defaults[f as keyof RxFormValues];
  return v;
}

/** Tray design is shown only when print is in office and the export type is IDB tray. */
export function trayDesignAvailable(v: { print_assignment: number; export_type: number }): boolean {
  return v.print_assignment === ASSIGNMENT.inOffice && v.export_type === TRAY_DESIGN_EXPORT_TYPE;
}

/** The insert-brackets options: in office, or the print assignment. */
export function insertBracketsChoices(printAssignment: number): number[] {
  return [...new Set([ASSIGNMENT.inOffice as number, printAssignment])].sort();
}

/** An in-office initial setup forces the scan method to UPLOAD (the choice is locked). */
export function scanSubmissionLocked(initialSetupAssignment: number): boolean {
  return initialSetupAssignment === ASSIGNMENT.inOffice;
}

/** Rush case is offered when enabled for the organization, and not for an in-office setup (it resets to no). */
export function rushCaseAvailable(rushCaseEnabled: boolean, initialSetupAssignment: number): boolean {
  return rushCaseEnabled && initialSetupAssignment !== ASSIGNMENT.inOffice;
}

/** Shipping (method and location) is asked unless printing in office. */
export function shippingRequired(printAssignment: number): boolean {
  return printAssignment !== ASSIGNMENT.inOffice;
}

/**
 * The doctor selector applies with rx-forms.select-doctor (management, any organization) or
 * organization.rx-forms.select-doctor (practice, in the current organization). The server uses the
 * same rule (the doctor is then required; otherwise the caller is the doctor).
 */
export function doctorSelectionApplies(
  user: {
    profile: 'management' | 'practice';
    permissions: ReadonlySet<string> | readonly string[];
    current_organization_id: number | null;
  },
  organizationId: number,
): boolean {
  const has = (p: string) =>
    Array.isArray(user.permissions)
      ? (user.permissions as readonly string[]).includes(p)
      : (user.permissions as ReadonlySet<string>).has(p);
  if (user.profile === 'management')
    return has('rx-forms.select-doctor') || has('organization.rx-forms.select-doctor');
  return has('organization.rx-forms.select-doctor') && user.current_organization_id === organizationId;
}

type Issue = { path: (string | number)[]; message: string };

/** Every context rule of document 2 section 5 'RxForm' on already-parsed values. */
export function rxFormIssues(values: RxFormValues, context: RxFormContext): Issue[] {
  const issues: Issue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const hidden = hiddenValueFields(context.hiddenFields ?? []);
  const savedForLater = context.savedForLater ?? values.saved_for_later;
  const v = values;

  if (context.doctorSelection && !v.user_id) add(['user_id'], RX_FORM_MESSAGES.doctorRequired);

  if (!hidden.has('rush_case') && v.rush_case) {
    if (!context.rushCaseEnabled) add(['rush_case'], RX_FORM_MESSAGES.rushNotEnabled);
    else if (v.initial_setup_assignment !== ASSIGNMENT.inOffice && !v.rush_case_authorized_by)
      add(['rush_case_authorized_by'], RX_FORM_MESSAGES.rushAuthorizedByRequired);
  }

  if (v.initial_setup_assignment === ASSIGNMENT.inOffice && v.scan_submission_type !== SCAN_SUBMISSION.upload)
    add(['scan_submission_type'], RX_FORM_MESSAGES.inOfficeForcesUpload);
  if (v.scanner_type === SCANNER_TYPE_OTHER && !v.custom_scanner_type_name)
    add(['custom_scanner_type_name'], RX_FORM_MESSAGES.customScannerRequired);

  if (v.scan_submission_type === SCAN_SUBMISSION.upload) {
    if (v.stl_files.length > RX_FORM_LIMITS.stlFilesMax) add(['stl_files'], RX_FORM_MESSAGES.stlFilesMax);
    if (!savedForLater) {
      if (v.stl_files.length < 1) add(['stl_files'], RX_FORM_MESSAGES.stlFilesRequired);
      v.stl_files.forEach((f, i) => {
        if (!f.tag) add(['stl_files', i, 'tag'], RX_FORM_MESSAGES.stlTagRequired);
      });
    }
  }
  if (v.rx_intraoral_photos.length > RX_FORM_LIMITS.photosMax)
    add(['rx_intraoral_photos'], RX_FORM_MESSAGES.photosMax);
  else if (!savedForLater && v.rx_intraoral_photos.length < 1)
    add(['rx_intraoral_photos'], RX_FORM_MESSAGES.photosRequired);
  if (!hidden.has('dicom_files') && v.root_integration_type === ROOT_INTEGRATION.dicom) {
    if (v.dicom_files.length > RX_FORM_LIMITS.dicomFiles || (!savedForLater && v.dicom_files.length !== 1))
      add(['dicom_files'], RX_FORM_MESSAGES.dicomExactlyOne);
  }

  const a = context.assignments;
  if (a) {
    if (!a.initial_setup.includes(v.initial_setup_assignment))
      add(['initial_setup_assignment'], RX_FORM_MESSAGES.assignmentNotAllowed);
    if (!a.print.includes(v.print_assignment))
      add(['print_assignment'], RX_FORM_MESSAGES.assignmentNotAllowed);
    if (!a.insert_brackets.includes(v.insert_brackets_assignment))
      add(['insert_brackets_assignment'], RX_FORM_MESSAGES.assignmentNotAllowed);
  }
  if (!insertBracketsChoices(v.print_assignment).includes(v.insert_brackets_assignment))
    add(['insert_brackets_assignment'], RX_FORM_MESSAGES.insertBracketsAssignment);
  if (!hidden.has('tray_design_assignment') && v.tray_design_assignment !== null && !trayDesignAvailable(v))
    add(['tray_design_assignment'], RX_FORM_MESSAGES.trayDesignNotAvailable);

  if (v.print_assignment !== ASSIGNMENT.inOffice) {
    if (!v.shipping_method) add(['shipping_method'], RX_FORM_MESSAGES.shippingMethodRequired);
    if (!v.shipping_location_id) add(['shipping_location_id'], RX_FORM_MESSAGES.shippingLocationRequired);
  }

  if (
    v.initial_setup_assignment !== ASSIGNMENT.inOffice &&
    v.bracket_libraries.length === 0 &&
    !v.custom_bracket_set_id
  )
    add(['bracket_libraries'], RX_FORM_MESSAGES.bracketLibrariesRequired);

  if (v.saved_for_later && !v.saved_for_later_info) {
    add(['saved_for_later_info', 'name'], RX_FORM_MESSAGES.savedForLaterNameRequired);
    add(['saved_for_later_info', 'reason'], RX_FORM_MESSAGES.savedForLaterReasonRequired);
  }

  if (context.customFieldsSchema) {
    const r = context.customFieldsSchema.safeParse(v.custom_field_values);
    if (!r.success)
      for (const i of r.error.issues)
        add(['custom_field_values', ...(i.path as (string | number)[])], i.message);
  }
  return issues;
}

/**
 * The RxForm schema of a case entry with its context (organization preference, saved for later,
 * doctor selection, custom controls): used by the web form and by POST /rx-forms.
 * The output is normalized (rush reset for in-office setups, fields of other choices cleared,
 * hidden fields at their defaults).
 */
export function rxFormSchema(context: RxFormContext) {
  return RxFormValuesBase.superRefine((values, ctx) => {
    for (const issue of rxFormIssues(values, context)) ctx.addIssue({ code: 'custom', ...issue });
  }).transform((values) => normalizeRxFormValues(values, context));
}

/** Field-keyed messages of a failed parse ('stl_files.0.tag' style keys), first message per field. */
export function rxFormErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Fees (document 2 section 9, document 3 section 3 'Pricing')
// ---------------------------------------------------------------------------------------------

export interface RxFormPricing {
  arch_fees: { rush_case?: number | null };
  root_integration: number;
  root_integration_with_ai: number;
}

/** GET /organizations/{id}/rx-form-pricing: the prices the case form shows (rush, root integration). */
export const RxFormPricingResponse = z.object({
  pricing: z.object({
    arch_fees: z.object({ rush_case: z.number().nullable().optional() }),
    root_integration: z.number(),
    root_integration_with_ai: z.number(),
  }),
});
export type RxFormPricingResponse = z.infer<typeof RxFormPricingResponse>;

export interface RxFormFees {
  rush_case_fee: number;
  root_integration_fee: number;
  total: number;
}

/** Rush fee: arch_fees.rush_case, doubled for both arches; root integration: the DICOM or AI price. */
export function rxFormFees(
  values: { rush_case: boolean; jaws_id: number | null; root_integration_type: number },
  pricing: RxFormPricing,
): RxFormFees {
  const perArch = Number(pricing.arch_fees.rush_case ?? 0);
  const rush = values.rush_case ? perArch * (values.jaws_id === JAW_BOTH ? 2 : 1) : 0;
  const root =
    values.root_integration_type === ROOT_INTEGRATION.dicom
      ? Number(pricing.root_integration)
      : values.root_integration_type === ROOT_INTEGRATION.ai
        ? Number(pricing.root_integration_with_ai)
        : 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { rush_case_fee: round(rush), root_integration_fee: round(root), total: round(rush + root) };
}

// ---------------------------------------------------------------------------------------------
// API: POST /rx-forms (create a case)
// ---------------------------------------------------------------------------------------------

/**
 * POST /rx-forms: the values plus the organization; confirmed_similar_patient after the duplicate
 * confirmation (GET /patients/check_similar_patient answered has_similar_patient).
 */
export const CreateRxFormRequest = RxFormValuesBase.extend({
  organization_id: z.number({ error: 'The organization is required.' }).int().positive(),
  confirmed_similar_patient: z.boolean().default(false),
  // Absent: the organization's configured default (its initial setup and print request
  // configurations), applied by the server.
  initial_setup_assignment: Assignment.optional(),
  print_assignment: Assignment.optional(),
  insert_brackets_assignment: Assignment.optional(),
});
export type CreateRxFormRequest = z.input<typeof CreateRxFormRequest>;

/** A field schema without its default (PATCH: an absent field stays as it is). */
function withoutDefault(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { def: { type: string; innerType?: z.ZodType } }).def;
  return def.type === 'default' && def.innerType ? def.innerType : schema;
}

/** PATCH /rx-forms/{id}: only the fields to change (modification_rules.modifiable_fields). */
export const UpdateRxFormRequest = z.object(
  Object.fromEntries(
    Object.entries(RxFormValuesBase.shape).map(([k, s]) => [k, withoutDefault(s as z.ZodType).optional()]),
  ) as {
    [K in keyof typeof RxFormValuesBase.shape]: z.ZodOptional<
      z.ZodType<z.output<(typeof RxFormValuesBase.shape)[K]>, z.input<(typeof RxFormValuesBase.shape)[K]>>
    >;
  },
);
export type UpdateRxFormRequest = z.input<typeof UpdateRxFormRequest>;

export const RxFormIdParams = z.object({ id: z.coerce.number().int().positive() });

// ---------------------------------------------------------------------------------------------
// API: GET /rx-forms/{id}
// ---------------------------------------------------------------------------------------------

export const RxFormLocation = z.object({
  id: z.number().int(),
  location_name: z.string(),
  full_address: z.string(),
  street_address: z.string(),
  street_address_line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string(),
  phone_number: z.string(),
  timezone_offset: z.number().int().nullable(),
});
export type RxFormLocation = z.infer<typeof RxFormLocation>;

const NamedFile = z.object({ id: z.number().int(), label: z.string(), file_name: z.string() });

/**
 * Which fields may be changed now (PATCH). Nothing once cancelled; the assignments only while the
 * status is New (and with rx-forms.assign / organization.rx-forms.assign); the other fields while
 * not cancelled, by the organization's case creators and management with rx-forms.manage or
 * rx-forms.update-management-data. Hidden fields never. An approved case (completed_at) stays
 * modifiable with the approved-case warning.
 */
export const ModificationRules = z.object({
  can_modify: z.boolean(),
  can_change_assignments: z.boolean(),
  modifiable_fields: z.array(z.string()),
  show_approved_warning: z.boolean(),
  reason: z.string().nullable(),
});
export type ModificationRules = z.infer<typeof ModificationRules>;

/** The assignment fields (changeable only while the status is New). */
export const ASSIGNMENT_FIELDS = [
  'initial_setup_assignment',
  'print_assignment',
  'tray_design_assignment',
  'insert_brackets_assignment',
] as const;

/** The fields PATCH may change besides the assignments (files are managed on the patient). */
export const MODIFIABLE_CASE_FIELDS = [
  'user_id',
  'intraoral_scan_date',
  'submission_completed_by',
  'location_id',
  'rush_case',
  'rush_case_authorized_by',
  'scan_submission_type',
  'scanner_type',
  'custom_scanner_type_name',
  'special_instructions',
  'jaws_id',
  'export_type',
  'shipping_location_id',
  'shipping_method',
  'root_integration_type',
  'bracket_libraries',
  'custom_bracket_set_id',
  'arch_wires',
  'bonding_date',
  'teeth',
  'custom_setup',
  'saved_for_later',
  'saved_for_later_info',
  'custom_field_values',
] as const;

export const RxForm = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  patient_id: z.number().int().nullable(),
  user_id: z.number().int(),
  created_by_user_id: z.number().int().nullable(),
  status_id: z.number().int(),
  status: z.string(),
  status_updated_at: z.string(),
  label: z.enum(['CANCELLED', 'PENDING', 'COMPLETED']).nullable(),
  can_notify_doctor: z.boolean(),
  submitted_at: z.string().nullable(),
  ready_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  submission_completed_by: z.number().int().nullable(),
  saved_for_later: z.boolean(),
  saved_for_later_info: z
    .object({ name: z.string(), reason: z.string(), notify_office: z.boolean(), saved_at: z.string() })
    .nullable(),
  scan_submission_type: z.number().int().nullable(),
  scanner_type: z.number().int().nullable(),
  custom_scanner_type_name: z.string().nullable(),
  root_integration_type: z.number().int(),
  has_root_integration: z.boolean(),
  initial_setup_assignment: z.number().int(),
  print_assignment: z.number().int().nullable(),
  tray_design_assignment: z.number().int().nullable(),
  insert_brackets_assignment: z.number().int().nullable(),
  jaws_id: z.number().int().nullable(),
  export_type: z.number().int().nullable(),
  version: z.number().int(),
  bonding_date: z.string().nullable(),
  intraoral_scan_date: z.string().nullable(),
  rush_case: z.boolean(),
  rush_case_authorized_by: z.string().nullable(),
  custom_setup: z.boolean(),
  special_instructions: z.string().nullable(),
  teeth: z.record(z.string(), z.number().int()),
  location_id: z.number().int().nullable(),
  shipping_location_id: z.number().int().nullable(),
  shipping_method_id: z.number().int().nullable(),
  custom_bracket_set_id: z.number().int().nullable(),
  form_builder_layout_id: z.number().int().nullable(),
  organization: z.object({ id: z.number().int(), name: z.string(), account_number: z.string().nullable() }),
  location: RxFormLocation.nullable(),
  shipping_location: RxFormLocation.nullable(),
  shipping_method: z.object({ id: z.number().int(), id_string: z.string(), name: z.string() }).nullable(),
  bracket_libraries: z.array(NamedFile),
  custom_bracket_set: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  arch_wires: z.array(NamedFile),
  user: z.object({ id: z.number().int(), full_name: z.string() }),
  created_by_user: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  /** The layout the case was entered with (form-builder form_data). */
  form_builder_data: z
    .object({ id: z.number().int().nullable(), form_data: z.array(z.unknown()) })
    .nullable(),
  /** Custom control values keyed by custom_system_name. */
  custom_field_values: z.record(z.string(), z.unknown()),
  fees: z.object({ rush_case_fee: z.number(), root_integration_fee: z.number(), total: z.number() }),
  easy_rx_case: z.object({ prescription_id: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RxForm = z.infer<typeof RxForm>;

export const RxFormMetadata = z.object({
  modification_rules: ModificationRules,
  /** Lead names of the built-in fields hidden for the organization. */
  hidden_fields: z.array(z.string()),
});
export type RxFormMetadata = z.infer<typeof RxFormMetadata>;

/** GET /rx-forms/{id} */
export const RxFormResponse = z.object({ rx_form: RxForm, metadata: RxFormMetadata });
export type RxFormResponse = z.infer<typeof RxFormResponse>;

/** POST /rx-forms/{id}/mark_as_ready (notify doctor); PATCH /rx-forms/{id} */
export const RxFormMessageResponse = z.object({ rx_form: RxForm, message: z.string() });
export type RxFormMessageResponse = z.infer<typeof RxFormMessageResponse>;

/** POST /rx-forms */
export const CreateRxFormResponse = z.object({
  rx_form: RxForm,
  patient: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    case_number_text: z.string().nullable(),
    numeric_suffix: z.number().int().nullable(),
  }),
  message: z.string(),
});
export type CreateRxFormResponse = z.infer<typeof CreateRxFormResponse>;

// ---------------------------------------------------------------------------------------------
// API: case-entry lookups (document 2 section 7 'Case entry', document 3 section 3)
// ---------------------------------------------------------------------------------------------

const QueryFlag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

export const LOOKUP_DEFAULT_PAGE_SIZE = 100;
export const LOOKUP_MAX_PAGE_SIZE = 500;

const lookupPaging = {
  page: z.coerce.number().int().min(1, 'The page must be at least 1.').default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1, 'The per page must be at least 1.')
    .max(LOOKUP_MAX_PAGE_SIZE, `The per page must not be greater than ${LOOKUP_MAX_PAGE_SIZE}.`)
    .default(LOOKUP_DEFAULT_PAGE_SIZE),
};

export const LookupMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});

export const LOOKUP_MESSAGES = {
  invalidLocation: 'The selected location is invalid.',
  invalidAssignment: 'The selected assignment is invalid.',
  invalidUser: 'The selected user is invalid.',
} as const;

/**
 * GET /shipping_methods: locationId (international methods for a location outside the USA, the
 * domestic ones otherwise), assignment (in office (2) needs no shipping: empty list), availableOnly,
 * and the caller's datetime/offset for the dates (server clock otherwise).
 */
export const ShippingMethodsQuery = z.object({
  locationId: z.coerce.number({ error: LOOKUP_MESSAGES.invalidLocation }).int().positive().optional(),
  assignment: z.coerce
    .number({ error: LOOKUP_MESSAGES.invalidAssignment })
    .int()
    .min(1, LOOKUP_MESSAGES.invalidAssignment)
    .max(3, LOOKUP_MESSAGES.invalidAssignment)
    .optional(),
  availableOnly: QueryFlag.default(false),
  datetime: z.string().trim().max(64).optional(),
  offset: z.coerce.number().int().min(-840).max(840).optional(),
});
export type ShippingMethodsQuery = z.input<typeof ShippingMethodsQuery>;

/**
 * A shipping method with its dates from the business-day calendar: ship_date the next business
 * date; arrival_date ship date plus the transit business days; delivery dates the window
 * (arrival, and for international methods two business days later).
 */
export const ShippingMethodItem = z.object({
  id: z.number().int(),
  id_string: z.string(),
  name: z.string(),
  available: z.boolean(),
  transit_days: z.number().int(),
  international: z.boolean(),
  fee_key: z.string().nullable(),
  ship_date: z.string(),
  arrival_date: z.string(),
  delivery_date_from: z.string(),
  delivery_date_to: z.string(),
});
export type ShippingMethodItem = z.infer<typeof ShippingMethodItem>;
export const ShippingMethodsResponse = z.object({ shipping_methods: z.array(ShippingMethodItem) });
export type ShippingMethodsResponse = z.infer<typeof ShippingMethodsResponse>;

/** Short role labels of the doctor selector ('Dana Doctor (Owner)'). */
export const DOCTOR_ROLE_SHORT_LABELS: Record<string, string> = {
  organization_owner: 'Owner',
  organization_manager: 'Manager',
  organization_member: 'Member',
};

export const OrganizationLookupParams = z.object({ id: z.coerce.number().int().positive() });
export const OrganizationUserLookupParams = z.object({
  id: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});
export const LookupPageQuery = z.object(lookupPaging);
export type LookupPageQuery = z.input<typeof LookupPageQuery>;

/** GET /organizations/{id}/doctors (rx-forms.select-doctor / organization.rx-forms.select-doctor). */
export const DoctorListItem = z.object({
  id: z.number().int(),
  full_name: z.string(),
  /** The membership role (organization_owner, ...). */
  role: z.string(),
  /** Its short label (Owner, Manager, Member). */
  role_label: z.string(),
});
export type DoctorListItem = z.infer<typeof DoctorListItem>;
export const DoctorsResponse = z.object({ data: z.array(DoctorListItem), meta: LookupMeta });
export type DoctorsResponse = z.infer<typeof DoctorsResponse>;

/** GET /organizations/{id}/users/{userId}/bracket-libraries: visible libraries assigned to the user (or to nobody). */
export const BracketLibraryItem = z.object({
  id: z.number().int(),
  label: z.string(),
  file_name: z.string(),
  format: z.number().int(),
});
export type BracketLibraryItem = z.infer<typeof BracketLibraryItem>;
export const BracketLibrariesResponse = z.object({ data: z.array(BracketLibraryItem), meta: LookupMeta });
export type BracketLibrariesResponse = z.infer<typeof BracketLibrariesResponse>;

/** GET /organizations/{id}/custom-bracket-sets?assigned_to_user_id */
export const CustomBracketSetsQuery = z.object({
  assigned_to_user_id: z.coerce.number({ error: LOOKUP_MESSAGES.invalidUser }).int().positive().optional(),
  /**
   * The organization page's and the Custom Bracket Sets page's list (document 3 section 2.14):
   * created_by_management (custom-bracket-sets.manage) or owned (the caller's own sets).
   */
  filter: z.enum(['owned', 'created_by_management'], { error: 'The selected filter is invalid.' }).optional(),
  ...lookupPaging,
});
export type CustomBracketSetsQuery = z.input<typeof CustomBracketSetsQuery>;
export const CustomBracketSetItem = z.object({
  id: z.number().int(),
  name: z.string(),
  created_by_management: z.boolean(),
  teeth: z.array(
    z.object({
      tooth_number: z.number().int(),
      bracket_library_id: z.number().int(),
      bracket_library_name: z.string(),
      height: z.number().nullable(),
    }),
  ),
  assigned_user_ids: z.array(z.number().int()),
});
export type CustomBracketSetItem = z.infer<typeof CustomBracketSetItem>;
export const CustomBracketSetsResponse = z.object({
  data: z.array(CustomBracketSetItem),
  meta: LookupMeta,
  /** With a filter: whether the organization has custom bracket sets enabled. */
  enabled: z.boolean().optional(),
  /** With a filter: whether the caller may assign users and switch custom sets on or off. */
  can_manage: z.boolean().optional(),
});
export type CustomBracketSetsResponse = z.infer<typeof CustomBracketSetsResponse>;

/** GET /organizations/{id}/users/{userId}/arch-wires: the organization's and the built-in arch wires for the user. */
export const ArchWireItem = z.object({
  id: z.number().int(),
  label: z.string(),
  file_name: z.string(),
  /** An arch-wire library uploaded for the organization (false: a built-in arch wire). */
  uploaded: z.boolean(),
});
export type ArchWireItem = z.infer<typeof ArchWireItem>;

/**
 * Case submission: 'Archwire selection is disabled when uploaded archwires exist.' While the
 * doctor is offered uploaded arch-wire libraries, those are the arch wires of the case: the
 * built-in arch wires cannot be chosen (the form disables them, the server refuses them).
 */
export const ARCH_WIRE_CHOICE_MESSAGES = {
  uploadedInUse: 'The uploaded arch wires are used; built-in arch wires cannot be chosen.',
  builtInRefused: 'Built-in arch wires cannot be chosen while uploaded arch wires exist.',
} as const;

/** Whether the built-in arch wires are locked: some uploaded arch wire is offered. */
export function builtInArchWiresLocked(offered: readonly { uploaded: boolean }[]): boolean {
  return offered.some((w) => w.uploaded);
}

/** The chosen ids that may not stay chosen: built-in arch wires while uploaded ones are offered. */
export function refusedArchWireIds(
  offered: readonly { id: number; uploaded: boolean }[],
  chosen: readonly number[],
): number[] {
  if (!builtInArchWiresLocked(offered)) return [];
  const builtIn = new Set(offered.filter((w) => !w.uploaded).map((w) => w.id));
  return chosen.filter((id) => builtIn.has(id));
}
export const ArchWiresResponse = z.object({ data: z.array(ArchWireItem), meta: LookupMeta });
export type ArchWiresResponse = z.infer<typeof ArchWiresResponse>;
