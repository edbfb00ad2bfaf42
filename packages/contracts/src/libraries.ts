import { z } from 'zod';
import { camelPagingQuery, PaginationMeta } from './users.ts';
import { CustomBracketSetItem } from './rx-forms.ts';

/**
 * Bracket libraries, their inventory and arch-wire libraries of an organization.
 * Spec: document 3 sections 2.14, 3 (Bracket library, Bracket inventory, Inventory changelog item,
 * Arch-wire library), 4 (library visibility, upload states, inventory form), 5, 6, 7 (Libraries
 * and sets), 8 and 9.
 *
 * Endpoints (base /services/api/v2, bearer token unless signed):
 * - GET    /organizations/{id}/bracket-libraries                       BracketLibrariesQuery → LibraryListResponse
 * - GET    /organizations/{id}/bracket-libraries/assignable-members    → AssignableMembersResponse
 * - GET    /organizations/{id}/bracket-libraries/request-upload-url    LibraryUploadUrlQuery → LibraryUploadUrlResponse
 * - PUT    /library-uploads/{uploadId}?expires&signature (signed)      raw bytes → LibraryUploadPutResponse
 * - POST   /organizations/{id}/bracket-libraries                       StoreBracketLibrariesRequest → BracketLibrariesStoredResponse (201)
 * - PUT    /organizations/{id}/bracket-libraries/{libraryId}           UpdateBracketLibraryRequest → BracketLibraryMessageResponse
 * - DELETE /organizations/{id}/bracket-libraries/{libraryId}           → LibraryMessageResponse
 * - GET    /organizations/{id}/bracket-libraries/{libraryId}/request-download-url → LibraryDownloadUrlResponse
 * - GET    /library-downloads/{kind}/{libraryId}?user&expires&signature (signed) → the bytes
 * - GET    /organizations/{id}/bracket-libraries/{libraryId}/inventory → BracketInventoryResponse
 * - POST   /organizations/{id}/bracket-libraries/{libraryId}/inventory UpdateBracketInventoryRequest → BracketInventoryMessageResponse
 * - GET    /organizations/{id}/bracket-libraries/{libraryId}/inventory-changelog  page, perPage → InventoryChangelogResponse
 * - GET    /organizations/{id}/arch-wires                               → ArchWireListResponse
 * - GET    /organizations/{id}/arch-wires/assignable-members            → AssignableMembersResponse
 * - GET    /organizations/{id}/arch-wires/request-upload-url            LibraryUploadUrlQuery → LibraryUploadUrlResponse
 * - POST   /organizations/{id}/arch-wires                               StoreArchWiresRequest → ArchWiresStoredResponse (201)
 * - PUT    /organizations/{id}/arch-wires/{archWireId}                  UpdateArchWireRequest → ArchWireMessageResponse
 * - DELETE /organizations/{id}/arch-wires/{archWireId}                  → LibraryMessageResponse
 * - GET    /organizations/{id}/arch-wires/{archWireId}/request-download-url → LibraryDownloadUrlResponse
 */

export const LIBRARY_LIMITS = {
  /** Files per add dialog (document 3 section 9). */
  maxFilesPerDialog: 10,
  /** Shelf, row and column. */
  locationMax: 255,
  labelMax: 255,
  fileNameMax: 255,
  reasonMax: 1000,
  /** Libraries listed before 'See More'. */
  visibleBeforeSeeMore: 5,
  changelogPageSize: 10,
  /** Largest library file accepted (bytes). */
  maxUploadBytes: 2 * 1024 * 1024 * 1024,
  uploadLinkSeconds: 60 * 60,
  downloadLinkSeconds: 5 * 60,
  /** The largest number a stock or threshold may hold. */
  maxQuantity: 1_000_000,
} as const;

