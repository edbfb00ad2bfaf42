import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { patientScopeSql, type PatientScope } from '../../platform/permissions/patient-scope.ts';

/** The patient fields the file use cases need. */
export interface PatientRef {
  id: number;
  organization_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  case_number_text: string | null;
  deleted_at: Date | null;
  ios_file_id: number | null;
}

export type { PatientScope };

export async function findPatient(
  db: Kysely<DB>,
  id: number,
  scope: PatientScope,
  opts: { forUpdate?: boolean } = {},
): Promise<PatientRef | undefined> {
  let q = db
    .selectFrom('patients')
    .select([
      'patients.id',
      'patients.organization_id',
      'patients.user_id',
      'patients.first_name',
      'patients.last_name',
      'patients.case_number_text',
      'patients.deleted_at',
      'patients.ios_file_id',
    ])
    .where('patients.id', '=', id)
    .where(patientScopeSql(scope, { patient: 'patients' }));
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return (
    row && {
      ...row,
      id: Number(row.id),
      organization_id: Number(row.organization_id),
      user_id: Number(row.user_id),
      ios_file_id: row.ios_file_id === null ? null : Number(row.ios_file_id),
    }
  );
}

/** Locks the patient row (serializes concurrent stores on one patient: limits, duplicates, ios_file_id). */
export async function lockPatient(db: Kysely<DB>, id: number): Promise<void> {
  await db.selectFrom('patients').select('id').where('id', '=', id).forUpdate().execute();
}

export const FILE_COLUMNS = [
  'patient_files.id',
  'patient_files.patient_id',
  'patient_files.patient_file_type_id',
  'patient_files.name',
  'patient_files.original_name',
  'patient_files.storage_path',
  'patient_files.size_bytes',
  'patient_files.sha256',
  'patient_files.mime_type',
  'patient_files.tag',
  'patient_files.hidden',
  'patient_files.file_modification_date',
  'patient_files.metadata',
  'patient_files.relu_job_id',
  'patient_files.relu_status',
  'patient_files.created_at',
  'patient_files.updated_at',
] as const;

