/**
 * Demo data of the shipping view: three open print requests of one practice location ship today
 * (one parcel to make up: patient labels, a shipping label, then Complete), and the shipped demo
 * bundle takes the ship date of its requests. Set-based, after the cases and the reports' bundle.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export async function seedDemoShipments(db: Kysely<DB>): Promise<void> {
  await sql`
    with open_prints as (
      select pr.id, pr.location_id
      from printing_requests pr
      join patients p on p.id = pr.patient_id and p.deleted_at is null and p.ship_request_id = pr.id
      where pr.printing_request_status_id in (1, 2) and pr.assigned_to = 1
        and pr.location_id is not null and pr.bundled_shipment_id is null
    ), place as (
      select location_id from open_prints group by location_id having count(*) >= 2
      order by count(*) desc, location_id limit 1
    )
    update printing_requests
    set ship_date = current_date, shipping_label_printed = false, patient_label_printed = false
    where id in (
      select o.id from open_prints o join place using (location_id) order by o.id limit 3
    )`.execute(db);

  await sql`
    update bundled_shipments bs
    set ship_date = (select min(pr.ship_date) from printing_requests pr where pr.bundled_shipment_id = bs.id)
    where bs.ship_date is null`.execute(db);
  // The bundles' ship dates are part of their cases' shipment keys.
  await sql`
    select patients_refresh_ship_date(pr.patient_id)
    from printing_requests pr where pr.bundled_shipment_id is not null`.execute(db);
}