export const LIBRARY_MESSAGES = {
  bracketRemoved: 'Bracket library has been successfully removed.',
  archWireRemoved: 'Arch-wire library has been successfully removed.',
  bracketUpdated: 'The bracket has been successfully updated.',
  archWireUpdated: 'The arch-wire library has been successfully updated.',
  inventoryUpdated: 'The bracket inventory has been successfully updated.',
  librariesAdded: 'The bracket libraries have been successfully added.',
  archWiresAdded: 'The arch-wire libraries have been successfully added.',
  location: 'Only letters, numbers, and +,-,&,, characters are allowed',
  locationTooLong: `Must contain max ${255} characters.`,
  reasonRequired: 'A reason is required.',
  reasonTooLong: `The reason must contain max ${1000} characters.`,
  quantity: 'Only digits are allowed.',
  belowZero: 'The total of a tooth cannot go below zero.',
  tooManyFiles: `At most ${10} files can be uploaded at once.`,
  fileName: 'The file name is not valid.',
  tooLarge: 'The file is too large.',
  uploadExpired: 'The upload link has expired.',
  uploadMissing: 'The file has not been uploaded yet.',
  linkExpired: 'This link has expired!',
  uploadFailed: 'Failed to upload, please try again or contact support team.',
  notMember: 'The user is not a member of the organization.',
  empty: 'Empty',
  noData: 'No Data',
  unsavedChanges: 'There are unsaved changes. Do you want to proceed?',
} as const;

export const bracketLibraryExists = (name: string) =>
  `A similar bracket library named "${name}" already exists.`;
export const archWireLibraryExists = (name: string) =>
  `A similar arch-wire library named "${name}" already exists.`;
export const fileAlreadyListed = (name: string) => `"${name}" file is already on the list.`;

/** 1 Original, 2 VTK. */
export const LIBRARY_FORMATS = { original: 1, vtk: 2 } as const;
export const LIBRARY_FORMAT_LABELS: Record<number, string> = { 1: 'Original', 2: 'VTK' };

/** The 12 colours libraries cycle through (document 3 section 9), by position in the list. */
export const LIBRARY_PALETTE = [
  '#1565c0',
  '#2e7d32',
  '#c62828',
  '#6a1b9a',
  '#ef6c00',
  '#00838f',
  '#ad1457',
  '#4e342e',
  '#283593',
  '#558b2f',
  '#d84315',
  '#37474f',
] as const;
export const libraryColor = (index: number): string =>
  LIBRARY_PALETTE[((index % LIBRARY_PALETTE.length) + LIBRARY_PALETTE.length) % LIBRARY_PALETTE.length]!;

/* ------------------------------------------------------------------------------------------ */
/* Teeth and the inventory arithmetic                                                         */
/* ------------------------------------------------------------------------------------------ */

