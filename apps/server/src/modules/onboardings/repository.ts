import { sql, type Kysely } from 'kysely';
import type { Onboarding, OnboardingOrder } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';

/** Organizations whose onboardings a query may return. */
export type OrganizationScope = 'all' | number[];

const iso = (d: Date | string) => new Date(d).toISOString();

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function onboardingQuery(db: Kysely<DB>, scope: OrganizationScope) {
  let q = db
    .selectFrom('onboardings')
    .innerJoin('organizations', 'organizations.id', 'onboardings.organization_id')
    .select([
      'onboardings.id',
      'onboardings.organization_id',
      'organizations.name as organization_name',
      'onboardings.status',
      'onboardings.current_step',
      'onboardings.metadata',
      'onboardings.doctor_allowed_steps',
      'onboardings.created_at',
      'onboardings.updated_at',
    ]);
  if (scope !== 'all')
    q = scope.length ? q.where('onboardings.organization_id', 'in', scope) : q.where(sql<boolean>`false`);
  return q;
}

interface OnboardingRow {
  id: number;
  organization_id: number;
  organization_name: string;
  status: number;
  current_step: number;
  metadata: unknown;
  doctor_allowed_steps: number[] | string;
  created_at: Date;
  updated_at: Date;
}

/** Only string values are checklist inputs; anything else in the column is not shown. */
function toMetadata(value: unknown): Record<string, string> {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

/** smallint[] arrives as an array from pg, as '{3,4}' text from some drivers. */
function toSteps(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

function toOnboarding(r: OnboardingRow): Onboarding {
  return {
    id: Number(r.id),
    organization_id: Number(r.organization_id),
    organization: { id: Number(r.organization_id), name: r.organization_name },
    status: Number(r.status),
    current_step: Number(r.current_step),
    metadata: toMetadata(r.metadata),
    doctor_allowed_steps: toSteps(r.doctor_allowed_steps).sort((a, b) => a - b),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export interface ListOnboardingsFilter {
  searchOrganizationName?: string;
  status?: number;
  order: OnboardingOrder;
  page: number;
  perPage: number;
}

/**
 * One page in one statement (the total with `count(*) over ()`), by signup date. The status filter
 * and the order use onboardings_status_idx / onboardings_created_idx, the name search the
 * organizations' trigram index. `total` is -1 when the page is empty.
 */
export async function listOnboardings(
  db: Kysely<DB>,
  scope: OrganizationScope,
  filter: ListOnboardingsFilter,
): Promise<{ rows: Onboarding[]; total: number }> {
  let q = onboardingQuery(db, scope).select(sql<number>`count(*) over ()`.as('total_count'));
  if (filter.status !== undefined) q = q.where('onboardings.status', '=', filter.status);
  if (filter.searchOrganizationName) {
    q = q.where('organizations.name', 'ilike', `%${escapeLike(filter.searchOrganizationName)}%`);
  }
  const direction = filter.order === 'oldest' ? 'asc' : 'desc';
  const rows = await q
    .orderBy('onboardings.created_at', direction)
    .orderBy('onboardings.id', direction)
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  return {
    rows: rows.map((r) => toOnboarding(r as unknown as OnboardingRow)),
    total: rows.length ? Number(rows[0]!.total_count) : -1,
  };
}

export async function findOnboarding(
  db: Kysely<DB>,
  id: number,
  scope: OrganizationScope,
): Promise<Onboarding | undefined> {
  const row = await onboardingQuery(db, scope).where('onboardings.id', '=', id).executeTakeFirst();
  return row ? toOnboarding(row as unknown as OnboardingRow) : undefined;
}

/** Replaces the given metadata keys (jsonb `||` keeps the others). */
export async function mergeMetadata(
  db: Kysely<DB>,
  id: number,
  values: Record<string, string>,
): Promise<void> {
  await db
    .updateTable('onboardings')
    .set({
      metadata: sql`metadata || ${JSON.stringify(values)}::jsonb`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Completes the next sub-step, only if nobody moved the onboarding meanwhile (the step read by the
 * caller is still the stored one). Returns false when it moved.
 */
export async function advance(
  db: Kysely<DB>,
  id: number,
  from: number,
  to: { current_step: number; status: number },
): Promise<boolean> {
  const result = await db
    .updateTable('onboardings')
    .set({ current_step: to.current_step, status: to.status, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('current_step', '=', from)
    .where('status', '!=', 10)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
