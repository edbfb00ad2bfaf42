/**
 * The SQL of customer requests: the list (one statement per page), one request with its flawed
 * trays, printing request, items and tray design request, and the writes of the use cases. Every
 * read is scoped by the patient scope of the caller (a request outside it is not found).
 */
import {
  countryByIso3,
  patientFullName,
  requestTypeOf,
  type AssignmentValue,
  type RequestType,
} from '@archline/contracts';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fullAddress } from '../../db/columns.ts';
import { patientScopeSql, type PatientScope } from '../../platform/permissions/patient-scope.ts';

type Db = Kysely<DB>;
type Cond = RawBuilder<SqlBool>;

const iso = (v: unknown): string => new Date(v as string | Date).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
/** A date column as YYYY-MM-DD (pg returns Date objects for `date` unless parsed otherwise). */
function dateOnly(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.slice(0, 10);
  const d = v as Date;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface RequestListFilters {
  organizationId?: number;
  patient?: string;
  doctor?: string;
  locationIds?: number[];
  statusIds?: number[];
}

export interface RequestRow {
  id: number;
  type: RequestType;
  status_id: number;
  organization_id: number;
  patient: {
    id: number;
    full_name: string;
    case_number_text: string | null;
    numeric_suffix: number | null;
    user: { id: number; full_name: string } | null;
    organization: { id: number; name: string };
    user_id: number | null;
  };
  next_step: string | null;
  oldest_item_at: string | null;
  /** The case's Rx form (its initial setup), if it has one. */
  rx_form_id: number | null;
  created_at: string;
  updated_at: string;
}

function filterConditions(f: RequestListFilters): Cond[] {
  const conds: Cond[] = [];
  if (f.organizationId !== undefined) conds.push(sql<SqlBool>`cr.organization_id = ${f.organizationId}`);
  if (f.patient) {
    for (const word of f.patient.split(/\s+/).filter(Boolean).slice(0, 8))
      conds.push(sql<SqlBool>`p.search_name ilike ${`%${escapeLike(word)}%`}`);
  }
  if (f.doctor) {
    const pattern = `%${escapeLike(f.doctor)}%`;
    conds.push(sql<SqlBool>`(d.first_name || ' ' || d.last_name) ilike ${pattern}`);
  }
  if (f.locationIds?.length)
    conds.push(
      sql<SqlBool>`coalesce(pr.location_id, rx.shipping_location_id, rx.location_id) in (${sql.join(f.locationIds)})`,
    );
  if (f.statusIds?.length) conds.push(sql<SqlBool>`cr.status_id in (${sql.join(f.statusIds)})`);
  return conds;
}

/** The columns of a request row (list and details): patient, doctor, kind, next step, oldest item. */
const rowSelect = sql`
  cr.id, cr.status_id, cr.organization_id, cr.created_at, cr.updated_at,
  p.id as patient_id, p.first_name, p.last_name, p.case_number_text, p.numeric_suffix, p.user_id,
  d.first_name as doctor_first_name, d.last_name as doctor_last_name,
  o.name as organization_name,
  pr.id as printing_request_id,
  rx.id as rx_form_id,
  exists (select 1 from flawed_trays ft where ft.customer_request_id = cr.id) as has_flawed_trays,
  exists (select 1 from tray_design_requests td where td.customer_request_id = cr.id) as has_tray_design,
  coalesce(
    (select min(i.created_at) from printing_request_items i where i.printing_request_id = pr.id),
    (select min(ft.created_at) from flawed_trays ft where ft.customer_request_id = cr.id),
    cr.created_at
  ) as oldest_item_at,
  (select twp.step || ' ' || twp.process
     from tech_workflows tw join tech_workflow_processes twp on twp.tech_workflow_id = tw.id
    where tw.customer_request_id = cr.id and twp.status <> 'COMPLETED'
    order by twp.step limit 1) as next_step`;

const joins = sql`
  join patients p on p.id = cr.patient_id
  join organizations o on o.id = cr.organization_id
  left join users d on d.id = p.user_id
  left join rx_forms rx on rx.patient_id = p.id
  left join printing_requests pr on pr.customer_request_id = cr.id`;
const fromJoins = sql`from customer_requests cr ${joins}`;

type RawRow = Record<string, unknown>;

function toRow(r: RawRow): RequestRow {
  const doctor =
    r.user_id === null || r.doctor_first_name === null
      ? null
      : { id: num(r.user_id), full_name: `${String(r.doctor_first_name)} ${String(r.doctor_last_name)}` };
  return {
    id: num(r.id),
    type: requestTypeOf({
      has_tray_design: Boolean(r.has_tray_design),
      has_flawed_trays: Boolean(r.has_flawed_trays),
      has_printing: r.printing_request_id !== null,
    }),
    status_id: num(r.status_id),
    organization_id: num(r.organization_id),
    patient: {
      id: num(r.patient_id),
      full_name: patientFullName({ first_name: String(r.first_name), last_name: String(r.last_name) }),
      case_number_text: (r.case_number_text as string | null) ?? null,
      numeric_suffix: numOrNull(r.numeric_suffix),
      user: doctor,
      organization: { id: num(r.organization_id), name: String(r.organization_name) },
      user_id: numOrNull(r.user_id),
    },
    next_step: (r.next_step as string | null) ?? null,
    oldest_item_at: isoOrNull(r.oldest_item_at),
    rx_form_id: numOrNull(r.rx_form_id),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** One page of requests, newest change first, with the window total on every row (-1 when empty). */
export async function listRequests(
  db: Db,
  scope: PatientScope,
  filters: RequestListFilters,
  page: { page: number; perPage: number },
): Promise<{ rows: RequestRow[]; total: number }> {
  const conds = [patientScopeSql(scope, { patient: 'p', rx: 'rx' }), ...filterConditions(filters)];
  const where = sql.join(conds, sql` and `);
  // The page's ids and the total first; the row details (subqueries) only for the rows shown.
  const result = await sql<RawRow>`
    with page as (
      select cr.id, cr.updated_at, count(*) over () as total
      ${fromJoins}
      where ${where}
      order by cr.updated_at desc, cr.id desc
      limit ${page.perPage} offset ${(page.page - 1) * page.perPage}
    )
    select ${rowSelect}, page.total
    from page join customer_requests cr on cr.id = page.id ${joins}
    order by page.updated_at desc, page.id desc`.execute(db);
  const rows = result.rows;
  return { rows: rows.map(toRow), total: rows.length ? num(rows[0]!.total) : -1 };
}

/** One request within the scope (undefined outside it). `lock` locks the request row. */
export async function findRequest(
  db: Db,
  scope: PatientScope,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<
  | (RequestRow & {
      printing_request_id: number | null;
      completed_at: string | null;
      cancelled_at: string | null;
      flawed_trays_status_id: number | null;
      management_data: Record<string, unknown>;
    })
  | undefined
> {
  const result = await sql<RawRow>`
    select ${rowSelect}, cr.completed_at, cr.cancelled_at, cr.flawed_trays_status_id, cr.management_data
    ${fromJoins}
    where cr.id = ${id} and ${patientScopeSql(scope, { patient: 'p', rx: 'rx' })}
    ${opts.lock ? sql`for update of cr` : sql``}`.execute(db);
  const r = result.rows[0];
  if (!r) return undefined;
  return {
    ...toRow(r),
    printing_request_id: numOrNull(r.printing_request_id),
    completed_at: isoOrNull(r.completed_at),
    cancelled_at: isoOrNull(r.cancelled_at),
    flawed_trays_status_id: numOrNull(r.flawed_trays_status_id),
    management_data: (r.management_data as Record<string, unknown> | null) ?? {},
  };
}

export async function flawedTraysOf(db: Db, requestId: number) {
  const rows = await db
    .selectFrom('flawed_trays')
    .selectAll()
    .where('customer_request_id', '=', requestId)
    .orderBy('id')
    .execute();
  return rows.map((t) => ({
    id: num(t.id),
    status_id: num(t.status_id),
    print: t.print,
    arch: num(t.arch),
    file_id: numOrNull(t.file_id),
    stl_file_id: numOrNull(t.stl_file_id),
    corrected_file_id: numOrNull(t.corrected_file_id),
    customer_request_id: num(t.customer_request_id),
    created_at: iso(t.created_at),
  }));
}

/** The patient's original IOS file: a flawed tray's file if it names one, else the newest visible IOS upload. */
export async function originalIosFile(db: Db, patientId: number, preferredId: number | null) {
  let q = db
    .selectFrom('patient_files')
    .select(['id', 'original_name'])
    .where('patient_id', '=', patientId)
    .where('patient_file_type_id', '=', 1)
    .where('hidden', '=', false);
  q =
    preferredId !== null
      ? q.where('id', '=', preferredId)
      : q.where((eb) => eb.or([eb('tag', 'is', null), eb('tag', '<>', 'tech_backup')]));
  const row = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return row ? { id: num(row.id), name: row.original_name } : null;
}

export async function printingRequestOf(db: Db, requestId: number) {
  const pr = await db
    .selectFrom('printing_requests as pr')
    .leftJoin('locations as l', 'l.id', 'pr.location_id')
    .leftJoin('shipping_methods as sm', 'sm.id', 'pr.shipping_method_id')
    .select([
      'pr.id',
      'pr.printing_request_status_id',
      'pr.location_id',
      'l.location_name',
      'l.street_address',
      'l.street_address_line_2',
      'l.city',
      'l.state',
      'l.zip_code',
      'l.country',
      'sm.id as shipping_method_id',
      'sm.name as shipping_method_name',
      'pr.expected_arrival_date',
      'pr.delivery_date_from',
      'pr.delivery_date_to',
      'pr.ship_date',
      'pr.tracking_number',
      'pr.assigned_to',
      'pr.courier_name',
      'pr.courier_link',
      'pr.shipping_label_printed',
      'pr.patient_label_printed',
      'pr.bundled_shipment_id',
    ])
    .where('pr.customer_request_id', '=', requestId)
    .executeTakeFirst();
  if (!pr) return null;
  const items = await db
    .selectFrom('printing_request_items')
    .selectAll()
    .where('printing_request_id', '=', pr.id)
    .orderBy('id')
    .execute();
  return {
    id: num(pr.id),
    printing_request_status_id: num(pr.printing_request_status_id),
    location:
      pr.location_id !== null && pr.location_name !== null
        ? {
            id: num(pr.location_id),
            location_name: pr.location_name,
            full_address: fullAddress({
              street_address: pr.street_address!,
              street_address_line_2: pr.street_address_line_2,
              city: pr.city!,
              state: pr.state!,
              zip_code: pr.zip_code!,
              country: pr.country!,
            }),
          }
        : null,
    shipping_method:
      pr.shipping_method_id !== null
        ? { id: num(pr.shipping_method_id), name: String(pr.shipping_method_name) }
        : null,
    expected_arrival_date: dateOnly(pr.expected_arrival_date),
    delivery_date_from: dateOnly(pr.delivery_date_from),
    delivery_date_to: dateOnly(pr.delivery_date_to),
    ship_date: dateOnly(pr.ship_date),
    tracking_number: pr.tracking_number,
    assigned_to: num(pr.assigned_to),
    courier: { name: pr.courier_name, link: pr.courier_link },
    shipping_label_printed: pr.shipping_label_printed,
    patient_label_printed: pr.patient_label_printed,
    bundled_shipment_id: numOrNull(pr.bundled_shipment_id),
    items: items.map((i) => ({
      id: num(i.id),
      jaw_type_id: num(i.jaw_type_id),
      content_type_id: num(i.content_type_id),
      insert_brackets: i.insert_brackets,
      file_id: numOrNull(i.file_id),
      flawed_tray_id: numOrNull(i.flawed_tray_id),
      created_at: iso(i.created_at),
    })),
  };
}

export type TrayDesignRow = {
  id: number;
  customer_request_id: number;
  patient_id: number;
  status_id: number;
  jaw_type: number;
  maxillary_file_id: number | null;
  mandibular_file_id: number | null;
  created_at: string;
  updated_at: string;
};

function toTrayDesign(t: {
  id: number;
  customer_request_id: number;
  patient_id: number;
  status_id: number;
  jaw_type: number;
  maxillary_file_id: number | null;
  mandibular_file_id: number | null;
  created_at: unknown;
  updated_at: unknown;
}): TrayDesignRow {
  return {
    id: num(t.id),
    customer_request_id: num(t.customer_request_id),
    patient_id: num(t.patient_id),
    status_id: num(t.status_id),
    jaw_type: num(t.jaw_type),
    maxillary_file_id: numOrNull(t.maxillary_file_id),
    mandibular_file_id: numOrNull(t.mandibular_file_id),
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
  };
}

export async function trayDesignOfRequest(db: Db, requestId: number): Promise<TrayDesignRow | null> {
  const t = await db
    .selectFrom('tray_design_requests')
    .selectAll()
    .where('customer_request_id', '=', requestId)
    .executeTakeFirst();
  return t ? toTrayDesign(t) : null;
}

export async function trayDesignById(db: Db, id: number): Promise<TrayDesignRow | null> {
  const t = await db.selectFrom('tray_design_requests').selectAll().where('id', '=', id).executeTakeFirst();
  return t ? toTrayDesign(t) : null;
}

/** The customer request an item belongs to (undefined for an unknown item). */
export async function requestOfItem(db: Db, itemId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('printing_request_items as i')
    .innerJoin('printing_requests as pr', 'pr.id', 'i.printing_request_id')
    .select('pr.customer_request_id')
    .where('i.id', '=', itemId)
    .executeTakeFirst();
  return row ? num(row.customer_request_id) : undefined;
}

/** What the bench labels of a printing request show: the patient, the doctor, the case number and each item's arch. */
export async function patientLabelsOf(db: Db, printingRequestId: number) {
  const row = await db
    .selectFrom('printing_requests as pr')
    .innerJoin('patients as p', 'p.id', 'pr.patient_id')
    .innerJoin('users as d', 'd.id', 'p.user_id')
    .leftJoin('rx_forms as rx', (j) =>
      j.onRef('rx.patient_id', '=', 'p.id').onRef('rx.organization_id', '=', 'p.organization_id'),
    )
    .select([
      'p.id as patient_id',
      'p.first_name',
      'p.last_name',
      'p.case_number_text',
      'd.first_name as doctor_first_name',
      'd.last_name as doctor_last_name',
      'rx.jaws_id',
    ])
    .where('pr.id', '=', printingRequestId)
    .executeTakeFirst();
  if (!row) return null;
  const items = await db
    .selectFrom('printing_request_items')
    .select('jaw_type_id')
    .where('printing_request_id', '=', printingRequestId)
    .orderBy('id')
    .execute();
  return {
    patientId: num(row.patient_id),
    patientName: `${row.first_name} ${row.last_name}`,
    doctorName: `${row.doctor_first_name} ${row.doctor_last_name}`,
    caseNumber: row.case_number_text,
    arches: items.length
      ? items.map((i) => num(i.jaw_type_id))
      : [row.jaws_id === null ? 3 : num(row.jaws_id)],
  };
}

/** What a shipping label of printing requests needs: each one's destination, assignment and method. */
export async function shipmentRowsOf(db: Db, printingRequestIds: number[]) {
  const rows = await db
    .selectFrom('printing_requests as pr')
    .leftJoin('locations as l', 'l.id', 'pr.location_id')
    .leftJoin('shipping_methods as sm', 'sm.id', 'pr.shipping_method_id')
    .select([
      'pr.id',
      'pr.customer_request_id',
      'pr.printing_request_status_id',
      'pr.assigned_to',
      'pr.location_id',
      'l.location_name',
      'l.first_name',
      'l.last_name',
      'l.street_address',
      'l.street_address_line_2',
      'l.city',
      'l.state',
      'l.zip_code',
      'l.country',
      'l.phone_number',
      'sm.name as shipping_method_name',
      'pr.ship_date',
      'pr.bundled_shipment_id',
      'pr.shipping_label_printed',
      'pr.patient_label_printed',
    ])
    .where('pr.id', 'in', printingRequestIds)
    .orderBy('pr.id')
    .execute();
  return rows.map((r) => ({
    id: num(r.id),
    customerRequestId: num(r.customer_request_id),
    statusId: num(r.printing_request_status_id),
    assignedTo: num(r.assigned_to),
    locationId: numOrNull(r.location_id),
    to:
      r.location_id === null
        ? null
        : {
            name: `${r.first_name} ${r.last_name}`.trim() || String(r.location_name),
            company: r.location_name,
            street1: String(r.street_address),
            street2: r.street_address_line_2,
            city: String(r.city),
            state: String(r.state),
            zip: String(r.zip_code),
            // Locations keep the 3-letter code; carriers take the 2-letter one.
            country: countryByIso3(String(r.country))?.iso_2 ?? String(r.country),
            phone: r.phone_number,
          },
    shippingMethod: r.shipping_method_name,
    shipDate: dateOnly(r.ship_date),
    bundledShipmentId: numOrNull(r.bundled_shipment_id),
    shippingLabelPrinted: Boolean(r.shipping_label_printed),
    patientLabelPrinted: Boolean(r.patient_label_printed),
  }));
}
export type ShipmentRow = Awaited<ReturnType<typeof shipmentRowsOf>>[number];

/** Records a bought label on printing requests: the tracking number, the carrier, printed. */
export async function markShippingLabelPrinted(
  db: Db,
  printingRequestIds: number[],
  label: { trackingNumber: string; courier: string },
) {
  await db
    .updateTable('printing_requests')
    .set({
      tracking_number: label.trackingNumber,
      courier_name: label.courier,
      shipping_label_printed: true,
      updated_at: sql<Date>`now()`,
    })
    .where('id', 'in', printingRequestIds)
    .execute();
}

export async function markPatientLabelPrinted(db: Db, printingRequestId: number) {
  await db
    .updateTable('printing_requests')
    .set({ patient_label_printed: true, updated_at: sql<Date>`now()` })
    .where('id', '=', printingRequestId)
    .execute();
}

export async function requestOfPrintingRequest(
  db: Db,
  printingRequestId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('printing_requests')
    .select('customer_request_id')
    .where('id', '=', printingRequestId)
    .executeTakeFirst();
  return row ? num(row.customer_request_id) : undefined;
}

// ------------------------------------------------------------------------------ writes

const now = sql<Date>`now()`;

/** Sets the request's status (and the status of its printing and tray design parts). */
export async function setRequestStatus(
  db: Db,
  requestId: number,
  status: 'completed' | 'canceled',
  byUserId: number,
  trackingNumber: string | null,
): Promise<void> {
  const completed = status === 'completed';
  await db
    .updateTable('customer_requests')
    .set({
      status_id: completed ? 4 : 5,
      status_updated_at: now,
      updated_at: now,
      ...(completed ? { completed_at: now, completed_by_user_id: byUserId } : { cancelled_at: now }),
    })
    .where('id', '=', requestId)
    .execute();
  await db
    .updateTable('printing_requests')
    .set({
      printing_request_status_id: completed ? 3 : 4,
      updated_at: now,
      ...(completed
        ? { completed_at: now, ...(trackingNumber ? { tracking_number: trackingNumber } : {}) }
        : {}),
    })
    .where('customer_request_id', '=', requestId)
    .execute();
  await db
    .updateTable('tray_design_requests')
    .set({ status_id: completed ? 3 : 4, updated_at: now })
    .where('customer_request_id', '=', requestId)
    .execute();
}

export async function setManagementData(db: Db, requestId: number, data: Record<string, unknown>) {
  await db
    .updateTable('customer_requests')
    .set({ management_data: JSON.stringify(data), updated_at: now })
    .where('id', '=', requestId)
    .execute();
}

export async function touchRequest(db: Db, requestId: number) {
  await db.updateTable('customer_requests').set({ updated_at: now }).where('id', '=', requestId).execute();
}

export async function updateItem(db: Db, itemId: number, insertBrackets: boolean) {
  await db
    .updateTable('printing_request_items')
    .set({ insert_brackets: insertBrackets, updated_at: now })
    .where('id', '=', itemId)
    .execute();
}

export async function deleteItem(db: Db, itemId: number) {
  await db.deleteFrom('printing_request_items').where('id', '=', itemId).execute();
}

export async function locationOfOrganization(db: Db, locationId: number, organizationId: number) {
  return db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', locationId)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function shippingMethodExists(db: Db, id: number) {
  return db.selectFrom('shipping_methods').select('id').where('id', '=', id).executeTakeFirst();
}

export async function updateShipping(
  db: Db,
  printingRequestId: number,
  v: {
    location_id: number;
    shipping_method_id: number;
    expected_arrival_date: string;
    delivery_date_from: string;
    delivery_date_to: string;
  },
) {
  await db
    .updateTable('printing_requests')
    .set({ ...v, updated_at: now })
    .where('id', '=', printingRequestId)
    .execute();
}

/** The organization's third-party partner (organization preference), if it names one. */
export async function thirdPartyPartnerOf(db: Db, organizationId: number): Promise<number | null> {
  const row = await db
    .selectFrom('organization_preferences')
    .select('third_party_partner_user_id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return numOrNull(row?.third_party_partner_user_id ?? null);
}

export async function assignPrintingRequest(
  db: Db,
  printingRequestId: number,
  assignTo: number,
  userId: number | null,
) {
  await db
    .updateTable('printing_requests')
    .set({ assigned_to: assignTo, assigned_to_user_id: userId, updated_at: now })
    .where('id', '=', printingRequestId)
    .execute();
}

/** The ids among `fileIds` that are files of the patient. */
export async function filesOfPatient(db: Db, patientId: number, fileIds: number[]): Promise<Set<number>> {
  if (!fileIds.length) return new Set();
  const rows = await db
    .selectFrom('patient_files')
    .select('id')
    .where('patient_id', '=', patientId)
    .where('id', 'in', fileIds)
    .execute();
  return new Set(rows.map((r) => num(r.id)));
}

export async function updateTrayDesign(
  db: Db,
  id: number,
  v: { maxillary_file_id?: number | null; mandibular_file_id?: number | null },
) {
  await db
    .updateTable('tray_design_requests')
    .set({ ...v, updated_at: now })
    .where('id', '=', id)
    .execute();
}

// ------------------------------------------------------------------------------ a flawed tray's print

/** The case's shipping and print assignment (null: none) from its Rx form, for a printing request made for it. */
export async function caseShippingOf(db: Db, patientId: number) {
  const row = await db
    .selectFrom('rx_forms as rx')
    .innerJoin('patients as p', (j) =>
      j.onRef('p.id', '=', 'rx.patient_id').onRef('p.organization_id', '=', 'rx.organization_id'),
    )
    .select(['rx.location_id', 'rx.shipping_location_id', 'rx.shipping_method_id', 'rx.print_assignment'])
    .where('p.id', '=', patientId)
    .executeTakeFirst();
  return {
    location_id: numOrNull(row?.shipping_location_id ?? row?.location_id ?? null),
    shipping_method_id: numOrNull(row?.shipping_method_id ?? null),
    print_assignment: numOrNull(row?.print_assignment ?? null),
  };
}

/** The request's printing request, locked (id and status), if it has one. */
export async function lockPrintingOfRequest(db: Db, customerRequestId: number) {
  const row = await db
    .selectFrom('printing_requests')
    .select(['id', 'printing_request_status_id'])
    .where('customer_request_id', '=', customerRequestId)
    .forUpdate()
    .executeTakeFirst();
  return row ? { id: num(row.id), status_id: num(row.printing_request_status_id) } : undefined;
}

export async function insertPrintingRequest(
  db: Db,
  v: {
    customer_request_id: number;
    patient_id: number;
    location_id: number | null;
    shipping_method_id: number | null;
    assigned_to: AssignmentValue;
    assigned_to_user_id: number | null;
  },
): Promise<number> {
  const row = await db.insertInto('printing_requests').values(v).returning('id').executeTakeFirstOrThrow();
  return num(row.id);
}

/** Puts the tray's item on the printing request, or points the existing one at the tray's file. */
export async function upsertTrayItem(
  db: Db,
  v: { printing_request_id: number; flawed_tray_id: number; jaw_type_id: number; file_id: number | null },
): Promise<void> {
  const updated = await db
    .updateTable('printing_request_items')
    .set({ file_id: v.file_id, jaw_type_id: v.jaw_type_id, updated_at: now })
    .where('printing_request_id', '=', v.printing_request_id)
    .where('flawed_tray_id', '=', v.flawed_tray_id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('printing_request_items').values(v).execute();
}

/** Removes the tray's item; answers how many items the printing request still holds. */
export async function removeTrayItem(db: Db, printingRequestId: number, trayId: number): Promise<number> {
  await db
    .deleteFrom('printing_request_items')
    .where('printing_request_id', '=', printingRequestId)
    .where('flawed_tray_id', '=', trayId)
    .execute();
  const row = await db
    .selectFrom('printing_request_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('printing_request_id', '=', printingRequestId)
    .executeTakeFirstOrThrow();
  return num(row.n);
}

export async function deletePrintingRequest(db: Db, id: number): Promise<void> {
  await db.deleteFrom('printing_requests').where('id', '=', id).execute();
}
