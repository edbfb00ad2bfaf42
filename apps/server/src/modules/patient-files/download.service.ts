/** Reading a patient's files and serving them through signed download links. */
import {
  IMAGE_FILE_TYPES,
  PATIENT_FILE_LIMITS,
  PATIENT_FILE_MESSAGES,
  PATIENT_FILE_SECTION_NAMES,
  PATIENT_FILE_TYPE_IDS,
  PATIENT_FILE_TYPES,
  acceptFor,
  seesReluDetails,
  seesRestrictedFiles,
  type PatientFileTypeId,
  type PatientFilesResponse,
  type PatientImage,
} from '@archline/contracts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { can } from '../../platform/permissions/index.ts';
import { StorageNotFoundError } from '../../platform/storage/index.ts';
import { isImageMime, mimeTypeOf } from './content.ts';
import * as repo from './repository.ts';
import { signClaims, verifyClaims } from './signing.ts';
import { API_BASE, loadPatient, loadFile, mayCreate, mayDelete, toPatientFile, audit } from './access.ts';

/* ------------------------------------------------------------------------------------------ */
/* Reading                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export async function listPatientFiles(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
  meta: RequestMeta,
): Promise<PatientFilesResponse> {
  const patient = await loadPatient(ctx, actor, patientId);
  const seesRelu = seesReluDetails(actor.roles);
  const rows = await repo.listFiles(ctx.db, patient.id, {
    includeRestricted: seesRestrictedFiles(actor.roles),
  });
  await audit(
    ctx.db,
    actor,
    meta,
    'patient-files.list',
    patient.id,
    patient.organization_id,
    {
      patient_id: patient.id,
      files: rows.length,
    },
    'patient',
  );
  const files = rows.map((r) => toPatientFile(r, seesRelu));
  return {
    sections: PATIENT_FILE_TYPE_IDS.map((type) => ({
      type,
      name: PATIENT_FILE_SECTION_NAMES[type],
      files: files.filter((f) => f.patient_file_type_id === type),
      accept: acceptFor(type),
      max_files: PATIENT_FILE_LIMITS.perSection[type],
    })),
    has_ios_file: patient.ios_file_id !== null,
    ios_file_id: patient.ios_file_id,
    permissions: {
      can_upload: mayCreate(actor) && !patient.deleted_at,
      can_delete: mayDelete(actor) && !patient.deleted_at,
      can_relu_flag: can(actor, 'patient-files.relu.flag-job'),
      can_relu_reprocess: can(actor, 'patient-files.relu.reprocess-job'),
      sees_relu: seesRelu,
    },
  };
}

/** GET /patient_files?patient_id: the STL files. */
export async function listStlFiles(ctx: AppContext, actor: Actor, patientId: number) {
  const patient = await loadPatient(ctx, actor, patientId);
  const rows = await repo.listFiles(ctx.db, patient.id, {
    types: [PATIENT_FILE_TYPES.stl],
    includeRestricted: seesRestrictedFiles(actor.roles),
  });
  const seesRelu = seesReluDetails(actor.roles);
  return { data: rows.map((r) => toPatientFile(r, seesRelu)) };
}

