/** The signed upload link and the PUT that streams the bytes to storage. */
import crypto from 'node:crypto';
import {
  PATIENT_FILE_LIMITS,
  PATIENT_FILE_MESSAGES,
  extensionError,
  isZipName,
  uploadRefusal,
  zipSizeError,
  type PatientFileTypeId,
} from '@archline/contracts';
import type { z } from 'zod';
import type { UploadLinkQuery as UploadLinkQuerySchema } from '@archline/contracts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { StorageTooLargeError, isStorableFileName } from '../../platform/storage/index.ts';
import { mimeTypeOf } from './content.ts';
import * as repo from './repository.ts';
import { signClaims, verifyClaims } from './signing.ts';
import { API_BASE, loadPatient, mayCreate, assertWritable, assertOrganizationWritable } from './access.ts';

/** How long before its upload expires a presigned PUT URL stops being accepted. */
export const PRESIGNED_PUT_MARGIN_SECONDS = 15 * 60;

/* ------------------------------------------------------------------------------------------ */
/* Upload link and PUT                                                                        */
/* ------------------------------------------------------------------------------------------ */

export async function uploadLink(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof UploadLinkQuerySchema>,
  meta: RequestMeta,
) {
  const type = query.type as PatientFileTypeId;
  let organizationId: number;
  let patientId: number | null = null;
  let patientHasIos = false;
  if (query.patient_id !== undefined) {
    const patient = await loadPatient(ctx, actor, query.patient_id);
    if (!mayCreate(actor)) throw forbidden();
    assertWritable(patient);
    organizationId = patient.organization_id;
    patientId = patient.id;
    patientHasIos = await repo.hasIosFile(ctx.db, patient.id);
  } else {
    organizationId = query.organization_id!;
    assertOrganizationWritable(actor, organizationId);
    if (!mayCreate(actor)) throw forbidden();
  }
  const refusal = uploadRefusal({ roles: actor.roles, type, patientHasIos });
  if (refusal) throw forbidden(refusal);
  const extError = extensionError(type, query.name);
  if (extError) throw fieldError('name', extError);
  if (!isStorableFileName(query.name)) throw fieldError('name', PATIENT_FILE_MESSAGES.fileName);
  if (query.size !== undefined) {
    if (query.size > PATIENT_FILE_LIMITS.maxUploadBytes)
      throw fieldError('size', PATIENT_FILE_MESSAGES.tooLarge);
    const zipError = zipSizeError(query.name, query.size);
    if (zipError) throw fieldError('name', zipError);
  }
  if (patientId !== null && !isZipName(query.name)) {
    const { names } = await repo.sectionState(ctx.db, patientId, type);
    if (names.has(query.name.toLowerCase())) throw fieldError('name', PATIENT_FILE_MESSAGES.duplicateName);
  }
  await cleanExpiredUploads(ctx, { limit: 20 }).catch((err: unknown) =>
    ctx.log.warn({ err }, 'could not clean expired uploads'),
  );

  // With S3 storage the browser PUTs straight to the bucket: the presigned URL is bound to the
  // announced size, so the size is required.
  const presign = ctx.storage.presign;
  if (presign && query.size === undefined) throw fieldError('size', PATIENT_FILE_MESSAGES.sizeRequired);

  const filePath = `uploads/${crypto.randomUUID()}/${query.name}`;
  const expiresAt = new Date(Date.now() + PATIENT_FILE_LIMITS.uploadLinkSeconds * 1000);
  const uploadId = await repo.insertUpload(ctx.db, {
    storage_path: filePath,
    user_id: actor.userId,
    organization_id: organizationId,
    patient_id: patientId,
    original_name: query.name,
    expires_at: expiresAt,
    presigned_size: presign ? query.size! : null,
  });
  const audited = () =>
    recordAudit(ctx.db, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip,
      requestId: meta.requestId,
      action: 'patient-files.upload-link',
      entityType: 'upload',
      entityId: uploadId,
      organizationId,
      outcome: 'success',
      details: { patient_id: patientId, type, name: query.name, ...(presign ? { presigned: true } : {}) },
    });
  if (presign) {
    const { url, headers } = await presign.put(filePath, {
      size: query.size!,
      contentType: mimeTypeOf(query.name),
      // The URL must be used (the PUT started) a quarter of an hour before the upload expires,
      // so that the bytes have landed before an unconfirmed upload is cleaned.
      expiresInSeconds: PATIENT_FILE_LIMITS.uploadLinkSeconds - PRESIGNED_PUT_MARGIN_SECONDS,
    });
    await audited();
    return { url, headers, file_path: filePath, expires_at: expiresAt.toISOString() };
  }
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const signature = await signClaims(
    ctx,
    uploadClaims(
      {
        id: uploadId,
        storage_path: filePath,
        user_id: actor.userId,
        original_name: query.name,
        patient_id: patientId,
        organization_id: organizationId,
      },
      type,
      exp,
    ),
  );
  const qs = new URLSearchParams({ type: String(type), expires: String(exp), signature });
  await audited();
  return {
    url: `${API_BASE}/patient_files/upload/${uploadId}?${qs.toString()}`,
    headers: { 'content-type': 'application/octet-stream' },
    file_path: filePath,
    expires_at: expiresAt.toISOString(),
  };
}

