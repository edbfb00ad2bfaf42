import { z } from 'zod';
import { MANAGEMENT_ROLES, STAFF_ROLES, profileOf } from './roles.ts';

/**
 * Patient files: the file sections of the patient-details page, uploads (signed link, PUT of the
 * raw bytes, store), downloads, delete and the relu (AI segmentation) actions.
 * Spec: document 1 sections 3, 4, 5 'File upload', 'IOS duplicate warning', 'Relu flag remarks',
 * 6 'File management' and 'File rules by role', 7 'Files'; document 2 section 5 'Upload', 9.
 */

export const PATIENT_FILE_TYPES = {
  ios: 1,
  stl: 2,
  photo: 3,
  dicom: 4,
  xray: 5,
  idb_tray: 6,
  other_photo: 7,
  other: 8,
} as const;
export type PatientFileTypeKey = keyof typeof PATIENT_FILE_TYPES;
export type PatientFileTypeId = (typeof PATIENT_FILE_TYPES)[PatientFileTypeKey];
export const PATIENT_FILE_TYPE_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const satisfies readonly PatientFileTypeId[];

/** Section titles on the patient-details page, in page order. */
export const PATIENT_FILE_SECTION_NAMES: Record<PatientFileTypeId, string> = {
  1: 'IOS Files',
  2: 'STL Files',
  3: 'Photos',
  4: 'Dicom Files',
  5: 'X-Ray Images',
  6: 'IDB Tray Images',
  7: 'Other Photos',
  8: 'Other Files',
};

export const PATIENT_FILE_TAGS = ['tech_backup', 'stl_maxillary', 'stl_mandibular', 'relu'] as const;
export type PatientFileTag = (typeof PATIENT_FILE_TAGS)[number];

export const RELU_STATUSES = ['pending', 'success', 'failed', 'flagged'] as const;
export type ReluStatus = (typeof RELU_STATUSES)[number];

export const PATIENT_FILE_MESSAGES = {
  duplicateName: 'File with such name already exists.',
  uploaded: 'The file was uploaded successfully.',
  deleted: 'The file was deleted successfully.',
  zipTooSmall: 'The zip file should be larger than 2MB.',
  mustBeZipped: 'Files must first be zipped',
  remarksMin: 'The remarks must be at least 3 characters',
  remarksMax: 'The remarks must not be more than 1000 characters.',
  remarksRequired: 'The remarks field is required.',
  reluFlagged: 'The relu job was flagged.',
  reluReprocessed: 'The relu job was sent for re-processing.',
  reluNotAllowed: 'The relu job cannot be changed while it is flagged or pending.',
  reluReprocessTagged: 'Files created by relu cannot be re-processed.',
  reluNoJob: 'This file has no relu job.',
  iosDuplicateTitle: 'Warning: IOS File already exists!',
  iosDuplicateBody:
    'Patient with multiple IOS files can cause synchronization problem on DIBS. Do you want to proceed?',
  invalidType: 'The selected type is invalid.',
  invalidExtension: 'The file type is not accepted.',
  invalidContent: 'The file content does not match its type.',
  emptyFile: 'The file is empty.',
  tooLarge: 'The file is too large.',
  tooManyFiles: (max: number, section: string) => `No more than ${max} files are allowed in ${section}.`,
  zipUnsafe: 'The zip file could not be extracted safely.',
  zipInvalid: 'The zip file is damaged or is not a valid archive.',
  zipEncrypted: 'The zip file is password-protected: zip the files again without a password.',
  zipEntryName:
    'The zip file holds a file whose name cannot be stored (control characters or longer than 255 bytes): rename it and zip again.',
  fileName: 'The file name cannot be stored (control characters or longer than 255 bytes).',
  fileDamaged: 'The stored file is damaged (its checksum does not match); it was not used.',
  zipNoFiles: 'The zip file contains no accepted files.',
  uploadExpired: 'The upload link has expired.',
  uploadMissing: 'The file has not been uploaded.',
  sizeRequired: "The file's size is required.",
  uploadSizeMismatch: 'The uploaded file is not the size that was announced; upload it again.',
  linkExpired: 'This link has expired!',
  iosNotAllowed: 'You are not allowed to upload IOS files.',
  stlAfterIos: 'STL files cannot be uploaded once an IOS file exists.',
  deleteNotAllowed: 'You are not allowed to delete this file.',
  patientArchived: 'Files of an archived patient cannot be changed.',
  invalidName: 'The file name is invalid.',
  invalidPatientOrOrganization: 'Either patient_id or organization_id is required.',
} as const;

