/**
 * The SQL of tray correction: the state of a case the request rule reads, the flawed tray
 * customer request and its trays, and the writes of the flawed tray operations.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string => new Date(v as string | Date).toISOString();
const now = sql<Date>`now()`;

const IOS = 1;
const STL = 2;

export interface CaseState {
  patient_status_id: number;
  archived: boolean;
  has_rx_form: boolean;
  ios_file_ids: number[];
  has_stl_file: boolean;
  has_pending_flawed_tray: boolean;
  request_status_ids: number[];
  print_assignment: number | null;
  tray_design_assignment: number | null;
}

/** What the request rule reads about the case, in one statement (undefined for an unknown patient). */
export async function caseState(db: Db, patientId: number): Promise<CaseState | undefined> {
  const result = await sql<Record<string, unknown>>`
    select p.patient_status_id, p.deleted_at is not null as archived,
      rx.id is not null as has_rx_form, rx.print_assignment, rx.tray_design_assignment,
      coalesce((select array_agg(f.id order by f.id) from patient_files f
         where f.patient_id = p.id and f.patient_file_type_id = ${IOS} and coalesce(f.tag, '') <> 'tech_backup'),
        '{}') as ios_file_ids,
      exists (select 1 from patient_files f where f.patient_id = p.id and f.patient_file_type_id = ${STL}) as has_stl_file,
      exists (select 1 from flawed_trays ft where ft.patient_id = p.id and ft.status_id = 1) as has_pending_flawed_tray,
      coalesce((select array_agg(cr.status_id) from customer_requests cr where cr.patient_id = p.id), '{}') as request_status_ids
    from patients p
    left join lateral (
      select r.id, r.print_assignment, r.tray_design_assignment from rx_forms r
       where r.patient_id = p.id and r.submitted_at is not null and r.cancelled_at is null
       order by r.id desc limit 1
    ) rx on true
    where p.id = ${patientId}`.execute(db);
  const r = result.rows[0];
  if (!r) return undefined;
  return {
    patient_status_id: num(r.patient_status_id),
    archived: Boolean(r.archived),
    has_rx_form: Boolean(r.has_rx_form),
    ios_file_ids: (r.ios_file_ids as unknown[]).map(num),
    has_stl_file: Boolean(r.has_stl_file),
    has_pending_flawed_tray: Boolean(r.has_pending_flawed_tray),
    request_status_ids: (r.request_status_ids as unknown[]).map(num),
    print_assignment: numOrNull(r.print_assignment),
    tray_design_assignment: numOrNull(r.tray_design_assignment),
  };
}

/** The newest STL file of the arch (its tag), or null. */
export async function stlFileOfArch(db: Db, patientId: number, arch: 1 | 2): Promise<number | null> {
  const row = await db
    .selectFrom('patient_files')
    .select('id')
    .where('patient_id', '=', patientId)
    .where('patient_file_type_id', '=', STL)
    .where('tag', '=', arch === 1 ? 'stl_maxillary' : 'stl_mandibular')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? num(row.id) : null;
}