const tooLarge = () => new AppError(413, PATIENT_FILE_MESSAGES.tooLarge);

function uploadClaims(
  upload: Pick<
    repo.UploadRow,
    'id' | 'storage_path' | 'user_id' | 'original_name' | 'patient_id' | 'organization_id'
  >,
  type: number,
  exp: number,
) {
  return [
    'upload',
    Number(upload.id),
    upload.storage_path,
    upload.user_id === null ? null : Number(upload.user_id),
    type,
    upload.original_name,
    upload.patient_id === null ? null : Number(upload.patient_id),
    upload.organization_id === null ? null : Number(upload.organization_id),
    exp,
  ] as const;
}

/** PUT <signed url>: streams the body to storage (never buffered whole), up to the size limit. */
export async function receiveUpload(
  ctx: AppContext,
  uploadId: number,
  q: { type: number; expires: number; signature: string },
  body: NodeJS.ReadableStream,
  contentLength: number | undefined,
) {
  const upload = await repo.findUpload(ctx.db, uploadId);
  const verdict = upload
    ? await verifyClaims(ctx, uploadClaims(upload, q.type, q.expires), q.signature, q.expires)
    : 'invalid';
  if (verdict === 'expired') throw forbidden(PATIENT_FILE_MESSAGES.uploadExpired);
  if (verdict !== 'ok' || !upload) throw forbidden();
  // An upload bound for the bucket is not received here.
  if (upload.completed_at || upload.presigned_size !== null) throw notFound();
  if (new Date(upload.expires_at).getTime() < Date.now())
    throw forbidden(PATIENT_FILE_MESSAGES.uploadExpired);
  if (contentLength !== undefined && contentLength > PATIENT_FILE_LIMITS.maxUploadBytes) throw tooLarge();
  try {
    const { size, sha256 } = await ctx.storage.put(upload.storage_path, body, {
      maxBytes: PATIENT_FILE_LIMITS.maxUploadBytes,
    });
    await repo.setUploadHash(ctx.db, Number(upload.id), sha256);
    return { file_path: upload.storage_path, size };
  } catch (err) {
    if (err instanceof StorageTooLargeError) throw tooLarge();
    throw err;
  }
}

/** Deletes the bytes and rows of expired uploads that were never stored. */
export async function cleanExpiredUploads(
  ctx: AppContext,
  opts: { now?: Date; limit?: number } = {},
): Promise<number> {
  const rows = await repo.expiredUploads(ctx.db, opts.now ?? new Date(), opts.limit ?? 500);
  for (const row of rows) await ctx.storage.delete(row.storage_path);
  await repo.deleteUploads(
    ctx.db,
    rows.map((r) => Number(r.id)),
  );
  return rows.length;
}
