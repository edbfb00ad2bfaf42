import { signedRuleValue, type PeriodicRule, type PeriodicRuleType } from '@archline/contracts';
import { centsToDecimalText, decimalDollarsToCents } from '@archline/contracts/price-rules';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, PeriodicRules } from '../../db/schema.ts';

type Db = Kysely<DB>;
type Row = Selectable<PeriodicRules>;

/**
 * periodic_rules keeps the amount positive in dollars (numeric(12, 2)) with a lower-case type; the
 * API gives integer cents, negated for a Discount, and the type as 'Charge' or 'Discount'. This
 * repository converts at the edge.
 */

const iso = (v: Date | string) => new Date(v).toISOString();

export function toPeriodicRule(row: Row): PeriodicRule {
  const type: PeriodicRuleType = row.type === 'discount' ? 'Discount' : 'Charge';
  return {
    id: Number(row.id),
    contract_id: Number(row.contract_id),
    type,
    value: signedRuleValue(type, decimalDollarsToCents(row.value)),
    custom_description: row.custom_description,
    is_active: row.is_active,
    applied_from: row.applied_from,
    applied_to: row.applied_to,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The contract's organization (for the organization scope), or undefined. */
export async function findContract(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  let q = db
    .selectFrom('contracts')
    .innerJoin('organizations', 'organizations.id', 'contracts.organization_id')
    .select(['contracts.id', 'contracts.organization_id', 'organizations.deleted_at'])
    .where('contracts.id', '=', id);
  if (opts.forUpdate) q = q.forUpdate(['contracts']);
  return q.executeTakeFirst();
}

/** The contract's rules, active first, then newest first. */
export async function listRules(db: Db, contractId: number): Promise<PeriodicRule[]> {
  const rows = await db
    .selectFrom('periodic_rules')
    .selectAll()
    .where('contract_id', '=', contractId)
    .orderBy('is_active', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toPeriodicRule);
}

export async function findRule(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  let q = db.selectFrom('periodic_rules').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export interface RuleValues {
  type: PeriodicRuleType;
  /** Positive integer cents. */
  value: number;
  custom_description: string;
  is_active: boolean;
  applied_from: string | null;
  applied_to: string | null;
}

function columns(v: RuleValues) {
  return {
    type: v.type === 'Discount' ? 'discount' : 'charge',
    value: centsToDecimalText(v.value),
    custom_description: v.custom_description,
    is_active: v.is_active,
    applied_from: v.applied_from,
    applied_to: v.applied_to,
  };
}

export async function insertRule(db: Db, contractId: number, v: RuleValues): Promise<Row> {
  return db
    .insertInto('periodic_rules')
    .values({ contract_id: contractId, ...columns(v) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRule(db: Db, id: number, v: RuleValues): Promise<Row> {
  return db
    .updateTable('periodic_rules')
    .set({ ...columns(v), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRule(db: Db, id: number): Promise<void> {
  await db.deleteFrom('periodic_rules').where('id', '=', id).execute();
}
