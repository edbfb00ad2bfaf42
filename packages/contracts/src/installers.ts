import { z } from 'zod';
import { camelPagingQuery, PaginationMeta } from './users.ts';

/**
 * DIBS desktop installers: releases uploaded by the provider's staff (installers.manage), either
 * for everyone (no organization) or for one organization, and the machine learning file the
 * desktop application downloads. Practice users list and download them on the account page's
 * Installer tab.
 */

export const INSTALLER_MESSAGES = {
  versionFormat: 'Invalid format e.g. 2.12.8',
  versionExists: 'Version already exists',
  releaseNotesRequired: 'Required',
  fileRequired: 'A file is required',
  unsupportedFormat: 'Unsupported Format! Allowed formats: .exe and .msi',
  machineLearningFormat: 'Only accept .7z file',
  machineLearningUploaded: 'File successfully uploaded.',
  uploadFailed: 'Failed to upload, please try again or contact support team.',
  fileName: 'The file name is not valid.',
  tooLarge: 'The file is too large.',
  noInstallers: 'No installers',
  uploaded: 'Installer successfully uploaded.',
  releaseNotesUpdated: 'Release notes successfully updated.',
  deleted: 'Installer successfully deleted.',
  markedUnstable: 'The installer is now marked unstable.',
  markedStable: 'The installer is now marked stable.',
  bumped: 'Installer version successfully bumped.',
  autoUpdateSaved: 'Auto-update setting successfully saved.',
  noMachineLearningFile: 'No machine learning file has been uploaded yet.',
} as const;

export const INSTALLER_LIMITS = {
  /** Installers are large; anything beyond this is refused (413) while it streams. */
  maxInstallerBytes: 4 * 1024 ** 3,
  maxMachineLearningBytes: 4 * 1024 ** 3,
  releaseNotesMax: 65535,
  /** The release notes box. */
  releaseNotesRows: 8,
} as const;

/** One or two digits, dot, one or two digits, dot, one or two digits. */
export const INSTALLER_VERSION_PATTERN = /^\d{1,2}\.\d{1,2}\.\d{1,2}$/;

export function parseInstallerVersion(version: string): [number, number, number] | null {
  if (!INSTALLER_VERSION_PATTERN.test(version)) return null;
  const [v1, v2, v3] = version.split('.').map(Number) as [number, number, number];
  return [v1, v2, v3];
}

export function formatInstallerVersion(v: { v1: number; v2: number; v3: number }): string {
  return `${v.v1}.${v.v2}.${v.v3}`;
}