/** Limits (document 1 section 5, document 2 section 9). */
export const PATIENT_FILE_LIMITS = {
  /** Files per section on the patient page. */
  perSection: { 1: 100, 2: 20, 3: 20, 4: 1, 5: 20, 6: 20, 7: 20, 8: 20 } as Record<PatientFileTypeId, number>,
  /** Default maximum number of files in one upload. */
  defaultMaxFiles: 100,
  /** A zip upload must be at least this many bytes. */
  zipMinBytes: 2465792,
  /** Largest single upload (bytes). */
  maxUploadBytes: 512 * 1024 * 1024,
  /** Zip extraction guards. */
  zipMaxEntries: 500,
  zipMaxTotalBytes: 1024 * 1024 * 1024,
  zipMaxRatio: 200,
  /** Signed link lifetimes (seconds). */
  uploadLinkSeconds: 60 * 60,
  downloadLinkSeconds: 10 * 60,
  remarksMin: 3,
  remarksMax: 1000,
} as const;

const IMAGE_DOCUMENT_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.pdf'] as const;

/**
 * What each section accepts. zip: 'extract' unpacks a zip into its accepted entries (the zip
 * itself is not kept); 'keep' stores the zip as one file; 'none' refuses zips.
 * IOS scans are zip-only ('Files must first be zipped').
 */
export const PATIENT_FILE_TYPE_RULES: Record<
  PatientFileTypeId,
  { extensions: readonly string[]; zip: 'extract' | 'keep' | 'none'; zipOnly: boolean }
> = {
  1: { extensions: ['.zip'], zip: 'keep', zipOnly: true },
  2: { extensions: ['.stl'], zip: 'extract', zipOnly: false },
  3: { extensions: IMAGE_DOCUMENT_EXTENSIONS, zip: 'extract', zipOnly: false },
  4: { extensions: ['.dcm', '.zip'], zip: 'keep', zipOnly: false },
  5: { extensions: IMAGE_DOCUMENT_EXTENSIONS, zip: 'extract', zipOnly: false },
  6: { extensions: IMAGE_DOCUMENT_EXTENSIONS, zip: 'extract', zipOnly: false },
  7: { extensions: IMAGE_DOCUMENT_EXTENSIONS, zip: 'extract', zipOnly: false },
  8: { extensions: [...IMAGE_DOCUMENT_EXTENSIONS, '.stl', '.dcm', '.zip'], zip: 'keep', zipOnly: false },
};

/** Image sections (GET /patients/{id}/images). */
export const IMAGE_FILE_TYPES: readonly PatientFileTypeId[] = [3, 5, 6, 7];

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

export function isZipName(name: string): boolean {
  return fileExtension(name) === '.zip';
}

/** The `accept` attribute for a section's file input. */
export function acceptFor(type: PatientFileTypeId): string {
  const rule = PATIENT_FILE_TYPE_RULES[type];
  const exts = new Set(rule.extensions);
  if (rule.zip !== 'none') exts.add('.zip');
  return [...exts].join(',');
}

/**
 * Checks a file name against a section. Returns the message to show, or null when accepted.
 * A zip is accepted when the section extracts or keeps zips.
 */
export function extensionError(type: PatientFileTypeId, name: string): string | null {
  const rule = PATIENT_FILE_TYPE_RULES[type];
  const ext = fileExtension(name);
  if (rule.zipOnly && ext !== '.zip') return PATIENT_FILE_MESSAGES.mustBeZipped;
  if (ext === '.zip') return rule.zip === 'none' ? PATIENT_FILE_MESSAGES.invalidExtension : null;
  return rule.extensions.includes(ext) ? null : PATIENT_FILE_MESSAGES.invalidExtension;
}

