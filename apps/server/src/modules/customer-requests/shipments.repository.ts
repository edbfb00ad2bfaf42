/**
 * The SQL of bundled shipments: the parcel printing requests ship in together. Money is kept as
 * numeric(12, 2) and crosses this file as integer cents.
 */
import type { BundledShipment } from '@archline/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

const now = sql<Date>`now()`;
const fromCents = (cents: number) => sql<string>`${cents}::numeric / 100`;
const centsOrNull = (v: unknown): number | null =>
  v === null || v === undefined ? null : Math.round(Number(v) * 100);

export interface NewBundle {
  locationId: number | null;
  shipDate: string | null;
  trackingNumber: string;
  courier: string;
  shippingCostCents: number;
  labelPdf: Buffer;
  createdBy: number;
}

export async function createBundle(db: Db, b: NewBundle): Promise<number> {
  const row = await db
    .insertInto('bundled_shipments')
    .values({
      location_id: b.locationId,
      ship_date: b.shipDate,
      tracking_number: b.trackingNumber,
      courier_name: b.courier,
      shipping_cost: fromCents(b.shippingCostCents),
      shipping_label_printed: true,
      label_pdf: b.labelPdf,
      created_by_user_id: b.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A bundle with no label yet, for requests completed together without one. */
export async function createBareBundle(
  db: Db,
  b: { locationId: number | null; shipDate: string | null; createdBy: number },
): Promise<number> {
  const row = await db
    .insertInto('bundled_shipments')
    .values({ location_id: b.locationId, ship_date: b.shipDate, created_by_user_id: b.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Puts the printing requests into the bundle; the bundles they leave empty (and open) are removed. */
export async function moveIntoBundle(db: Db, printingRequestIds: number[], bundleId: number) {
  const before = await db
    .selectFrom('printing_requests')
    .select('bundled_shipment_id')
    .where('id', 'in', printingRequestIds)
    .where('bundled_shipment_id', 'is not', null)
    .where('bundled_shipment_id', '!=', bundleId)
    .execute();
  const previous = [...new Set(before.map((r) => Number(r.bundled_shipment_id)))];
  await db
    .updateTable('printing_requests')
    .set({ bundled_shipment_id: bundleId, updated_at: now })
    .where('id', 'in', printingRequestIds)
    .execute();
  if (previous.length)
    await db
      .deleteFrom('bundled_shipments as bs')
      .where('bs.id', 'in', previous)
      .where('bs.completed_at', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('printing_requests as x')
              .select(sql`1`.as('one'))
              .whereRef('x.bundled_shipment_id', '=', 'bs.id'),
          ),
        ),
      )
      .execute();
}

export interface BundleRow extends BundledShipment {
  has_label: boolean;
}

/** The bundle and its printing requests' ids (without the label). */
export async function findBundle(
  db: Db,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<BundleRow | undefined> {
  let q = db
    .selectFrom('bundled_shipments as bs')
    .select([
      'bs.id',
      'bs.location_id',
      'bs.tracking_number',
      'bs.courier_name',
      'bs.custom_shipping_fee',
      'bs.internal_shipping_cost',
      'bs.shipping_cost',
      'bs.shipping_label_printed',
      'bs.completed_at',
      'bs.created_at',
      'bs.updated_at',
      sql<boolean>`bs.label_pdf is not null`.as('has_label'),
      sql<
        string[]
      >`coalesce((select array_agg(pr.id order by pr.id) from printing_requests pr where pr.bundled_shipment_id = bs.id), '{}')`.as(
        'printing_request_ids',
      ),
    ])
    .where('bs.id', '=', id);
  if (opts.lock) q = q.forUpdate('bs');
  const r = await q.executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    location_id: r.location_id === null ? null : Number(r.location_id),
    tracking_number: r.tracking_number,
    courier_name: r.courier_name,
    custom_shipping_fee_cents: centsOrNull(r.custom_shipping_fee),
    internal_shipping_cost_cents: centsOrNull(r.internal_shipping_cost),
    shipping_cost_cents: centsOrNull(r.shipping_cost),
    shipping_label_printed: Boolean(r.shipping_label_printed),
    completed_at: r.completed_at === null ? null : new Date(r.completed_at).toISOString(),
    printing_request_ids: (r.printing_request_ids ?? []).map(Number),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    has_label: Boolean(r.has_label),
  };
}

export async function labelOf(db: Db, id: number): Promise<Buffer | null> {
  const r = await db
    .selectFrom('bundled_shipments')
    .select('label_pdf')
    .where('id', '=', id)
    .executeTakeFirst();
  return r?.label_pdf ?? null;
}

/** The customer requests of the bundle's printing requests. */
export async function requestsOfBundle(
  db: Db,
  id: number,
): Promise<{ printingRequestId: number; requestId: number }[]> {
  const rows = await db
    .selectFrom('printing_requests')
    .select(['id', 'customer_request_id'])
    .where('bundled_shipment_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ printingRequestId: Number(r.id), requestId: Number(r.customer_request_id) }));
}

export interface BundleChanges {
  trackingNumber?: string;
  customShippingFeeCents?: number | null;
  internalShippingCostCents?: number | null;
}

/** Writes the changed fields; a new tracking number goes to the bundle's printing requests too. */
export async function updateBundle(db: Db, id: number, c: BundleChanges) {
  await db
    .updateTable('bundled_shipments')
    .set({
      updated_at: now,
      ...(c.trackingNumber !== undefined ? { tracking_number: c.trackingNumber } : {}),
      ...(c.customShippingFeeCents !== undefined
        ? {
            custom_shipping_fee:
              c.customShippingFeeCents === null ? null : fromCents(c.customShippingFeeCents),
          }
        : {}),
      ...(c.internalShippingCostCents !== undefined
        ? {
            internal_shipping_cost:
              c.internalShippingCostCents === null ? null : fromCents(c.internalShippingCostCents),
          }
        : {}),
    })
    .where('id', '=', id)
    .execute();
  if (c.trackingNumber !== undefined)
    await db
      .updateTable('printing_requests')
      .set({ tracking_number: c.trackingNumber, updated_at: now })
      .where('bundled_shipment_id', '=', id)
      .execute();
}

/** Marks the bundle completed once none of its requests is open. */
export async function completeBundleIfDone(db: Db, id: number) {
  await db
    .updateTable('bundled_shipments as bs')
    .set({ completed_at: now, updated_at: now })
    .where('bs.id', '=', id)
    .where('bs.completed_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('printing_requests as x')
            .select(sql`1`.as('one'))
            .whereRef('x.bundled_shipment_id', '=', 'bs.id')
            .where('x.printing_request_status_id', 'in', [1, 2]),
        ),
      ),
    )
    .execute();
}
