import {
  PROMOTION_CODE_MESSAGES,
  PROMOTION_CODE_STATUS,
  READ_ONLY_PROMOTION_CODE_ID,
  type CreatePromotionCodeRequest,
  type ListPromotionCodesQuery,
  type PromotionCode,
  type UpdatePromotionCodeRequest,
} from '@archline/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import { paginate } from '../../platform/http/paginate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { authorize } from '../../platform/permissions/index.ts';
import * as repo from './repository.ts';

/**
 * Promotion codes (staff, promotion-codes.manage for every call but validate_code). A fixed code's
 * value is integer cents, a percent code's a percentage; the code is set once; id 1 is read-only.
 */

type CreateInput = z.output<typeof CreatePromotionCodeRequest>;
type UpdateInput = z.output<typeof UpdatePromotionCodeRequest>;
type Db = AppContext['db'];

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';
const toDate = (v: string | null | undefined) => (v ? new Date(v) : null);

function audit(
  executor: Db,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  id: number,
  details: Record<string, unknown>,
) {
  return recordAudit(executor, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: 'success',
    action,
    entityType: 'promotion_code',
    entityId: id,
    details,
  });
}

function valuesOf(input: CreateInput | UpdateInput, currentStatus?: number): repo.PromotionCodeValues {
  return {
    description: input.description,
    value: input.value,
    is_fixed: input.is_fixed,
    max_uses: input.max_uses ?? null,
    promotion_code_type_id: input.promotion_code_type_id,
    status_id:
      input.is_active === undefined
        ? (currentStatus ?? PROMOTION_CODE_STATUS.active)
        : input.is_active
          ? PROMOTION_CODE_STATUS.active
          : PROMOTION_CODE_STATUS.inactive,
    starts_at: toDate(input.starts_at),
    expires_at: toDate(input.expires_at),
  };
}

async function load(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  const row = await repo.findPromotionCode(db, id, opts);
  if (!row) throw notFound(PROMOTION_CODE_MESSAGES.notFound);
  return row;
}

/** GET /promotion-codes */
export async function listPromotionCodes(ctx: AppContext, actor: Actor, query: ListPromotionCodesQuery) {
  authorize(actor, 'promotion-codes.manage');
  const filter = {
    search: query.search || undefined,
    status: query.status,
    page: query.page,
    perPage: query.per_page,
  };
  return {
    promotion_codes: await paginate(filter, (page) =>
      repo.listPromotionCodes(ctx.db, { ...filter, ...page }),
    ),
  };
}

/** GET /promotion-codes/{id} */
export async function getPromotionCode(ctx: AppContext, actor: Actor, id: number): Promise<PromotionCode> {
  authorize(actor, 'promotion-codes.manage');
  return repo.toPromotionCode(await load(ctx.db, id));
}

/** POST /promotion-codes: a new code (the code is unique). */
export async function createPromotionCode(
  ctx: AppContext,
  actor: Actor,
  input: CreateInput,
  meta: RequestMeta,
) {
  authorize(actor, 'promotion-codes.manage');
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const newId = await repo.insertPromotionCode(trx, input.code, valuesOf(input));
      await audit(trx, actor, meta, 'promotion-codes.create', newId, { code: input.code });
      return newId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('code', PROMOTION_CODE_MESSAGES.codeTaken);
    throw err;
  }
  return {
    message: PROMOTION_CODE_MESSAGES.created,
    promotion_code: repo.toPromotionCode(await load(ctx.db, id)),
  };
}

/** PUT /promotion-codes/{id}: everything but the code; the code with id 1 is read-only. */
export async function updatePromotionCode(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateInput,
  meta: RequestMeta,
) {
  authorize(actor, 'promotion-codes.manage');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await load(trx, id, { forUpdate: true });
    if (Number(row.id) === READ_ONLY_PROMOTION_CODE_ID) throw forbidden(PROMOTION_CODE_MESSAGES.readOnly);
    if (input.code !== undefined && input.code.trim() !== row.code)
      throw fieldError('code', PROMOTION_CODE_MESSAGES.codeLocked);
    await repo.updatePromotionCode(trx, id, valuesOf(input, Number(row.status_id)));
    await audit(trx, actor, meta, 'promotion-codes.update', id, { code: row.code });
  });
  return {
    message: PROMOTION_CODE_MESSAGES.updated,
    promotion_code: repo.toPromotionCode(await load(ctx.db, id)),
  };
}

/** DELETE /promotion-codes/{id} (promotion-codes.manage); the code with id 1 stays. */
export async function deletePromotionCode(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  authorize(actor, 'promotion-codes.manage');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await load(trx, id, { forUpdate: true });
    if (Number(row.id) === READ_ONLY_PROMOTION_CODE_ID) throw forbidden(PROMOTION_CODE_MESSAGES.readOnly);
    await repo.deletePromotionCode(trx, id);
    await audit(trx, actor, meta, 'promotion-codes.delete', id, { code: row.code });
  });
  return { message: PROMOTION_CODE_MESSAGES.deleted };
}

/**
 * POST /promotion-codes/validate_code: any signed-in user (a practice entering a code at the
 * initial purchase). A code that is unknown, inactive, outside its dates or used up answers 422
 * with one message, so the answer never tells which.
 */
export async function validatePromotionCode(ctx: AppContext, _actor: Actor, code: string) {
  const row = await repo.findUsableByCode(ctx.db, code.trim().toUpperCase());
  if (!row) throw fieldError('code', PROMOTION_CODE_MESSAGES.invalidCode);
  const p = repo.toPromotionCode(row);
  return {
    message: PROMOTION_CODE_MESSAGES.valid,
    promotion_code: {
      id: p.id,
      code: p.code,
      description: p.description,
      value: p.value,
      is_fixed: p.is_fixed,
      promotion_code_type_id: p.promotion_code_type_id,
    },
  };
}

/** A usable code by its text (for the billing run and the initial purchase); no access check. */
export async function findUsablePromotionCode(
  ctx: Pick<AppContext, 'db'>,
  code: string,
): Promise<PromotionCode | undefined> {
  const row = await repo.findUsableByCode(ctx.db, code.trim().toUpperCase());
  return row ? repo.toPromotionCode(row) : undefined;
}
