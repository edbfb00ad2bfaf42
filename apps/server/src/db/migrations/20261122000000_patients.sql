-- The ship date of a patient kept on the patient row: the ship date of its latest non-cancelled
-- printing request (and whether that request is completed). The management list sorts every
-- patient by it (ship date ascending, none last, then newest); with the value on the row, a page
-- is an index range instead of a pass over all printing requests for every page.

alter table patients
  add column ship_date date,
  add column ship_completed boolean not null default false;

-- Recomputes the ship date of one patient from its printing requests.
create function patients_refresh_ship_date(pid bigint) returns void language plpgsql as $$
declare
  latest record;
begin
  select pr.ship_date, pr.printing_request_status_id = 3 as completed
    into latest
    from printing_requests pr
   where pr.patient_id = pid and pr.printing_request_status_id <> 4
   order by pr.created_at desc, pr.id desc
   limit 1;
  update patients p
     set ship_date = latest.ship_date,
         ship_completed = coalesce(latest.completed, false)
   where p.id = pid
     and (p.ship_date is distinct from latest.ship_date
          or p.ship_completed is distinct from coalesce(latest.completed, false));
end $$;

create function printing_requests_ship_date() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform patients_refresh_ship_date(old.patient_id);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.patient_id is distinct from old.patient_id) then
    perform patients_refresh_ship_date(new.patient_id);
  end if;
  return null;
end $$;

create trigger printing_requests_ship_date
  after insert or delete or update of patient_id, ship_date, printing_request_status_id, created_at
  on printing_requests
  for each row execute function printing_requests_ship_date();

-- Existing rows.
update patients p
   set ship_date = l.ship_date, ship_completed = l.completed
  from (
    select distinct on (pr.patient_id) pr.patient_id, pr.ship_date, pr.printing_request_status_id = 3 as completed
      from printing_requests pr
     where pr.printing_request_status_id <> 4
     order by pr.patient_id, pr.created_at desc, pr.id desc
  ) l
 where l.patient_id = p.id;

-- The management list's default order over live patients: a page is a range of this index.
create index patients_ship_order_idx on patients (ship_date asc nulls last, created_at desc, id desc)
  where deleted_at is null;
