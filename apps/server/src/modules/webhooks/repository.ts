import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@archline/contracts';
import { WEBHOOK_EVENT_TYPES } from '@archline/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, WebhookDeliveries, Webhooks } from '../../db/schema.ts';

type Db = Kysely<DB>;
type WebhookRow = Selectable<Webhooks>;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toEndpoint(row: WebhookRow): WebhookEndpoint {
  return {
    id: Number(row.id),
    url: row.url,
    events: WEBHOOK_EVENT_TYPES.filter((e) => row.events.includes(e)),
    enabled: row.enabled,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export async function findOrganization(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  let q = db
    .selectFrom('organizations')
    .select(['id', 'webhooks_enabled', 'deleted_at'])
    .where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function setWebhooksEnabled(db: Db, id: number, value: boolean): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ webhooks_enabled: value, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Offers webhooks to the organization (off until the practice switches them on) or withdraws them. */
export async function setWebhooksOffered(db: Db, id: number, offered: boolean): Promise<void> {
  await db
    .updateTable('organizations')
    .set({
      webhooks_enabled: offered ? sql<boolean>`coalesce(webhooks_enabled, false)` : null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function listEndpoints(db: Db, organizationId: number): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countEndpoints(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The organization's endpoint (undefined for another organization's). */
export async function findEndpoint(
  db: Db,
  organizationId: number,
  id: number,
  opts: { forUpdate?: boolean } = {},
) {
  let q = db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findEndpointById(db: Db, id: number) {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEndpoint(
  db: Db,
  v: { organization_id: number; url: string; events: string[]; enabled: boolean; secret: string },
): Promise<WebhookRow> {
  return db.insertInto('webhooks').values(v).returningAll().executeTakeFirstOrThrow();
}

export async function updateEndpoint(
  db: Db,
  id: number,
  v: { url?: string; events?: string[]; enabled?: boolean; secret?: string },
): Promise<WebhookRow> {
  return db
    .updateTable('webhooks')
    .set({ ...v, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteEndpoint(db: Db, id: number): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

/** The enabled endpoints subscribed to `type`, when the organization has webhooks switched on. */
export async function subscribedEndpoints(db: Db, organizationId: number, type: WebhookEventType) {
  return db
    .selectFrom('webhooks')
    .innerJoin('organizations', 'organizations.id', 'webhooks.organization_id')
    .select(['webhooks.id'])
    .where('webhooks.organization_id', '=', organizationId)
    .where('webhooks.enabled', '=', true)
    .where('organizations.webhooks_enabled', '=', true)
    .where(sql<boolean>`webhooks.events @> array[${type}]::text[]`)
    .orderBy('webhooks.id')
    .execute();
}

export async function insertDelivery(
  db: Db,
  v: { webhook_id: number; event: string; event_id: string; payload: unknown },
) {
  return db
    .insertInto('webhook_deliveries')
    .values({ ...v, payload: JSON.stringify(v.payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const deliveryColumns = [
  'd.id',
  'd.webhook_id',
  'w.url',
  'd.event',
  'd.event_id',
  'd.status',
  'd.response_status',
  'd.attempts',
  'd.next_retry_at',
  'd.duration_ms',
  'd.error',
  'd.created_at',
  'd.last_attempt_at',
  'd.delivered_at',
] as const;

type DeliveryRow = Pick<
  Selectable<WebhookDeliveries>,
  | 'id'
  | 'webhook_id'
  | 'event'
  | 'event_id'
  | 'status'
  | 'response_status'
  | 'attempts'
  | 'next_retry_at'
  | 'duration_ms'
  | 'error'
  | 'created_at'
  | 'last_attempt_at'
  | 'delivered_at'
> & { url: string };

export function toDelivery(r: DeliveryRow): WebhookDelivery {
  return {
    id: Number(r.id),
    webhook_id: Number(r.webhook_id),
    url: r.url,
    event: r.event,
    event_id: r.event_id,
    status: r.status as WebhookDelivery['status'],
    response_status: r.response_status,
    attempts: r.attempts,
    next_retry_at: iso(r.next_retry_at),
    duration_ms: r.duration_ms,
    error: r.error,
    created_at: iso(r.created_at)!,
    last_attempt_at: iso(r.last_attempt_at),
    delivered_at: iso(r.delivered_at),
  };
}

/** One page of the organization's deliveries, newest first (optionally of one endpoint). */
export async function listDeliveries(
  db: Db,
  organizationId: number,
  page: { page: number; perPage: number },
  webhookId?: number,
): Promise<{ rows: WebhookDelivery[]; total: number }> {
  let q = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select([...deliveryColumns, sql<string>`count(*) over ()`.as('total')])
    .where('w.organization_id', '=', organizationId);
  if (webhookId !== undefined) q = q.where('d.webhook_id', '=', webhookId);
  const rows = await q
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  return { rows: rows.map(toDelivery), total: rows.length ? Number(rows[0]!.total) : -1 };
}

export async function findDelivery(db: Db, id: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .innerJoin('organizations as o', 'o.id', 'w.organization_id')
    .select([
      ...deliveryColumns,
      'd.payload',
      'w.secret',
      'w.organization_id',
      'w.enabled as endpoint_enabled',
      'o.webhooks_enabled',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Locks a pending delivery for its attempt (undefined when it is gone or no longer pending). */
export async function lockPendingDelivery(db: Db, id: number) {
  return db
    .selectFrom('webhook_deliveries')
    .select(['id', 'attempts'])
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

export async function recordAttempt(
  db: Db,
  id: number,
  v: {
    status: 'pending' | 'delivered' | 'failed';
    attempts: number;
    response_status: number | null;
    duration_ms: number | null;
    error: string | null;
    next_retry_at: Date | null;
  },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      ...v,
      last_attempt_at: sql<Date>`now()`,
      delivered_at: v.status === 'delivered' ? sql<Date>`now()` : null,
    })
    .where('id', '=', id)
    .execute();
}
