/**
 * Demo requests beside the printing requests of the demo cases (demo-patients.ts): initial case
 * setup requests (new, in progress, pending, completed), flawed tray corrections, tray design
 * requests and canceled printing requests (new, in progress, completed, canceled each), so every
 * kind and status of the /requests list has rows. Flawed trays are open or corrected as their
 * request's status says; a flawed tray to print gets its print request with an item. Runs inside
 * seedDemo's transaction, after the cases and before the technician workflows.
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Candidate {
  patient_id: number;
  organization_id: number;
  user_id: number;
  ios_file_id: number | null;
  upper_stl_id: number | null;
  lower_stl_id: number | null;
  location_id: number | null;
  shipping_method_id: number | null;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export async function seedDemoRequests(
  db: Kysely<DB>,
  options: { now?: Date; organizationName?: string } = {},
): Promise<{ requests: number }> {
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  // Finished cases without another open request: the demo practice's first, then the others.
  const found = await sql<Candidate>`
    select p.id as patient_id, p.organization_id, p.user_id,
      (select f.id from patient_files f where f.patient_id = p.id and f.patient_file_type_id = 1
         and (f.tag is null or f.tag <> 'tech_backup') order by f.id limit 1) as ios_file_id,
      (select f.id from patient_files f where f.patient_id = p.id and f.tag = 'stl_maxillary' order by f.id limit 1) as upper_stl_id,
      (select f.id from patient_files f where f.patient_id = p.id and f.tag = 'stl_mandibular' order by f.id limit 1) as lower_stl_id,
      coalesce(rx.shipping_location_id, rx.location_id) as location_id, rx.shipping_method_id
    from patients p
    join rx_forms rx on rx.patient_id = p.id
    join organizations o on o.id = p.organization_id
    where p.deleted_at is null and rx.submitted_at is not null and rx.cancelled_at is null
      and not exists (select 1 from customer_requests cr where cr.patient_id = p.id and cr.status_id in (1, 2, 3))
    order by (o.name = ${options.organizationName ?? 'Bright Smiles Orthodontics'}) desc, rx.completed_at is null, p.id
    limit 40`.execute(db);
  const pool = found.rows.map((r) => ({
    ...r,
    patient_id: Number(r.patient_id),
    organization_id: Number(r.organization_id),
    user_id: Number(r.user_id),
    ios_file_id: r.ios_file_id === null ? null : Number(r.ios_file_id),
    upper_stl_id: r.upper_stl_id === null ? null : Number(r.upper_stl_id),
    lower_stl_id: r.lower_stl_id === null ? null : Number(r.lower_stl_id),
    location_id: r.location_id === null ? null : Number(r.location_id),
    shipping_method_id: r.shipping_method_id === null ? null : Number(r.shipping_method_id),
  }));
  // Spread the kinds over the practices: alternate the demo practice's cases with the others'.
  const demo = pool.filter((c) => c.organization_id === pool[0]?.organization_id);
  const others = pool.filter((c) => c.organization_id !== pool[0]?.organization_id);
  const ordered: Candidate[] = [];
  for (let i = 0; i < Math.max(demo.length, others.length); i++) {
    if (demo[i]) ordered.push(demo[i]!);
    if (others[i]) ordered.push(others[i]!);
  }
  let next = 0;
  const take = () => ordered[next++];
  const tech = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'tech@example.com')
    .executeTakeFirst();
  const techId = tech ? Number(tech.id) : null;

  let count = 0;
  const insertRequest = async (
    c: Candidate,
    status: 1 | 2 | 3 | 4 | 5,
    ageHours: number,
    extra: Partial<Insertable<DB['customer_requests']>> = {},
  ) => {
    const createdAt = new Date(nowMs - ageHours * HOUR);
    const finishedAt = new Date(Math.min(nowMs, createdAt.getTime() + 20 * HOUR));
    const done = status === 4;
    const cancelled = status === 5;
    const updatedAt = done || cancelled ? finishedAt : createdAt;
    count++;
    const row = await db
      .insertInto('customer_requests')
      .values({
        organization_id: c.organization_id,
        patient_id: c.patient_id,
        status_id: status,
        status_updated_at: updatedAt,
        created_by_user_id: c.user_id,
        completed_by_user_id: done ? techId : null,
        completed_at: done ? finishedAt : null,
        cancelled_at: cancelled ? finishedAt : null,
        created_at: createdAt,
        updated_at: updatedAt,
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), createdAt, finishedAt, updatedAt };
  };

  const printStatus = (status: number) => ({ 1: 1, 2: 2, 4: 3, 5: 4 })[status] ?? 1;
  const insertPrinting = async (
    c: Candidate,
    r: { id: number; createdAt: Date; finishedAt: Date; updatedAt: Date },
    status: 1 | 2 | 4 | 5,
  ) => {
    const done = status === 4;
    const ship = new Date(r.createdAt.getTime() + 2 * DAY);
    const pr = await db
      .insertInto('printing_requests')
      .values({
        customer_request_id: r.id,
        patient_id: c.patient_id,
        location_id: c.location_id,
        shipping_method_id: c.shipping_method_id,
        printing_request_status_id: printStatus(status),
        ship_date: isoDate(ship),
        expected_arrival_date: isoDate(new Date(ship.getTime() + 2 * DAY)),
        delivery_date_from: isoDate(new Date(ship.getTime() + 2 * DAY)),
        delivery_date_to: isoDate(new Date(ship.getTime() + 3 * DAY)),
        tracking_number: done ? `1Z${String(r.id).padStart(10, '0')}DEMO` : null,
        courier_name: done ? 'UPS' : null,
        courier_link: done ? 'https://www.ups.com/track' : null,
        shipping_label_printed: done,
        patient_label_printed: done,
        completed_at: done ? r.finishedAt : null,
        created_at: r.createdAt,
        updated_at: r.updatedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(pr.id);
  };

  // Initial case setup requests: new, in progress, pending, completed
  for (const [status, age] of [
    [1, 3],
    [2, 9],
    [3, 30],
    [4, 200],
  ] as const) {
    const c = take();
    if (!c) break;
    await insertRequest(c, status, age);
  }

  // Flawed tray corrections: new (a few hours old), in progress (past 6 h), completed, canceled
  for (const [status, age] of [
    [1, 4],
    [2, 8],
    [2, 16],
    [4, 120],
    [5, 72],
  ] as const) {
    const c = take();
    if (!c) break;
    const corrected = status === 4;
    const r = await insertRequest(c, status, age, {
      is_flawed: true,
      flawed_trays_status_id: corrected ? 2 : 1,
    });
    const trays = await db
      .insertInto('flawed_trays')
      .values(
        [1, 2].map((arch) => ({
          customer_request_id: r.id,
          patient_id: c.patient_id,
          status_id: corrected ? 2 : 1,
          print: true,
          arch,
          file_id: c.ios_file_id,
          stl_file_id: arch === 1 ? c.upper_stl_id : c.lower_stl_id,
          corrected_file_id: corrected ? (arch === 1 ? c.upper_stl_id : c.lower_stl_id) : null,
          created_at: r.createdAt,
          updated_at: r.updatedAt,
        })),
      )
      .returning(['id', 'arch'])
      .execute();
    const printingId = await insertPrinting(c, r, status);
    await db
      .insertInto('printing_request_items')
      .values(
        trays.map((t) => ({
          printing_request_id: printingId,
          jaw_type_id: Number(t.arch),
          flawed_tray_id: Number(t.id),
          created_at: r.createdAt,
          updated_at: r.createdAt,
        })),
      )
      .execute();
  }

  // Tray design requests: new, in progress, completed, canceled
  for (const [status, age] of [
    [1, 2],
    [2, 13],
    [4, 96],
    [5, 60],
  ] as const) {
    const c = take();
    if (!c) break;
    const r = await insertRequest(c, status, age);
    const done = status === 4;
    await db
      .insertInto('tray_design_requests')
      .values({
        customer_request_id: r.id,
        patient_id: c.patient_id,
        status_id: printStatus(status),
        jaw_type: 3,
        maxillary_file_id: done ? c.upper_stl_id : null,
        mandibular_file_id: done ? c.lower_stl_id : null,
        created_at: r.createdAt,
        updated_at: r.updatedAt,
      })
      .execute();
  }

  // Printing requests canceled before they were printed
  for (const age of [50, 140]) {
    const c = take();
    if (!c) break;
    const r = await insertRequest(c, 5, age);
    const printingId = await insertPrinting(c, r, 5);
    await db
      .insertInto('printing_request_items')
      .values(
        [1, 2].map((jaw) => ({ printing_request_id: printingId, jaw_type_id: jaw, created_at: r.createdAt })),
      )
      .execute();
  }
  return { requests: count };
}