/** Whether a zip entry with this name is extracted into the section. */
export function isAcceptedEntry(type: PatientFileTypeId, name: string): boolean {
  const ext = fileExtension(name);
  return ext !== '.zip' && PATIENT_FILE_TYPE_RULES[type].extensions.includes(ext);
}

/** Zips below the minimum size are refused (document 1 section 5). */
export function zipSizeError(name: string, size: number): string | null {
  return isZipName(name) && size < PATIENT_FILE_LIMITS.zipMinBytes ? PATIENT_FILE_MESSAGES.zipTooSmall : null;
}

/**
 * The arch of a scan from its file name: lower (mandibular) when the name includes mand,
 * mandible or lower, or ends with _l or -l before .stl; otherwise upper (maxillary).
 */
export function archFromFileName(name: string): 'stl_maxillary' | 'stl_mandibular' {
  const base = (name.split(/[\\/]/).pop() ?? name).toLowerCase();
  if (/mand|mandible|lower/.test(base)) return 'stl_mandibular';
  if (/[_-]l\.stl$/.test(base)) return 'stl_mandibular';
  return 'stl_maxillary';
}

/**
 * 'last, first, case number (suffix)' and, when taken, ' 2', ' 3', ... before the extension.
 * `suffix` is the file's own distinguishing part (for example 'upper.stl'); its extension is kept.
 */