export async function insertFlawedTrayRequest(
  db: Db,
  v: { organization_id: number; patient_id: number; created_by_user_id: number },
): Promise<number> {
  const row = await db
    .insertInto('customer_requests')
    .values({ ...v, status_id: 1, is_flawed: true, flawed_trays_status_id: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return num(row.id);
}

export async function insertFlawedTrays(
  db: Db,
  rows: {
    customer_request_id: number;
    patient_id: number;
    arch: number;
    print: boolean;
    file_id: number;
    stl_file_id: number | null;
  }[],
): Promise<void> {
  await db.insertInto('flawed_trays').values(rows).execute();
}

export interface TrayRow {
  id: number;
  status_id: number;
  print: boolean;
  arch: number;
  file_id: number | null;
  stl_file_id: number | null;
  corrected_file_id: number | null;
  customer_request_id: number;
  patient_id: number;
  created_at: string;
}

function toTray(t: {
  id: number;
  status_id: number;
  print: boolean;
  arch: number;
  file_id: number | null;
  stl_file_id: number | null;
  corrected_file_id: number | null;
  customer_request_id: number;
  patient_id: number;
  created_at: unknown;
}): TrayRow {
  return {
    id: num(t.id),
    status_id: num(t.status_id),
    print: t.print,
    arch: num(t.arch),
    file_id: numOrNull(t.file_id),
    stl_file_id: numOrNull(t.stl_file_id),
    corrected_file_id: numOrNull(t.corrected_file_id),
    customer_request_id: num(t.customer_request_id),
    patient_id: num(t.patient_id),
    created_at: iso(t.created_at),
  };
}

/** One flawed tray (`lock` locks it for the rest of the transaction). */
export async function findTray(
  db: Db,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<TrayRow | undefined> {
  let q = db.selectFrom('flawed_trays').selectAll().where('id', '=', id);
  if (opts.lock) q = q.forUpdate();
  const t = await q.executeTakeFirst();
  return t ? toTray(t) : undefined;
}

export async function traysOfRequest(db: Db, requestId: number): Promise<TrayRow[]> {
  const rows = await db
    .selectFrom('flawed_trays')
    .selectAll()
    .where('customer_request_id', '=', requestId)
    .orderBy('id')
    .execute();
  return rows.map(toTray);
}

/** The request a tray belongs to, locked: its status, organization and doctor. */
export async function lockRequest(db: Db, requestId: number) {
  const row = await db
    .selectFrom('customer_requests as cr')
    .innerJoin('patients as p', 'p.id', 'cr.patient_id')
    .select([
      'cr.id',
      'cr.status_id',
      'cr.organization_id',
      'cr.flawed_trays_status_id',
      'p.id as patient_id',
      'p.user_id',
      'p.first_name',
      'p.last_name',
    ])
    .where('cr.id', '=', requestId)
    .forUpdate()
    .executeTakeFirst();
  return row
    ? {
        id: num(row.id),
        status_id: num(row.status_id),
        organization_id: num(row.organization_id),
        flawed_trays_status_id: numOrNull(row.flawed_trays_status_id),
        patient_id: num(row.patient_id),
        doctor_id: numOrNull(row.user_id),
        patient_name: `${row.first_name} ${row.last_name}`,
      }
    : undefined;
}

export async function setCorrected(db: Db, trayId: number, fileId: number): Promise<void> {
  await db
    .updateTable('flawed_trays')
    .set({ status_id: 2, corrected_file_id: fileId, updated_at: now })
    .where('id', '=', trayId)
    .execute();
}

export async function clearCorrected(db: Db, trayId: number): Promise<void> {
  await db
    .updateTable('flawed_trays')
    .set({ status_id: 1, corrected_file_id: null, updated_at: now })
    .where('id', '=', trayId)
    .execute();
}

export async function setPrint(db: Db, trayId: number, print: boolean): Promise<void> {
  await db.updateTable('flawed_trays').set({ print, updated_at: now }).where('id', '=', trayId).execute();
}

/** Keeps the request's group status (1 open, 2 all corrected) and its modification date. */
export async function setGroupStatus(db: Db, requestId: number, statusId: 1 | 2): Promise<void> {
  await db
    .updateTable('customer_requests')
    .set({ flawed_trays_status_id: statusId, updated_at: now })
    .where('id', '=', requestId)
    .execute();
}

/** An STL file of the patient (undefined otherwise). */
export async function stlFileOfPatient(db: Db, patientId: number, fileId: number) {
  return db
    .selectFrom('patient_files')
    .select(['id'])
    .where('id', '=', fileId)
    .where('patient_id', '=', patientId)
    .where('patient_file_type_id', '=', STL)
    .executeTakeFirst();
}

/** Deletes a file row; its bytes go after the commit (the storage path is returned). */
export async function deleteFileRow(db: Db, fileId: number): Promise<string | null> {
  const row = await db
    .deleteFrom('patient_files')
    .where('id', '=', fileId)
    .returning('storage_path')
    .executeTakeFirst();
  return row?.storage_path ?? null;
}

export interface RequestSummaryRow {
  id: number;
  status_id: number;
  created_at: string;
  trays: { arch: number; status_id: number }[];
}

/** The case's flawed tray requests, newest first, with their trays. */
export async function flawedTrayRequestsOfPatient(db: Db, patientId: number): Promise<RequestSummaryRow[]> {
  const result = await sql<Record<string, unknown>>`
    select cr.id, cr.status_id, cr.created_at,
      json_agg(json_build_object('arch', ft.arch, 'status_id', ft.status_id) order by ft.arch) as trays
    from customer_requests cr join flawed_trays ft on ft.customer_request_id = cr.id
    where cr.patient_id = ${patientId}
    group by cr.id
    order by cr.created_at desc, cr.id desc
    limit 50`.execute(db);
  return result.rows.map((r) => {
    const trays = (typeof r.trays === 'string' ? JSON.parse(r.trays) : r.trays) as {
      arch: number;
      status_id: number;
    }[];
    return {
      id: num(r.id),
      status_id: num(r.status_id),
      created_at: iso(r.created_at),
      trays: trays.map((t) => ({ arch: num(t.arch), status_id: num(t.status_id) })),
    };
  });
}

/** The doctor of the patient (null when none). */
export async function doctorOfPatient(db: Db, patientId: number): Promise<number | null> {
  const row = await db
    .selectFrom('patients')
    .select('user_id')
    .where('id', '=', patientId)
    .executeTakeFirst();
  return numOrNull(row?.user_id ?? null);
}
