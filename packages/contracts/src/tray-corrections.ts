/**
 * Tray correction (document 1 sections 4, 6 and 7; document 2 sections 3, 4 and 6): a flawed tray
 * request for one or both arches of a case, and the lab's work on each flawed tray.
 *
 * Endpoints (under /services/api/v2):
 * - GET    /patients/{id}/tray-correction         whether Request Tray Correction is offered, why
 *                                                  not, and the case's flawed tray requests
 * - POST   /organizations/{id}/arch                request a correction (organization.add-arch or
 *                                                  organizations.manage): a flawed tray customer
 *                                                  request with one flawed tray per arch and its
 *                                                  technician workflow (CFT, QA)
 * - POST   /flawed_trays/{id}/correct             the corrected file: an upload (file_path, name)
 *                                                  or an existing STL file (corrected_file_id);
 *                                                  status 1 open → 2 corrected (flawed-trays.correct | .manage)
 * - PUT    /flawed_trays/{id}                      print required (flawed-trays.update | .manage)
 * - DELETE /flawed_trays/{id}/corrected_file       Remove File: deletes the corrected file, back to
 *                                                  status 1 (flawed-trays.correct | .manage)
 * The flawed tray operations need the request open (New or In Progress).
 */
import { z } from 'zod';
import { ASSIGNMENT } from './rx-forms.ts';
import { FLAWED_TRAY_STATUS, FlawedTray, flawedTrayGroupLabel } from './requests.ts';

/** The arches a correction may name (jaw type ids). */
export const TRAY_CORRECTION_ARCHES = [
  { id: 1, label: 'Maxillary (upper arch)' },
  { id: 2, label: 'Mandibular (lower arch)' },
] as const;

/** The texts of tray correction: each refusal says which condition failed. */
export const TRAY_CORRECTION_MESSAGES = {
  requested: 'The tray correction has been requested.',
  notActive: 'A tray correction can be requested only for an active case.',
  archived: 'The case is archived.',
  noIosFile: 'The case has no IOS file.',
  noStlFile: 'The case has no STL file.',
  multipleIosFiles: 'Multiple IOS files have been found.',
  pendingFlawedTray: 'The case already has a pending flawed tray request.',
  requestInProduction:
    'A tray correction cannot be requested once a request of the case is in progress, pending or completed.',
  thirdPartyDesignInOffice:
    'A tray correction cannot be requested when the tray design is assigned to the third party and the print is in office.',
  doctorNotInOffice: 'A tray correction can be requested by the doctor only when the print is in office.',
  labPartnerNotThirdParty:
    'A tray correction can be requested by the third party partner only when the print is assigned to the third party.',
  noRxForm: 'The case has no submitted RxForm.',
  invalidIosFile: 'Invalid IOS file provided',
  wrongOrganization: 'The patient does not belong to this organization.',
  archRequired: 'Select at least one arch.',
  archTwice: 'Each arch may be selected once.',
  corrected: 'The flawed tray has been corrected.',
  updated: 'The flawed tray has been updated.',
  fileRemoved: 'The corrected file has been removed.',
  alreadyCorrected: 'The flawed tray has already been corrected.',
  notCorrected: 'The flawed tray has no corrected file.',
  requestClosed: 'Only the flawed trays of a new or in progress request can be changed.',
  correctedFileRequired: 'The corrected file is required.',
  correctedFileNotStl: 'The corrected file must be an STL file of this patient.',
} as const;

/** What the rule needs to know about the case and the caller. */
export interface TrayCorrectionState {
  /** 1 Active, 3 Complete. */
  patient_status_id: number;
  archived: boolean;
  has_rx_form: boolean;
  /** Visible IOS files (the technician's backup excluded). */
  ios_file_count: number;
  has_stl_file: boolean;
  has_pending_flawed_tray: boolean;
  /** Statuses of the case's customer requests (canceled ones are left out by the caller or here). */
  request_status_ids: readonly number[];
  /** The RxForm's print and tray design assignments (1 provider, 2 in office, 3 third party). */
  print_assignment: number | null;
  tray_design_assignment: number | null;
  /** The caller: a doctor (practice) or a third party partner, else staff. */
  caller: 'doctor' | 'lab_partner' | 'staff' | 'practice';
}

/**
 * Why Request Tray Correction is refused for the case and the caller, or null when it is offered
 * (document 1 section 4): the case is active and live, has one IOS file and an STL file, no
 * pending flawed tray, no request past New (canceled requests do not count), and is not the
 * third-party design / in-office print combination; a doctor (and the practice's other members)
 * only when the print is in office, a third party partner only when it is assigned to the third
 * party. Checked in this order; the first failing condition is the answer.
 */
export function trayCorrectionRefusal(s: TrayCorrectionState): string | null {
  const M = TRAY_CORRECTION_MESSAGES;
  if (s.archived) return M.archived;
  if (s.patient_status_id !== 1) return M.notActive;
  if (!s.has_rx_form) return M.noRxForm;
  if (s.ios_file_count === 0) return M.noIosFile;
  if (!s.has_stl_file) return M.noStlFile;
  if (s.has_pending_flawed_tray) return M.pendingFlawedTray;
  if (s.request_status_ids.some((id) => id !== 1 && id !== 5)) return M.requestInProduction;
  if (s.tray_design_assignment === ASSIGNMENT.thirdParty && s.print_assignment === ASSIGNMENT.inOffice)
    return M.thirdPartyDesignInOffice;
  if ((s.caller === 'doctor' || s.caller === 'practice') && s.print_assignment !== ASSIGNMENT.inOffice)
    return M.doctorNotInOffice;
  if (s.caller === 'lab_partner' && s.print_assignment !== ASSIGNMENT.thirdParty)
    return M.labPartnerNotThirdParty;
  if (s.ios_file_count > 1) return M.multipleIosFiles;
  return null;
}