export interface FileRow {
  id: number;
  patient_id: number;
  patient_file_type_id: number;
  name: string;
  original_name: string;
  storage_path: string;
  size_bytes: number | string | null;
  sha256: string | null;
  mime_type: string | null;
  tag: string | null;
  hidden: boolean;
  file_modification_date: Date | null;
  metadata: unknown;
  relu_job_id: string | null;
  relu_status: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Files of a patient (optionally of some sections), in section then upload order. One query. */
export async function listFiles(
  db: Kysely<DB>,
  patientId: number,
  opts: { types?: readonly number[]; includeRestricted: boolean },
): Promise<FileRow[]> {
  let q = db
    .selectFrom('patient_files')
    .select([...FILE_COLUMNS])
    .where('patient_files.patient_id', '=', patientId)
    .orderBy('patient_files.patient_file_type_id')
    .orderBy('patient_files.created_at')
    .orderBy('patient_files.id');
  if (opts.types) q = q.where('patient_files.patient_file_type_id', 'in', [...opts.types]);
  if (!opts.includeRestricted)
    q = q
      .where('patient_files.hidden', '=', false)
      .where((eb) =>
        eb.or([eb('patient_files.tag', 'is', null), eb('patient_files.tag', '!=', 'tech_backup')]),
      );
  return (await q.execute()) as FileRow[];
}

export async function findFile(db: Kysely<DB>, id: number): Promise<FileRow | undefined> {
  return (await db
    .selectFrom('patient_files')
    .select([...FILE_COLUMNS])
    .where('patient_files.id', '=', id)
    .executeTakeFirst()) as FileRow | undefined;
}

/** Section counts and the taken original names (lower case) of one section. */
export async function sectionState(
  db: Kysely<DB>,
  patientId: number,
  type: number,
): Promise<{ count: number; names: Set<string> }> {
  const rows = await db
    .selectFrom('patient_files')
    .select('original_name')
    .where('patient_id', '=', patientId)
    .where('patient_file_type_id', '=', type)
    .execute();
  return { count: rows.length, names: new Set(rows.map((r) => r.original_name.toLowerCase())) };
}

export async function hasIosFile(db: Kysely<DB>, patientId: number): Promise<boolean> {
  const row = await db
    .selectFrom('patient_files')
    .select('id')
    .where('patient_id', '=', patientId)
    .where('patient_file_type_id', '=', 1)
    .where((eb) => eb.or([eb('tag', 'is', null), eb('tag', '!=', 'tech_backup')]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export interface NewFile {
  patient_id: number;
  patient_file_type_id: number;
  name: string;
  original_name: string;
  storage_path: string;
  size_bytes: number;
  sha256: string;
  mime_type: string;
  tag: string | null;
  file_modification_date: Date | null;
  uploaded_by_user_id: number;
}

export async function insertFiles(db: Kysely<DB>, files: NewFile[]): Promise<FileRow[]> {
  if (!files.length) return [];
  return (await db
    .insertInto('patient_files')
    .values(files)
    .returning([...FILE_COLUMNS])
    .execute()) as FileRow[];
}

/** patients.ios_file_id: the newest IOS file that is not a technician backup. */
export async function refreshIosFile(db: Kysely<DB>, patientId: number): Promise<number | null> {
  const row = await db
    .updateTable('patients')
    .set({
      ios_file_id: sql`(select pf.id from patient_files pf where pf.patient_id = ${patientId}
        and pf.patient_file_type_id = 1 and (pf.tag is null or pf.tag <> 'tech_backup')
        order by pf.created_at desc, pf.id desc limit 1)`,
    })
    .where('id', '=', patientId)
    .returning('ios_file_id')
    .executeTakeFirst();
  return row?.ios_file_id === null || row?.ios_file_id === undefined ? null : Number(row.ios_file_id);
}

export async function deleteFile(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('patient_files').where('id', '=', id).execute();
}

export async function updateRelu(
  db: Kysely<DB>,
  id: number,
  values: { relu_job_id: string | null; relu_status: string; relu_request: Record<string, unknown> },
): Promise<FileRow> {
  return (await db
    .updateTable('patient_files')
    .set({
      relu_job_id: values.relu_job_id,
      relu_status: values.relu_status,
      metadata: sql`metadata || jsonb_build_object('relu_request', ${JSON.stringify(values.relu_request)}::jsonb)`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning([...FILE_COLUMNS])
    .executeTakeFirstOrThrow()) as FileRow;
}

/* Uploads (signed links handed out, bytes PUT, not yet stored). */

export interface UploadRow {
  id: number;
  storage_path: string;
  user_id: number | null;
  organization_id: number | null;
  patient_id: number | null;
  original_name: string;
  expires_at: Date;
  completed_at: Date | null;
  sha256: string | null;
  /** The size a presigned PUT was bound to (bigint: a string from PostgreSQL); null when the server received the bytes. */
  presigned_size: string | number | null;
}

export async function insertUpload(
  db: Kysely<DB>,
  values: {
    storage_path: string;
    user_id: number;
    organization_id: number;
    patient_id: number | null;
    original_name: string;
    expires_at: Date;
    presigned_size?: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('uploads')
    .values({ ...values, purpose: 'patient_file' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const UPLOAD_COLUMNS = [
  'id',
  'storage_path',
  'user_id',
  'organization_id',
  'patient_id',
  'original_name',
  'expires_at',
  'completed_at',
  'sha256',
  'presigned_size',
] as const;

export async function findUpload(db: Kysely<DB>, id: number): Promise<UploadRow | undefined> {
  return (await db
    .selectFrom('uploads')
    .select([...UPLOAD_COLUMNS])
    .where('id', '=', id)
    .where('purpose', '=', 'patient_file')
    .executeTakeFirst()) as UploadRow | undefined;
}

/** The patient-file uploads at these storage paths, by path (locked, in id order, when asked). */
export async function findUploadsByPaths(
  db: Kysely<DB>,
  paths: readonly string[],
  opts: { forUpdate?: boolean } = {},
): Promise<Map<string, UploadRow>> {
  if (!paths.length) return new Map();
  let q = db
    .selectFrom('uploads')
    .select([...UPLOAD_COLUMNS])
    .where('storage_path', 'in', [...new Set(paths)])
    .where('purpose', '=', 'patient_file')
    .orderBy('id');
  if (opts.forUpdate) q = q.forUpdate();
  const rows = (await q.execute()) as UploadRow[];
  return new Map(rows.map((r) => [r.storage_path, r]));
}

export async function completeUploads(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('uploads').set({ completed_at: new Date() }).where('id', 'in', ids).execute();
}

/** Expired, never-stored uploads (oldest first). */
export async function expiredUploads(db: Kysely<DB>, now: Date, limit: number): Promise<UploadRow[]> {
  return (await db
    .selectFrom('uploads')
    .select([...UPLOAD_COLUMNS])
    .where('purpose', '=', 'patient_file')
    .where('completed_at', 'is', null)
    .where('expires_at', '<', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute()) as UploadRow[];
}

export async function deleteUploads(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('uploads').where('id', 'in', ids).execute();
}

/** Records the SHA-256 of an upload's bytes once they are received. */
export async function setUploadHash(db: Kysely<DB>, id: number, sha256: string): Promise<void> {
  await db.updateTable('uploads').set({ sha256 }).where('id', '=', id).execute();
}

/** Which of these storage paths belong to a patient file. */
export async function fileStoragePaths(db: Kysely<DB>, paths: readonly string[]): Promise<Set<string>> {
  if (!paths.length) return new Set();
  const rows = await db
    .selectFrom('patient_files')
    .select('storage_path')
    .where('storage_path', 'in', [...new Set(paths)])
    .execute();
  return new Set(rows.map((r) => r.storage_path));
}

/** Every stored file and every upload's bytes, for the integrity scan. */
export async function storedObjects(db: Kysely<DB>): Promise<{
  files: { id: number; storage_path: string; sha256: string | null; size_bytes: number | null }[];
  uploads: { id: number; storage_path: string; sha256: string | null; completed_at: Date | null }[];
}> {
  const files = await db
    .selectFrom('patient_files')
    .select(['id', 'storage_path', 'sha256', 'size_bytes'])
    .orderBy('id')
    .execute();
  const uploads = await db
    .selectFrom('uploads')
    .select(['id', 'storage_path', 'sha256', 'completed_at'])
    .where('purpose', '=', 'patient_file')
    .orderBy('id')
    .execute();
  return {
    files: files.map((f) => ({
      ...f,
      id: Number(f.id),
      size_bytes: f.size_bytes === null ? null : Number(f.size_bytes),
    })),
    uploads: uploads.map((u) => ({ ...u, id: Number(u.id) })),
  };
}