export const QUADRANTS = { UR: 1, UL: 2, LR: 3, LL: 4 } as const;
export type Quadrant = keyof typeof QUADRANTS;
/** UR1..UR8, UL1..UL8, LR1..LR8, LL1..LL8. */
export const BRACKET_TEETH = (['UR', 'UL', 'LR', 'LL'] as const).flatMap((q) =>
  [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${q}${n}`),
) as readonly string[];
export const BracketTooth = z
  .string()
  .refine((v) => BRACKET_TEETH.includes(v), { error: 'The tooth number is not valid.' });

/** 'UR1' → 11, 'LL8' → 48 (quadrant × 10 + tooth). */
export function toothCode(tooth: string): number {
  const q = QUADRANTS[tooth.slice(0, 2) as Quadrant];
  const n = Number(tooth.slice(2));
  if (!q || !Number.isInteger(n) || n < 1 || n > 8) throw new Error(`Unknown tooth ${tooth}`);
  return q * 10 + n;
}
/** 11 → 'UR1'. */
export function toothName(code: number): string {
  const q = (Object.keys(QUADRANTS) as Quadrant[]).find((k) => QUADRANTS[k] === Math.floor(code / 10));
  const n = code % 10;
  if (!q || n < 1 || n > 8) throw new Error(`Unknown tooth code ${code}`);
  return `${q}${n}`;
}

export interface StockLine {
  tooth_number: string;
  available: number;
  increment: number;
}

/** The tooth's total after the increment. */
export const stockTotal = (s: Pick<StockLine, 'available' | 'increment'>) => s.available + s.increment;

/** A tooth is low when the threshold is above 0 and available plus increment is at or below it. */
export function isLowStock(s: Pick<StockLine, 'available' | 'increment'>, threshold: number): boolean {
  return threshold > 0 && stockTotal(s) <= threshold;
}

/** Whether any tooth is low. */
export const anyLowStock = (
  stocks: readonly Pick<StockLine, 'available' | 'increment'>[],
  threshold: number,
) => stocks.some((s) => isLowStock(s, threshold));

/** The teeth whose total would go below zero. */
export function belowZeroTeeth(stocks: readonly StockLine[]): string[] {
  return stocks.filter((s) => stockTotal(s) < 0).map((s) => s.tooth_number);
}

/** Save asks for a reason when any tooth has a non-zero increment. */
export const needsReason = (stocks: readonly Pick<StockLine, 'increment'>[]) =>
  stocks.some((s) => s.increment !== 0);

/**
 * Clamps an increment so the tooth's total never goes below zero (the form's steppers use it).
 */
export function clampIncrement(available: number, increment: number): number {
  return Math.max(increment, -available);
}

/** The form is dirty when an increment is non-zero or the threshold changed. */
export function inventoryDirty(
  stocks: readonly Pick<StockLine, 'increment'>[],
  threshold: number,
  savedThreshold: number,
): boolean {
  return needsReason(stocks) || threshold !== savedThreshold;
}

/** Every tooth in order, with the stored availability (0 when none is stored). */
export function fullStock(stored: readonly { tooth_number: string; available: number }[]): StockLine[] {
  const by = new Map(stored.map((s) => [s.tooth_number, s.available]));
  return BRACKET_TEETH.map((t) => ({ tooth_number: t, available: by.get(t) ?? 0, increment: 0 }));
}

export interface ToothChange {
  tooth_number: string;
  before: number;
  after: number;
  diff: number;
}

/** The per-tooth differences of a save (teeth that did not change are left out). */
export function inventoryChanges(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
): ToothChange[] {
  const changes: ToothChange[] = [];
  for (const tooth of BRACKET_TEETH) {
    const b = before.get(tooth) ?? 0;
    const a = after.get(tooth) ?? 0;
    if (a !== b) changes.push({ tooth_number: tooth, before: b, after: a, diff: a - b });
  }
  return changes;
}

/**
 * The teeth that crossed into low stock with this save: low after and not low before. A tooth
 * already low stays quiet, so a notification goes out once per crossing, not on every save.
 */
export function newlyLowTeeth(
  before: ReadonlyMap<string, number>,
  beforeThreshold: number,
  after: ReadonlyMap<string, number>,
  afterThreshold: number,
): string[] {
  return BRACKET_TEETH.filter((t) => {
    const wasLow = isLowStock({ available: before.get(t) ?? 0, increment: 0 }, beforeThreshold);
    const isLow = isLowStock({ available: after.get(t) ?? 0, increment: 0 }, afterThreshold);
    return isLow && !wasLow;
  });
}

/** Digits only ('' counts as 0 in the form). */
export const isDigits = (v: string) => /^\d*$/.test(v);

/* ------------------------------------------------------------------------------------------ */
/* Shelf, row, column                                                                         */
/* ------------------------------------------------------------------------------------------ */

export const LOCATION_PATTERN = /^[A-Za-z0-9+,&-]*$/;

/** Shelf, row or column: letters, numbers and + , - & only, max 255; empty (or blank) is null. */
export const LibraryLocationField = z
  .union([z.string(), z.null()])
  .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
  .refine((v) => v === null || v.length <= LIBRARY_LIMITS.locationMax, {
    error: LIBRARY_MESSAGES.locationTooLong,
  })
  .refine((v) => v === null || LOCATION_PATTERN.test(v), { error: LIBRARY_MESSAGES.location });

/** The form's message for a shelf, row or column value, or null. */
export function locationError(value: string): string | null {
  const v = value.trim();
  if (v.length > LIBRARY_LIMITS.locationMax) return LIBRARY_MESSAGES.locationTooLong;
  if (!LOCATION_PATTERN.test(v)) return LIBRARY_MESSAGES.location;
  return null;
}

/* ------------------------------------------------------------------------------------------ */
/* Upload dialog                                                                              */
/* ------------------------------------------------------------------------------------------ */

export const UPLOAD_STATES = ['ready', 'uploading', 'done', 'aborted', 'removed'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/**
 * Why a file cannot join the dialog's list: the same name already listed (removed entries do not
 * count), an existing library of that name, or the list is full. Null when it may.
 */
export function addFileRefusal(
  name: string,
  listed: readonly { name: string; state: UploadState }[],
  existing: readonly string[],
  kind: 'bracket' | 'arch-wire',
): string | null {
  const lower = name.toLowerCase();
  const active = listed.filter((f) => f.state !== 'removed');
  if (active.some((f) => f.name.toLowerCase() === lower)) return fileAlreadyListed(name);
  if (existing.some((e) => e.toLowerCase() === lower))
    return kind === 'bracket' ? bracketLibraryExists(name) : archWireLibraryExists(name);
  if (active.length >= LIBRARY_LIMITS.maxFilesPerDialog) return LIBRARY_MESSAGES.tooManyFiles;
  return null;
}

/** Save is disabled while any file uploads, and until at least one is done. */
export function uploadDialogCanSave(files: readonly { state: UploadState }[]): boolean {
  return !files.some((f) => f.state === 'uploading') && files.some((f) => f.state === 'done');
}

/** The label of a new library: its file name without the extension. */
export function labelFromFileName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '').trim();
  return (base || name).slice(0, LIBRARY_LIMITS.labelMax);
}

/* ------------------------------------------------------------------------------------------ */
/* Schemas                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export const OrganizationLibraryParams = z.object({ id: z.coerce.number().int().positive() });
export const BracketLibraryParams = z.object({
  id: z.coerce.number().int().positive(),
  libraryId: z.coerce.number().int().positive(),
});
export const ArchWireParams = z.object({
  id: z.coerce.number().int().positive(),
  archWireId: z.coerce.number().int().positive(),
});

export const LibraryUser = z.object({ id: z.number().int(), full_name: z.string() });
export type LibraryUser = z.infer<typeof LibraryUser>;

export const BracketLibrary = z.object({
  id: z.number().int(),
  label: z.string(),
  file_name: z.string(),
  /** 1 Original, 2 VTK. */
  format: z.number().int(),
  users: z.array(LibraryUser),
  hidden_at: z.string().nullable(),
  shelf: z.string().nullable(),
  row: z.string().nullable(),
  column: z.string().nullable(),
  has_file: z.boolean(),
  has_inventory: z.boolean(),
  low_stock: z.boolean(),
  low_stock_threshold: z.number().int(),
  created_at: z.string(),
});
export type BracketLibrary = z.infer<typeof BracketLibrary>;

const booleanParam = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const BracketLibrariesQuery = z.object({ low_stock_only: booleanParam });

export const LibraryListResponse = z.object({
  data: z.array(BracketLibrary),
  /** What the caller may do here (the gates of document 3 section 6). */
  abilities: z.object({
    add: z.boolean(),
    update: z.boolean(),
    changelog: z.boolean(),
    inventory: z.boolean(),
    edit_inventory: z.boolean(),
    download: z.boolean(),
    remove: z.boolean(),
  }),
});
export type LibraryListResponse = z.infer<typeof LibraryListResponse>;
export type BracketLibraryAbilities = LibraryListResponse['abilities'];

export const AssignableMembersResponse = z.object({ data: z.array(LibraryUser) });

export const LibraryUploadUrlQuery = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(LIBRARY_LIMITS.fileNameMax, `The name must contain max ${LIBRARY_LIMITS.fileNameMax} characters.`),
  size: z.coerce.number().int().min(0).optional(),
});
export const LibraryUploadUrlResponse = z.object({
  /** The upload's id, given back when the library is stored. */
  id: z.number().int(),
  /** Where to PUT the raw bytes (signed, expiring; no bearer token needed). */
  url: z.string(),
  expires_at: z.string(),
});
export type LibraryUploadUrlResponse = z.infer<typeof LibraryUploadUrlResponse>;
export const LibraryUploadPutResponse = z.object({ id: z.number().int(), size: z.number().int() });

const UserIds = z.array(z.number().int().positive()).max(500);
const FormatField = z.union([z.literal(1), z.literal(2)], {
  error: 'The format must be 1 (Original) or 2 (VTK).',
});

export const StoreBracketLibrariesRequest = z.object({
  upload_ids: z
    .array(z.number().int().positive())
    .min(1, 'At least one uploaded file is required.')
    .max(LIBRARY_LIMITS.maxFilesPerDialog, LIBRARY_MESSAGES.tooManyFiles),
  format: FormatField.optional(),
  userIds: UserIds.optional(),
});
export const BracketLibrariesStoredResponse = z.object({
  message: z.string(),
  data: z.array(BracketLibrary),
});

export const UpdateBracketLibraryRequest = z.object({
  userIds: UserIds.optional(),
  format: FormatField.optional(),
  name: z
    .string()
    .trim()
    .min(1, 'The name field is required.')
    .max(LIBRARY_LIMITS.labelMax, `The name must contain max ${LIBRARY_LIMITS.labelMax} characters.`)
    .optional(),
  shelf: LibraryLocationField.optional(),
  row: LibraryLocationField.optional(),
  column: LibraryLocationField.optional(),
  hide: z.boolean().optional(),
});
export type UpdateBracketLibraryRequest = z.input<typeof UpdateBracketLibraryRequest>;
export const BracketLibraryMessageResponse = z.object({ message: z.string(), data: BracketLibrary });
export const LibraryMessageResponse = z.object({ message: z.string() });
export const LibraryDownloadUrlResponse = z.object({ url: z.string(), expires_at: z.string() });

export const InventoryStock = z.object({ tooth_number: z.string(), available: z.number().int() });
export const BracketInventoryResponse = z.object({
  stocks: z.array(InventoryStock),
  low_stock_threshold: z.number().int(),
});
export type BracketInventoryResponse = z.infer<typeof BracketInventoryResponse>;

const quantity = z
  .number({ error: LIBRARY_MESSAGES.quantity })
  .int(LIBRARY_MESSAGES.quantity)
  .min(-LIBRARY_LIMITS.maxQuantity)
  .max(LIBRARY_LIMITS.maxQuantity);
export const UpdateBracketInventoryRequest = z
  .object({
    stocks: z
      .array(z.object({ tooth_number: BracketTooth, increment: quantity }))
      .max(BRACKET_TEETH.length)
      .refine((s) => new Set(s.map((x) => x.tooth_number)).size === s.length, {
        error: 'Each tooth may be listed once.',
      }),
    low_stock_threshold: z
      .number({ error: LIBRARY_MESSAGES.quantity })
      .int(LIBRARY_MESSAGES.quantity)
      .min(0, LIBRARY_MESSAGES.quantity)
      .max(LIBRARY_LIMITS.maxQuantity),
    reason: z.string().trim().max(LIBRARY_LIMITS.reasonMax, LIBRARY_MESSAGES.reasonTooLong).nullish(),
  })
  .superRefine((v, ctx) => {
    if (needsReason(v.stocks) && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: LIBRARY_MESSAGES.reasonRequired });
  });
export type UpdateBracketInventoryRequest = z.input<typeof UpdateBracketInventoryRequest>;
export const BracketInventoryMessageResponse = z.object({
  message: z.string(),
  data: BracketInventoryResponse,
});

export const InventoryChangelogQuery = z.object(camelPagingQuery(LIBRARY_LIMITS.changelogPageSize, 100));
export const InventoryChangelogItem = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  description: z.string(),
  user: z.string().nullable(),
  changes: z.array(
    z.object({ tooth_number: z.string(), before: z.number(), after: z.number(), diff: z.number() }),
  ),
});
export type InventoryChangelogItem = z.infer<typeof InventoryChangelogItem>;
export const InventoryChangelogResponse = z.object({
  data: z.array(InventoryChangelogItem),
  meta: PaginationMeta,
});

export const ArchWireLibrary = z.object({
  id: z.number().int(),
  label: z.string(),
  file_name: z.string(),
  users: z.array(LibraryUser),
  has_file: z.boolean(),
  created_at: z.string(),
});
export type ArchWireLibrary = z.infer<typeof ArchWireLibrary>;
export const ArchWireListResponse = z.object({
  data: z.array(ArchWireLibrary),
  abilities: z.object({ add: z.boolean(), assign: z.boolean(), download: z.boolean(), remove: z.boolean() }),
});
export type ArchWireListResponse = z.infer<typeof ArchWireListResponse>;
export const StoreArchWiresRequest = z.object({
  upload_ids: z
    .array(z.number().int().positive())
    .min(1, 'At least one uploaded file is required.')
    .max(LIBRARY_LIMITS.maxFilesPerDialog, LIBRARY_MESSAGES.tooManyFiles),
  userIds: UserIds.optional(),
});
export const ArchWiresStoredResponse = z.object({ message: z.string(), data: z.array(ArchWireLibrary) });
export const UpdateArchWireRequest = z.object({
  userIds: UserIds.optional(),
  name: z
    .string()
    .trim()
    .min(1, 'The name field is required.')
    .max(LIBRARY_LIMITS.labelMax, `The name must contain max ${LIBRARY_LIMITS.labelMax} characters.`)
    .optional(),
});
export const ArchWireMessageResponse = z.object({ message: z.string(), data: ArchWireLibrary });

/** The signed link's query. */
export const LibrarySignedQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(10).max(200),
});
export const LibraryDownloadQuery = LibrarySignedQuery.extend({ user: z.coerce.number().int().positive() });
export const LibraryUploadParams = z.object({ uploadId: z.coerce.number().int().positive() });
export const LibraryDownloadParams = z.object({
  kind: z.enum(['bracket', 'arch-wire']),
  libraryId: z.coerce.number().int().positive(),
});

/* ------------------------------------------------------------------------------------------ */
/* Custom bracket sets (document 3 sections 2.7, 2.14, 3, 5, 6, 7 and 8)                      */
/* ------------------------------------------------------------------------------------------ */
/*
 * - GET    /organizations/{id}/custom-bracket-sets?filter=owned|created_by_management  → CustomBracketSetsResponse (rx-forms.ts)
 * - POST   /organizations/{id}/custom-bracket-sets                 CustomBracketSetRequest → CustomBracketSetMessageResponse (201)
 * - PUT    /organizations/{id}/custom-bracket-sets/{setId}         CustomBracketSetRequest → CustomBracketSetMessageResponse
 * - DELETE /organizations/{id}/custom-bracket-sets/{setId}         → LibraryMessageResponse
 * - POST   /organizations/{id}/custom-bracket-sets/set-enable      { value } → CustomBracketSetsEnabledResponse
 */

export const CUSTOM_SET_LIMITS = {
  nameMin: 3,
  nameMax: 255,
  heightMin: 0.9,
  heightMax: 9,
  /** Rows of the set list before paging (document 3 section 9). */
  pageSize: 10,
  /** Set names are cut after 30 characters in lists. */
  displayName: 30,
} as const;

export const CUSTOM_SET_MESSAGES = {
  nameRequired: 'Custom set name is required.',
  nameTooShort: `Custom set name must contain at least ${3} characters.`,
  nameTooLong: `Custom set name must contain max ${255} characters.`,
  teethRequired: 'Teeth field must have at least one item',
  toothTwice: 'Each tooth may be listed once.',
  tooth: 'The tooth number is not valid.',
  libraryRequired: 'A bracket library is required.',
  invalidLibrary: 'The selected bracket library is invalid.',
  height: 'The height must be between 0.9 and 9.0, with one decimal.',
  created: 'Custom bracket set created successfully.',
  updated: 'Custom bracket set updated successfully.',
  deleted: 'Custom bracket set deleted successfully.',
  notEnabled: 'Custom bracket sets are not enabled for this organization.',
  enabled: 'Custom bracket sets have been enabled.',
  disabled: 'Custom bracket sets have been disabled.',
  empty: 'No custom bracket sets yet.',
} as const;

/** Tooth codes of a set: quadrant × 10 + tooth (11–18, 21–28, 31–38, 41–48). */
export const isToothCode = (code: number) =>
  Number.isInteger(code) &&
  Math.floor(code / 10) >= 1 &&
  Math.floor(code / 10) <= 4 &&
  code % 10 >= 1 &&
  code % 10 <= 8;

/** A height is empty (null) or 0.9 to 9.0 with at most one decimal. */
export function isValidHeight(height: number | null): boolean {
  if (height === null) return true;
  if (!Number.isFinite(height)) return false;
  if (height < CUSTOM_SET_LIMITS.heightMin || height > CUSTOM_SET_LIMITS.heightMax) return false;
  return Math.abs(Math.round(height * 10) - height * 10) < 1e-9;
}

/** The form's height text as a number, null when empty, NaN when not a number. */
export function parseHeight(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/** A set name as lists show it: cut after 30 characters. */
export const customSetDisplayName = (name: string) =>
  name.length > CUSTOM_SET_LIMITS.displayName ? `${name.slice(0, CUSTOM_SET_LIMITS.displayName)}…` : name;

export const CustomBracketSetParams = z.object({
  id: z.coerce.number().int().positive(),
  setId: z.coerce.number().int().positive(),
});

export const CustomBracketSetTooth = z.object({
  tooth_number: z.number({ error: CUSTOM_SET_MESSAGES.tooth }).refine(isToothCode, CUSTOM_SET_MESSAGES.tooth),
  bracket_library_id: z
    .number({ error: CUSTOM_SET_MESSAGES.libraryRequired })
    .int(CUSTOM_SET_MESSAGES.invalidLibrary)
    .positive(CUSTOM_SET_MESSAGES.invalidLibrary),
  height: z
    .number({ error: CUSTOM_SET_MESSAGES.height })
    .nullable()
    .optional()
    .transform((v) => v ?? null)
    .refine(isValidHeight, CUSTOM_SET_MESSAGES.height),
});

export const CustomBracketSetRequest = z.object({
  name: z
    .string({ error: CUSTOM_SET_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: CUSTOM_SET_MESSAGES.nameRequired, abort: true })
    .min(CUSTOM_SET_LIMITS.nameMin, CUSTOM_SET_MESSAGES.nameTooShort)
    .max(CUSTOM_SET_LIMITS.nameMax, CUSTOM_SET_MESSAGES.nameTooLong),
  teeth: z
    .array(CustomBracketSetTooth, { error: CUSTOM_SET_MESSAGES.teethRequired })
    .min(1, CUSTOM_SET_MESSAGES.teethRequired)
    .max(BRACKET_TEETH.length, CUSTOM_SET_MESSAGES.toothTwice)
    .refine((t) => new Set(t.map((x) => x.tooth_number)).size === t.length, {
      error: CUSTOM_SET_MESSAGES.toothTwice,
    }),
  /** Only custom-bracket-sets.manage may assign users (document 3 section 6). */
  assigned_user_ids: z.array(z.number().int().positive()).max(500).optional(),
});
export type CustomBracketSetRequest = z.input<typeof CustomBracketSetRequest>;

export const CustomBracketSetsEnableRequest = z.object({
  value: z.boolean({ error: 'The value must be true or false.' }),
});
export const CustomBracketSetsEnabledResponse = z.object({ message: z.string(), enabled: z.boolean() });
export const CustomBracketSetMessageResponse = z.object({ message: z.string(), data: CustomBracketSetItem });