/** The next patch version (2.12.8 -> 2.12.9), or null when the patch number is already 99. */
export function bumpedInstallerVersion(v: { v1: number; v2: number; v3: number }) {
  return v.v3 >= 99 ? null : { v1: v.v1, v2: v.v2, v3: v.v3 + 1 };
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** The installer file's format error, or null: .exe or .msi only. */
export function installerFileError(name: string | null | undefined): string | null {
  if (!name) return INSTALLER_MESSAGES.fileRequired;
  return ['.exe', '.msi'].includes(extensionOf(name)) ? null : INSTALLER_MESSAGES.unsupportedFormat;
}

/** The machine learning file's format error, or null: .7z only. */
export function machineLearningFileError(name: string | null | undefined): string | null {
  if (!name) return INSTALLER_MESSAGES.fileRequired;
  return extensionOf(name) === '.7z' ? null : INSTALLER_MESSAGES.machineLearningFormat;
}

/** Line breaks in release notes shown as breaks: the text split into lines. */
export function releaseNoteLines(notes: string): string[] {
  return notes.split(/\r\n|\r|\n/);
}

export const InstallerVersionField = z
  .string({ error: INSTALLER_MESSAGES.versionFormat })
  .trim()
  .refine((v) => v.length <= 8 && INSTALLER_VERSION_PATTERN.test(v), INSTALLER_MESSAGES.versionFormat);

export const ReleaseNotesField = z
  .string({ error: INSTALLER_MESSAGES.releaseNotesRequired })
  .max(INSTALLER_LIMITS.releaseNotesMax, `Must not exceed ${INSTALLER_LIMITS.releaseNotesMax} characters.`)
  .refine((s) => s.trim().length > 0, INSTALLER_MESSAGES.releaseNotesRequired);

/** The upload form's text fields (the file travels in the same multipart request). */
export const InstallerUploadFields = z.object({
  version: InstallerVersionField,
  release_notes: ReleaseNotesField,
});
export type InstallerUploadFields = z.infer<typeof InstallerUploadFields>;

export const Installer = z.object({
  id: z.number().int(),
  version: z.string(),
  v1: z.number().int(),
  v2: z.number().int(),
  v3: z.number().int(),
  file_name: z.string(),
  file_size: z.number().int().nullable(),
  release_notes: z.string(),
  unstable: z.boolean(),
  organization_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Installer = z.infer<typeof Installer>;

export const ListInstallersQuery = z.object({ ...camelPagingQuery(10, 100) });
export type ListInstallersQuery = z.infer<typeof ListInstallersQuery>;

export const ListInstallersResponse = z.object({
  data: z.array(Installer),
  meta: PaginationMeta,
});
export type ListInstallersResponse = z.infer<typeof ListInstallersResponse>;

export const InstallerIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
export const InstallerOrganizationParams = z.object({
  organizationId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

export const InstallerResponse = z.object({ message: z.string(), installer: Installer });
export type InstallerResponse = z.infer<typeof InstallerResponse>;

export const UpdateReleaseNotesRequest = z.object({ release_notes: ReleaseNotesField });
export type UpdateReleaseNotesRequest = z.infer<typeof UpdateReleaseNotesRequest>;

export const InstallerDownloadLinkResponse = z.object({ url: z.string() });
export type InstallerDownloadLinkResponse = z.infer<typeof InstallerDownloadLinkResponse>;

export const InstallerDownloadQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().max(200),
});

export const AutoUpdateResponse = z.object({ auto_update: z.boolean() });
export type AutoUpdateResponse = z.infer<typeof AutoUpdateResponse>;
export const SetAutoUpdateRequest = z.object({
  auto_update: z.boolean({ error: 'The auto update value must be true or false.' }),
});
export type SetAutoUpdateRequest = z.infer<typeof SetAutoUpdateRequest>;
export const SetAutoUpdateResponse = z.object({ message: z.string(), auto_update: z.boolean() });

export const MachineLearningFile = z.object({
  file_name: z.string(),
  file_size: z.number().int().nullable(),
  uploaded_at: z.string(),
});
export type MachineLearningFile = z.infer<typeof MachineLearningFile>;
export const MachineLearningFileResponse = z.object({ data: MachineLearningFile.nullable() });
export type MachineLearningFileResponse = z.infer<typeof MachineLearningFileResponse>;
export const MachineLearningUploadResponse = z.object({ message: z.string(), data: MachineLearningFile });

/** GET /organizations/{id}/check-unstable-software-usage */
export const UnstableSoftwareUsageResponse = z.object({
  data: z.object({
    detected: z.boolean(),
    latest_installer: z.object({ version: z.string(), download_url: z.string() }).nullable(),
  }),
});
export type UnstableSoftwareUsageResponse = z.infer<typeof UnstableSoftwareUsageResponse>;

/** The support line named in the unstable version dialog. */
export const SUPPORT_PHONE = '+1 (800) 555-0142';

export const UNSTABLE_USAGE_TITLE = 'Unstable Version Usage Detected';

/** DIBS viewer options of an organization (its RxForm preference). */
export const DIBS_OPTION_DESKTOP = 1;
export const DIBS_OPTION_ONLINE = 4;

export const VIEWER_OPEN_MESSAGES = {
  approvedWarning:
    'This case has already been approved. If you open and modify this case, any changes made will not be implemented.',
  openDesktop: 'Open via Desktop',
  openOnline: 'Open via Online',
  onlineNotAllowed: 'Online viewing is not enabled for this organization.',
  streamingFailed: 'The online viewer could not be started. Please try again.',
} as const;

export const GenerateStreamingUrlRequest = z.object({
  dibs_launch_code: z.string().min(1, 'The launch code is required.').max(200),
  /** The case to open (its patient id); none opens DIBS on its start screen. */
  q: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53)
    .optional(),
});
export type GenerateStreamingUrlRequest = z.infer<typeof GenerateStreamingUrlRequest>;
export const GenerateStreamingUrlResponse = z.object({ streaming_url: z.string() });
export type GenerateStreamingUrlResponse = z.infer<typeof GenerateStreamingUrlResponse>;

/** What the viewer flow needs to know about an organization: its allowed DIBS options. */
export const ViewerOptionsResponse = z.object({
  data: z.object({
    organization_id: z.number().int(),
    allowed_dibs_options: z.array(z.number().int()),
  }),
});
export type ViewerOptionsResponse = z.infer<typeof ViewerOptionsResponse>;