export function generatedFileName(
  last: string,
  first: string,
  caseNumber: string | null | undefined,
  suffix: string,
  existingNames: readonly string[],
): string {
  const ext = fileExtension(suffix);
  const label = ext ? suffix.slice(0, -ext.length) : suffix;
  const parts = [last.trim(), first.trim()];
  if (caseNumber && caseNumber.trim()) parts.push(caseNumber.trim());
  const base = `${parts.join(', ')}${label ? ` (${label})` : ''}`;
  const taken = new Set(existingNames.map((n) => n.toLowerCase()));
  let candidate = `${base}${ext}`;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} ${n}${ext}`;
  return candidate;
}

/** File names: no path separators, no control characters, 1 to 255 characters. */
export function isValidFileName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= 255 &&
    !/[\\/]/.test(name) &&
    ![...name].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127) &&
    name !== '.' &&
    name !== '..' &&
    name.trim() === name &&
    name.trim().length > 0
  );
}

/* ------------------------------------------------------------------------------------------ */
/* File rules by role (document 1 section 6).                                                 */
/* ------------------------------------------------------------------------------------------ */

/** Roles that may delete IOS files (and STL files at any time). */
export const FILE_STAFF_DELETE_ROLES = [
  'super_admin',
  'admin',
  'tech_support',
  'supervisor',
  'lab_partner',
] as const;
/** tech_backup files: deletable by the admin group only (the spec leaves the roles open). */
export const TECH_BACKUP_DELETE_ROLES = ['super_admin', 'admin'] as const;
/** Relu job details are internal: staff only. */
export function seesReluDetails(roles: readonly string[]): boolean {
  return roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r));
}
/** Hidden and tech_backup files are shown to the management profile only. */
export function seesRestrictedFiles(roles: readonly string[]): boolean {
  return profileOf(roles) === 'management';
}

const hasRole = (roles: readonly string[], list: readonly string[]) => roles.some((r) => list.includes(r));

export interface FileRuleInput {
  roles: readonly string[];
  type: PatientFileTypeId;
  tag?: PatientFileTag | null;
  /** Whether the patient has an IOS file. */
  patientHasIos: boolean;
}

/** Role rule for deleting a file (the permission gate is checked separately). */
export function canDeleteFileByRole({ roles, type, tag, patientHasIos }: FileRuleInput): boolean {
  if (tag === 'tech_backup') return hasRole(roles, TECH_BACKUP_DELETE_ROLES);
  if (type === PATIENT_FILE_TYPES.ios) return hasRole(roles, FILE_STAFF_DELETE_ROLES);
  if (type === PATIENT_FILE_TYPES.stl) {
    if (hasRole(roles, FILE_STAFF_DELETE_ROLES)) return true;
    // Doctors (the practice profile) only while no IOS file exists.
    return !patientHasIos;
  }
  return true;
}

/** Role rule for uploading into a section with an optional tag. */
export function canUploadFileByRole({ roles, type, tag, patientHasIos }: FileRuleInput): boolean {
  const management = hasRole(roles, MANAGEMENT_ROLES);
  if (tag === 'relu') return false;
  if (tag === 'tech_backup') return hasRole(roles, STAFF_ROLES) && type === PATIENT_FILE_TYPES.ios;
  if (type === PATIENT_FILE_TYPES.ios) return management;
  if (type === PATIENT_FILE_TYPES.stl) return management || !patientHasIos;
  return true;
}

/** The message for a refused upload by role. */
export function uploadRefusal(input: FileRuleInput): string | null {
  if (canUploadFileByRole(input)) return null;
  if (input.type === PATIENT_FILE_TYPES.stl && !input.tag) return PATIENT_FILE_MESSAGES.stlAfterIos;
  return PATIENT_FILE_MESSAGES.iosNotAllowed;
}

/** Relu actions: hidden when flagged or pending; re-process also hidden for files tagged relu. */
export function reluFlagAllowed(file: { relu_status: ReluStatus | null }): boolean {
  return file.relu_status !== null && file.relu_status !== 'flagged' && file.relu_status !== 'pending';
}
export function reluReprocessAllowed(file: {
  relu_status: ReluStatus | null;
  tag: PatientFileTag | null;
}): boolean {
  return reluFlagAllowed(file) && file.tag !== 'relu';
}

/* ------------------------------------------------------------------------------------------ */
/* Schemas                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export const PatientFileTypeIdSchema = z.coerce
  .number({ error: PATIENT_FILE_MESSAGES.invalidType })
  .pipe(z.literal(PATIENT_FILE_TYPE_IDS, { error: PATIENT_FILE_MESSAGES.invalidType }));

export const FileNameSchema = z
  .string()
  .refine(isValidFileName, { error: PATIENT_FILE_MESSAGES.invalidName });

export const ReluRequest = z.object({
  job_id: z.string().nullable(),
  status: z.enum(RELU_STATUSES).nullable(),
  message: z.string().nullable(),
  remarks: z.string().nullable().optional(),
});
export type ReluRequest = z.infer<typeof ReluRequest>;

export const PatientFile = z.object({
  id: z.number().int(),
  patient_id: z.number().int(),
  patient_file_type_id: z.number().int(),
  /** The section title ('STL Files', ...). */
  section: z.string(),
  name: z.string(),
  original_name: z.string(),
  tag: z.enum(PATIENT_FILE_TAGS).nullable(),
  hidden: z.boolean(),
  size_bytes: z.number().nullable(),
  mime_type: z.string().nullable(),
  file_modification_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Set when the file is a restore point (the IOS backup). */
  restore_point: z.boolean(),
  /** Relu (AI segmentation) job: internal staff only, absent for everyone else. */
  relu_status: z.enum(RELU_STATUSES).nullable().optional(),
  relu_request: ReluRequest.nullable().optional(),
});
export type PatientFile = z.infer<typeof PatientFile>;

export const PatientFileSection = z.object({
  type: z.number().int(),
  name: z.string(),
  files: z.array(PatientFile),
  /** What the section's file input accepts, and its file limit. */
  accept: z.string(),
  max_files: z.number().int(),
});
export type PatientFileSection = z.infer<typeof PatientFileSection>;

export const PatientFilesPermissions = z.object({
  can_upload: z.boolean(),
  can_delete: z.boolean(),
  can_relu_flag: z.boolean(),
  can_relu_reprocess: z.boolean(),
  sees_relu: z.boolean(),
});

/** GET /patients/{id}/files */
export const PatientFilesResponse = z.object({
  sections: z.array(PatientFileSection),
  has_ios_file: z.boolean(),
  ios_file_id: z.number().int().nullable(),
  permissions: PatientFilesPermissions,
});
export type PatientFilesResponse = z.infer<typeof PatientFilesResponse>;

export const PatientFilesPatientParams = z.object({ id: z.coerce.number().int().positive() });
export const PatientFileIdParams = z.object({ id: z.coerce.number().int().positive() });

/** GET /patient_files?patient_id (STL files only) */
export const ListStlFilesQuery = z.object({ patient_id: z.coerce.number().int().positive() });
export const ListStlFilesResponse = z.object({ data: z.array(PatientFile) });

/** GET /patient_files/upload_link */
export const UploadLinkQuery = z
  .object({
    name: FileNameSchema,
    type: PatientFileTypeIdSchema,
    patient_id: z.coerce.number().int().positive().optional(),
    organization_id: z.coerce.number().int().positive().optional(),
    /** Announced size in bytes (checked early; the PUT enforces the real size). */
    size: z.coerce.number().int().nonnegative().optional(),
  })
  .refine((q) => q.patient_id !== undefined || q.organization_id !== undefined, {
    error: PATIENT_FILE_MESSAGES.invalidPatientOrOrganization,
    path: ['patient_id'],
  });
export type UploadLinkQuery = z.input<typeof UploadLinkQuery>;
export const UploadLinkResponse = z.object({
  /**
   * Where to PUT the raw bytes (signed, expiring; no bearer token needed): the server's own upload
   * route, or with S3 storage a presigned URL of the bucket, bound to the announced size and type.
   */
  url: z.string(),
  /** The headers the PUT must carry exactly (the presigned URL is signed with them). */
  headers: z.record(z.string(), z.string()),
  file_path: z.string(),
  expires_at: z.string(),
});
export type UploadLinkResponse = z.infer<typeof UploadLinkResponse>;

/** The PUT answer. */
export const UploadPutResponse = z.object({ file_path: z.string(), size: z.number() });

/** POST /patient_files/store_uploaded_file */
export const StoreUploadedFileRequest = z.object({
  file_path: z.string().min(1).max(1100),
  patient_id: z.number().int().positive(),
  type: PatientFileTypeIdSchema,
  name: FileNameSchema,
  /** The file's last modification time on the user's disk (ISO or epoch milliseconds). */
  modification_time: z
    .union([z.string().max(64), z.number()])
    .nullable()
    .optional(),
  tag: z.enum(PATIENT_FILE_TAGS).nullable().optional(),
});
export type StoreUploadedFileRequest = z.input<typeof StoreUploadedFileRequest>;
export const StoreUploadedFileResponse = z.object({
  /** The stored file (the first one when a zip was extracted). */
  file: PatientFile,
  /** Every stored file (several when a zip was extracted). */
  files: z.array(PatientFile),
  message: z.string(),
  /** Empty entries skipped while extracting a zip. */
  skipped: z.array(z.string()),
  /** True when the patient already had an IOS file (stored anyway; the web warned first). */
  duplicate_ios: z.boolean(),
});
export type StoreUploadedFileResponse = z.infer<typeof StoreUploadedFileResponse>;

/** GET /patient_files/{id}/download_link */
export const DownloadLinkResponse = z.object({ url: z.string(), expires_at: z.string() });

/** GET /patients/{id}/images */
export const PatientImage = z.object({
  id: z.number().int(),
  patient_file_type_id: z.number().int(),
  section: z.string(),
  name: z.string(),
  mime_type: z.string().nullable(),
  /** Signed, expiring, inline. */
  url: z.string(),
});
export const PatientImagesResponse = z.object({ images: z.array(PatientImage) });
export type PatientImage = z.infer<typeof PatientImage>;

/** DELETE /patient_files/{id} */
export const DeletePatientFileResponse = z.object({ message: z.string() });

/** POST /patient_files/{id}/flag-relu-job */
export const FlagReluJobRequest = z.object({
  remarks: z
    .string({ error: PATIENT_FILE_MESSAGES.remarksRequired })
    .trim()
    .min(1, { error: PATIENT_FILE_MESSAGES.remarksRequired })
    .min(PATIENT_FILE_LIMITS.remarksMin, { error: PATIENT_FILE_MESSAGES.remarksMin })
    .max(PATIENT_FILE_LIMITS.remarksMax, { error: PATIENT_FILE_MESSAGES.remarksMax }),
});
export type FlagReluJobRequest = z.input<typeof FlagReluJobRequest>;
export const ReluJobResponse = z.object({ message: z.string(), data: PatientFile });
