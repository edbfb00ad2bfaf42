/**
 * Demo data the reports read that the case seed does not make: case feedback on cases, shipping
 * costs and a bundled shipment on the shipped printing requests, and monthly invoices (with their
 * payment attempts) for the practices with a contract. Set-based, relative to now, after the cases.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export async function seedDemoReports(db: Kysely<DB>): Promise<void> {
  // Case feedback: a rating on a dozen cases over the last three weeks (Great, Great, Ok, Bad, ...).
  await sql`
    insert into case_feedbacks (patient_id, user_id, rating, options, disable_future, created_at)
    select p.id, p.user_id,
      (array[10, 10, 5, 1])[(p.n % 4) + 1],
      (array[
        '["Great fit", "Fast turnaround"]',
        '["Trays seated well"]',
        '["Shipping took longer than expected"]',
        '["Bracket positions needed adjusting", "Tray cracked on delivery"]'
      ])[(p.n % 4) + 1]::jsonb,
      -- One "Don't ask again" answer, never the demo doctor's: the patients page keeps asking them.
      p.n = 11 and p.user_id is distinct from (select id from users where email = 'doctor@example.com'),
      now() - make_interval(days => p.n * 2 % 21, hours => p.n * 5 % 24)
    from (
      select id, user_id, (row_number() over (order by id) - 1)::int as n
      from patients
      where deleted_at is null
      order by id
      limit 12
    ) p
    on conflict do nothing`.execute(db);

  // Shipping costs on the requests that shipped or ship soon; a tracking number and courier only
  // on those that shipped (completed): an open request has not left the lab yet.
  await sql`
    update printing_requests
    set internal_shipping_cost = 6.25 + (id % 7),
        custom_shipping_fee = case when expedited_shipping then 25 else 0 end,
        courier_name = case when printing_request_status_id = 3 then coalesce(courier_name, 'UPS') else courier_name end,
        tracking_number = case
          when printing_request_status_id = 3 then coalesce(tracking_number, '1Z' || lpad(id::text, 10, '0'))
          else tracking_number
        end
    where printing_request_status_id <> 4
      and ship_date is not null
      and ship_date <= current_date + 7`.execute(db);

  // One bundle: the two most recent requests shipped to the same location travel in one parcel.
  await sql`
    with pair as (
      select location_id, (array_agg(id order by ship_date desc, id desc))[1:2] as ids
      from printing_requests
      where printing_request_status_id = 3 and location_id is not null
        and ship_date between current_date - 30 and current_date
      group by location_id
      having count(*) >= 2
      order by max(ship_date) desc, location_id
      limit 1
    ), bundle as (
      insert into bundled_shipments (location_id, tracking_number, custom_shipping_fee, internal_shipping_cost,
        shipping_cost, shipping_label_printed, completed_at)
      select location_id, '1ZBUNDLE0001', 0, 9.80, 9.80, true, now() - interval '1 day'
      from pair
      returning id, location_id
    )
    update printing_requests pr
    set bundled_shipment_id = bundle.id,
        tracking_number = '1ZBUNDLE0001',
        internal_shipping_cost = null,
        custom_shipping_fee = null
    from bundle, pair
    where pr.id = any (pair.ids)`.execute(db);

  // Monthly invoices for the last three months of each practice with a licensed contract (a practice
  // still signing up, like Harbor View, has not been billed yet).
  await sql`
    insert into orders (organization_id, contract_id, kind, invoice_id, invoice_label, invoice_date,
      period_start, period_end, fm_invoice_status, subtotal, tax, credits, credit_card_fee, total, paid_at,
      created_at, updated_at)
    select c.organization_id, c.id, 'monthly',
      'INV-' || c.organization_id || '-' || to_char(d.invoice_date, 'YYYYMM'),
      'Invoice ' || to_char(d.invoice_date, 'Mon YYYY'),
      d.invoice_date,
      (d.invoice_date - interval '1 month')::date,
      (d.invoice_date - 1),
      case when c.payment_status = 'NOT_PAID' and d.m = 0 then 'NOT_PAID'
           when c.payment_status = 'PENDING' and d.m = 0 then 'PENDING'
           else 'PAID' end,
      a.subtotal, 0, case when d.m = 2 then 50 else 0 end,
      round((a.subtotal - case when d.m = 2 then 50 else 0 end) * 0.0149, 2),
      round((a.subtotal - case when d.m = 2 then 50 else 0 end) * 1.0149, 2),
      case when c.payment_status in ('NOT_PAID', 'PENDING') and d.m = 0 then null
           else d.invoice_date::timestamp + interval '9 hours' end,
      d.invoice_date::timestamp, d.invoice_date::timestamp
    from contracts c
    cross join lateral (
      select m, (date_trunc('month', current_date) - make_interval(months => m))::date + 4 as invoice_date
      from generate_series(0, 2) m
    ) d
    cross join lateral (select 299 + (c.organization_id % 5) * 45 + d.m * 20 as subtotal) a
    where d.invoice_date <= current_date and c.license_id is not null
    on conflict do nothing`.execute(db);

  await sql`
    insert into payment_attempts (contract_id, order_id, status, amount, message, created_at)
    select o.contract_id, o.id,
      case when o.fm_invoice_status = 'PAID' then 'success'
           when o.fm_invoice_status = 'NOT_PAID' then 'failed'
           else 'pending' end,
      o.total,
      case when o.fm_invoice_status = 'NOT_PAID' then 'Card declined' end,
      o.invoice_date::timestamp + interval '9 hours'
    from orders o
    where o.invoice_date is not null and o.contract_id is not null`.execute(db);
}
