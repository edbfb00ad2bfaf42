-- Bundled shipments: the parcel a shipping label was bought for keeps that label (printing it again
-- buys nothing) and its ship date, the earliest of its requests'.
alter table bundled_shipments
  add column ship_date date,
  add column courier_name text,
  add column label_pdf bytea;

-- The shipment of a patient kept on the patient row, next to its ship date: the latest printing
-- request that is not canceled, and its shipment key (ship date, location, bundle) by which the
-- shipping view orders the cases so those that ship together stand together.
alter table patients
  add column ship_request_id bigint,
  add column shipment_key text;

create or replace function patients_refresh_ship_date(pid bigint) returns void language plpgsql as $$
declare
  latest record;
  key text;
begin
  select pr.id, pr.ship_date, pr.printing_request_status_id = 3 as completed, pr.location_id,
         pr.bundled_shipment_id, bs.ship_date as bundle_ship_date
    into latest
    from printing_requests pr
    left join bundled_shipments bs on bs.id = pr.bundled_shipment_id
   where pr.patient_id = pid and pr.printing_request_status_id <> 4
   order by pr.created_at desc, pr.id desc
   limit 1;
  key := case when latest.id is null then null else
    coalesce(to_char(coalesce(latest.bundle_ship_date, latest.ship_date), 'YYYY-MM-DD'), '9999-12-31')
    || '|' || coalesce(lpad(latest.location_id::text, 12, '0'), '~')
    || '|' || coalesce(lpad(latest.bundled_shipment_id::text, 12, '0'), '~') end;
  update patients p
     set ship_date = latest.ship_date,
         ship_completed = coalesce(latest.completed, false),
         ship_request_id = latest.id,
         shipment_key = key
   where p.id = pid
     and (p.ship_date is distinct from latest.ship_date
          or p.ship_completed is distinct from coalesce(latest.completed, false)
          or p.ship_request_id is distinct from latest.id
          or p.shipment_key is distinct from key);
end $$;

drop trigger printing_requests_ship_date on printing_requests;
create trigger printing_requests_ship_date
  after insert or delete or update of patient_id, ship_date, printing_request_status_id, created_at,
    location_id, bundled_shipment_id
  on printing_requests
  for each row execute function printing_requests_ship_date();

-- Existing rows.
update patients p
   set ship_request_id = l.id,
       shipment_key = coalesce(to_char(coalesce(l.bundle_ship_date, l.ship_date), 'YYYY-MM-DD'), '9999-12-31')
         || '|' || coalesce(lpad(l.location_id::text, 12, '0'), '~')
         || '|' || coalesce(lpad(l.bundled_shipment_id::text, 12, '0'), '~')
  from (
    select distinct on (pr.patient_id) pr.patient_id, pr.id, pr.ship_date, pr.location_id,
           pr.bundled_shipment_id, bs.ship_date as bundle_ship_date
      from printing_requests pr
      left join bundled_shipments bs on bs.id = pr.bundled_shipment_id
     where pr.printing_request_status_id <> 4
     order by pr.patient_id, pr.created_at desc, pr.id desc
  ) l
 where l.patient_id = p.id;

-- The shipping view: open shipments first, by shipment key; a page is a range of this index.
create index patients_shipment_order_idx on patients (ship_completed asc, shipment_key asc, id asc)
  where deleted_at is null and shipment_key is not null;
-- ... and newest shipments first (open ones still first).
create index patients_shipment_order_desc_idx on patients (ship_completed asc, shipment_key desc, id desc)
  where deleted_at is null and shipment_key is not null;