/**
 * Whether the button stays on screen (disabled, with the reason as its tooltip) rather than being
 * hidden: only several IOS files disable it, every other refusal hides it.
 */
export function trayCorrectionShownDisabled(refusal: string | null): boolean {
  return refusal === TRAY_CORRECTION_MESSAGES.multipleIosFiles;
}

/** The flawed tray group's label (COMPLETED when every tray is corrected) and status id (1 or 2). */
export function flawedTrayGroupStatusId(trays: readonly { status_id: number }[]): 1 | 2 {
  return flawedTrayGroupLabel(trays) === 'COMPLETED' ? FLAWED_TRAY_STATUS.corrected : FLAWED_TRAY_STATUS.open;
}

// ------------------------------------------------------------------------------ requests

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

export const TrayCorrectionArch = z.object({
  jaw_type_id: z.union([z.literal(1), z.literal(2)], {
    error: 'The jaw type must be 1 (maxillary) or 2 (mandibular).',
  }),
  ios_file_id: positiveId(TRAY_CORRECTION_MESSAGES.invalidIosFile),
  is_flawed: z.literal(true, { error: 'Only a flawed tray correction can be requested here.' }),
  /** The print of the corrected tray: in office (2). */
  print_id: z
    .literal(ASSIGNMENT.inOffice, { error: 'The print of a tray correction must be in office.' })
    .optional(),
  expedited_shipping: z.literal(false, { error: 'A tray correction has no shipping.' }).optional(),
  insert_brackets: z.literal(false, { error: 'A tray correction has no brackets.' }).optional(),
});

/** POST /organizations/{id}/arch (document 1 section 7 'Request for correction'). */
export const RequestTrayCorrectionBody = z.object({
  patient_id: positiveId('The patient id field is required.'),
  location_id: z.null({ error: 'A tray correction has no location.' }).optional(),
  arches: z
    .array(TrayCorrectionArch, { error: TRAY_CORRECTION_MESSAGES.archRequired })
    .min(1, TRAY_CORRECTION_MESSAGES.archRequired)
    .max(2, TRAY_CORRECTION_MESSAGES.archTwice)
    .refine(
      (a) => new Set(a.map((x) => x.jaw_type_id)).size === a.length,
      TRAY_CORRECTION_MESSAGES.archTwice,
    ),
});
export type RequestTrayCorrectionBody = z.input<typeof RequestTrayCorrectionBody>;

export const FlawedTrayIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Correct: a new upload (file_path from upload_link, name) or an existing STL file of the patient. */
export const CorrectFlawedTrayBody = z
  .object({
    corrected_file_id: z
      .number({ error: TRAY_CORRECTION_MESSAGES.correctedFileNotStl })
      .int(TRAY_CORRECTION_MESSAGES.correctedFileNotStl)
      .positive(TRAY_CORRECTION_MESSAGES.correctedFileNotStl)
      .optional(),
    file_path: z.string().min(1).max(1024).optional(),
    name: z.string().trim().min(1).max(255).optional(),
  })
  .refine((v) => v.corrected_file_id !== undefined || (v.file_path !== undefined && v.name !== undefined), {
    path: ['corrected_file_id'],
    message: TRAY_CORRECTION_MESSAGES.correctedFileRequired,
  })
  .refine((v) => v.corrected_file_id === undefined || v.file_path === undefined, {
    path: ['corrected_file_id'],
    message: 'Send either an upload or an existing file, not both.',
  });
export type CorrectFlawedTrayBody = z.input<typeof CorrectFlawedTrayBody>;

export const UpdateFlawedTrayBody = z.object({
  print: z.boolean({ error: 'The print field is required.' }),
});
export type UpdateFlawedTrayBody = z.input<typeof UpdateFlawedTrayBody>;

// ------------------------------------------------------------------------------ responses

export const TrayCorrectionRequestSummary = z.object({
  id: z.number().int(),
  status_id: z.number().int(),
  status: z.string(),
  /** PENDING until every flawed tray is corrected. */
  flawed_trays_status: z.enum(['PENDING', 'COMPLETED']),
  arches: z.array(z.number().int()),
  created_at: z.string(),
});
export type TrayCorrectionRequestSummary = z.infer<typeof TrayCorrectionRequestSummary>;

export const TrayCorrectionStatusResponse = z.object({
  tray_correction: z.object({
    /** The caller holds the gate (organization.add-arch or organizations.manage). */
    permitted: z.boolean(),
    /** The gate holds and every condition too. */
    available: z.boolean(),
    /** The first condition that fails (null when available or not permitted). */
    reason: z.string().nullable(),
    /** The case's IOS file the request names (null unless exactly one). */
    ios_file_id: z.number().int().nullable(),
    organization_id: z.number().int(),
    requests: z.array(TrayCorrectionRequestSummary),
  }),
});
export type TrayCorrectionStatusResponse = z.infer<typeof TrayCorrectionStatusResponse>;

export const RequestTrayCorrectionResponse = z.object({
  message: z.string(),
  customer_request: TrayCorrectionRequestSummary,
});
export type RequestTrayCorrectionResponse = z.infer<typeof RequestTrayCorrectionResponse>;

/** A flawed tray operation's answer; flawed_trays_status is the group's label after it. */
export const FlawedTrayMessageResponse = z.object({
  message: z.string(),
  flawed_tray: FlawedTray,
  flawed_trays_status: z.enum(['PENDING', 'COMPLETED']),
});
export type FlawedTrayMessageResponse = z.infer<typeof FlawedTrayMessageResponse>;