async function signedDownload(
  ctx: AppContext,
  actor: Actor,
  file: repo.FileRow,
  disposition: 'attachment' | 'inline',
): Promise<{ url: string; expires_at: string }> {
  const exp = Math.floor(Date.now() / 1000) + PATIENT_FILE_LIMITS.downloadLinkSeconds;
  // With S3 storage the browser reads the bytes from the bucket: a presigned GET answered with
  // the file's content type and name (checksums are checked when the file is stored and by the
  // integrity scan; the bucket keeps the bytes it acknowledged).
  if (ctx.storage.presign)
    return {
      url: await ctx.storage.presign.get(file.storage_path, {
        contentType: file.mime_type ?? mimeTypeOf(file.name),
        contentDisposition: contentDisposition(disposition, file.name),
        expiresInSeconds: PATIENT_FILE_LIMITS.downloadLinkSeconds,
      }),
      expires_at: new Date(exp * 1000).toISOString(),
    };
  const signature = await signClaims(ctx, downloadClaims(file, actor.userId, disposition, exp));
  const qs = new URLSearchParams({
    user: String(actor.userId),
    disposition,
    expires: String(exp),
    signature,
  });
  return {
    url: `${API_BASE}/patient_files/${Number(file.id)}/download?${qs.toString()}`,
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

function downloadClaims(file: repo.FileRow, userId: number, disposition: string, exp: number) {
  return [
    'download',
    Number(file.id),
    userId,
    file.patient_file_type_id,
    file.name,
    Number(file.patient_id),
    disposition,
    exp,
  ] as const;
}

export async function downloadLink(ctx: AppContext, actor: Actor, fileId: number, meta: RequestMeta) {
  const { file, patient } = await loadFile(ctx, actor, fileId);
  const link = await signedDownload(ctx, actor, file, 'attachment');
  await audit(ctx.db, actor, meta, 'patient-files.download-link', Number(file.id), patient.organization_id, {
    patient_id: patient.id,
    name: file.name,
  });
  return link;
}

export async function patientImages(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
  meta: RequestMeta,
): Promise<{ images: PatientImage[] }> {
  const patient = await loadPatient(ctx, actor, patientId);
  const rows = (
    await repo.listFiles(ctx.db, patient.id, {
      types: IMAGE_FILE_TYPES,
      includeRestricted: seesRestrictedFiles(actor.roles),
    })
  ).filter((r) => isImageMime(r.mime_type));
  const images = await Promise.all(
    rows.map(async (r) => ({
      id: Number(r.id),
      patient_file_type_id: r.patient_file_type_id,
      section: PATIENT_FILE_SECTION_NAMES[r.patient_file_type_id as PatientFileTypeId] ?? '',
      name: r.name,
      mime_type: r.mime_type,
      url: (await signedDownload(ctx, actor, r, 'inline')).url,
    })),
  );
  await audit(
    ctx.db,
    actor,
    meta,
    'patient-files.images',
    patient.id,
    patient.organization_id,
    {
      patient_id: patient.id,
      images: images.map((i) => i.id),
    },
    'patient',
  );
  return { images };
}

/** Serves a signed download link: the stored bytes with the file's content type. */
export async function openDownload(
  ctx: AppContext,
  fileId: number,
  q: { user: number; disposition: 'attachment' | 'inline'; expires: number; signature: string },
) {
  const file = await repo.findFile(ctx.db, fileId);
  const verdict = file
    ? await verifyClaims(ctx, downloadClaims(file, q.user, q.disposition, q.expires), q.signature, q.expires)
    : 'invalid';
  if (verdict === 'expired') throw forbidden(PATIENT_FILE_MESSAGES.linkExpired);
  if (verdict !== 'ok' || !file) throw forbidden();
  let stream: NodeJS.ReadableStream;
  try {
    // The bytes are checked against the checksum recorded when they were stored: a damaged file
    // is refused (and logged), never served as if it were the patient's scan.
    if (file.sha256) {
      const actual = await ctx.storage.hash(file.storage_path);
      if (actual !== file.sha256) {
        ctx.log.error(
          { fileId: Number(file.id), key: file.storage_path, expected: file.sha256, actual },
          'stored file does not match its recorded checksum',
        );
        throw conflict(PATIENT_FILE_MESSAGES.fileDamaged);
      }
    }
    stream = ctx.storage.read(file.storage_path);
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFound();
    throw err;
  }
  // A read error after the answer started ends that answer only.
  stream.on('error', (err: Error) => ctx.log.warn({ err, fileId: Number(file.id) }, 'file download failed'));
  return {
    sha256: file.sha256,
    stream,
    name: file.name,
    mimeType: file.mime_type ?? mimeTypeOf(file.name),
    size: file.size_bytes === null ? null : Number(file.size_bytes),
    disposition: q.disposition,
  };
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
