import { READ_ONLY_PROMOTION_CODE_ID, type PromotionCode } from '@archline/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import { centsToDecimalText, decimalDollarsToCents } from '@archline/contracts/price-rules';
import type { DB, PromotionCodes } from '../../db/schema.ts';

type Db = Kysely<DB>;
type Row = Selectable<PromotionCodes>;

/**
 * promotion_codes.value is numeric(12, 2): dollars for a fixed code, a percent otherwise. The API
 * gives a fixed code's value in integer cents; this repository converts at the edge.
 */

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toPromotionCode(row: Row): PromotionCode {
  const stored = Number(row.value);
  return {
    id: Number(row.id),
    code: row.code,
    description: row.description,
    value: row.is_fixed ? decimalDollarsToCents(stored) : Math.round(stored * 100) / 100,
    is_fixed: row.is_fixed,
    max_uses: row.max_uses === null ? null : Number(row.max_uses),
    uses: Number(row.uses),
    promotion_code_type_id: Number(row.promotion_code_type_id),
    status_id: Number(row.status_id),
    is_active: Number(row.status_id) === 1,
    starts_at: iso(row.starts_at),
    expires_at: iso(row.expires_at),
    read_only: Number(row.id) === READ_ONLY_PROMOTION_CODE_ID,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

/** The stored value: a fixed code's cents as dollars, a percent as it is. */
export function storedValue(value: number, isFixed: boolean): string {
  return isFixed ? centsToDecimalText(value) : value.toFixed(2);
}

export interface ListFilter {
  search?: string;
  status?: number;
  page: number;
  perPage: number;
}

/** A page of codes, newest first, searched by code. */
export async function listPromotionCodes(db: Db, filter: ListFilter) {
  let q = db
    .selectFrom('promotion_codes')
    .selectAll()
    .select(sql<number>`count(*) over ()`.as('total_count'));
  if (filter.search) q = q.where('code', 'ilike', `%${escapeLike(filter.search)}%`);
  if (filter.status !== undefined) q = q.where('status_id', '=', filter.status);
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  return {
    rows: rows.map((r) => toPromotionCode(r)),
    total: rows.length ? Number(rows[0]!.total_count) : -1,
  };
}

export async function findPromotionCode(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  let q = db.selectFrom('promotion_codes').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export interface PromotionCodeValues {
  description: string;
  value: number;
  is_fixed: boolean;
  max_uses: number | null;
  promotion_code_type_id: number;
  status_id: number;
  starts_at: Date | null;
  expires_at: Date | null;
}

function columns(v: PromotionCodeValues) {
  return {
    description: v.description,
    value: storedValue(v.value, v.is_fixed),
    is_fixed: v.is_fixed,
    max_uses: v.max_uses,
    promotion_code_type_id: v.promotion_code_type_id,
    status_id: v.status_id,
    starts_at: v.starts_at,
    expires_at: v.expires_at,
  };
}

export async function insertPromotionCode(db: Db, code: string, v: PromotionCodeValues): Promise<number> {
  const row = await db
    .insertInto('promotion_codes')
    .values({ code, ...columns(v) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePromotionCode(db: Db, id: number, v: PromotionCodeValues): Promise<void> {
  await db
    .updateTable('promotion_codes')
    .set({ ...columns(v), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deletePromotionCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('promotion_codes').where('id', '=', id).execute();
}

/** A code usable now: active, within its dates and below its maximum uses. */
export async function findUsableByCode(db: Db, code: string) {
  return db
    .selectFrom('promotion_codes')
    .selectAll()
    .where('code', '=', code)
    .where('status_id', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
}
