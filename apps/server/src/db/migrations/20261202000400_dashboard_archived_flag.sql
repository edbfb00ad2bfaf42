-- Dashboard: the statistics leave archived cases out. Until now every event was checked against
-- its patient (an anti-join probing the archived patients for each of the lab's 600,000 events
-- when the range is all time). Each event row now carries whether its case is archived, kept by
-- triggers in the transaction that archives or restores the case, and the event indexes hold the
-- live cases' events only: a statistic is a plain index-only count of its range.

alter table rx_forms add column patient_archived boolean not null default false;
alter table printing_requests add column patient_archived boolean not null default false;
alter table flawed_trays add column patient_archived boolean not null default false;

update rx_forms a set patient_archived = true
  from patients p where p.id = a.patient_id and p.deleted_at is not null;
update printing_requests a set patient_archived = true
  from patients p where p.id = a.patient_id and p.deleted_at is not null;
update flawed_trays a set patient_archived = true
  from patients p where p.id = a.patient_id and p.deleted_at is not null;

-- Archiving or restoring a case marks its events.
create function patients_sync_archived() returns trigger
language plpgsql as $$
begin
  update rx_forms set patient_archived = new.deleted_at is not null
    where patient_id = new.id and patient_archived <> (new.deleted_at is not null);
  update printing_requests set patient_archived = new.deleted_at is not null
    where patient_id = new.id and patient_archived <> (new.deleted_at is not null);
  update flawed_trays set patient_archived = new.deleted_at is not null
    where patient_id = new.id and patient_archived <> (new.deleted_at is not null);
  return null;
end $$;

create trigger patients_sync_archived
  after update of deleted_at on patients
  for each row when ((old.deleted_at is null) is distinct from (new.deleted_at is null))
  execute function patients_sync_archived();

-- An event written for (or moved to) a case takes the case's state.
create function events_take_patient_archived() returns trigger
language plpgsql as $$
begin
  new.patient_archived := coalesce(
    (select p.deleted_at is not null from patients p where p.id = new.patient_id), false);
  return new;
end $$;

create trigger rx_forms_take_patient_archived
  before insert or update of patient_id on rx_forms
  for each row execute function events_take_patient_archived();
create trigger printing_requests_take_patient_archived
  before insert or update of patient_id on printing_requests
  for each row execute function events_take_patient_archived();
create trigger flawed_trays_take_patient_archived
  before insert or update of patient_id on flawed_trays
  for each row execute function events_take_patient_archived();

-- The event indexes of 20261127000100_dashboard.sql, now over live cases only.
drop index rx_forms_submitted_at_idx;
create index rx_forms_submitted_at_idx on rx_forms (submitted_at) include (patient_id, organization_id)
  where submitted_at is not null and not patient_archived;
drop index rx_forms_ready_at_idx;
create index rx_forms_ready_at_idx on rx_forms (ready_at) include (patient_id, organization_id)
  where ready_at is not null and not patient_archived;
drop index patients_completed_at_idx;
create index patients_completed_at_idx on patients (setup_completed_at) include (id, organization_id)
  where patient_status_id = 3 and setup_completed_at is not null and deleted_at is null;
drop index printing_requests_completed_at_idx;
create index printing_requests_completed_at_idx on printing_requests (completed_at) include (patient_id)
  where printing_request_status_id = 3 and completed_at is not null and not patient_archived;
drop index printing_requests_created_at_idx;
create index printing_requests_created_at_idx on printing_requests (created_at) include (patient_id)
  where printing_request_status_id <> 4 and not patient_archived;
drop index flawed_trays_created_at_idx;
create index flawed_trays_created_at_idx on flawed_trays (created_at) include (patient_id)
  where not patient_archived;

-- Shipped and print requests count cases, and a case may have several requests: over a long range
-- the requests are read in case order (these indexes) and counted case by case as they stream,
-- instead of hashing 100,000 cases; a short range still reads its time range above.
create index printing_requests_patient_shipped_idx on printing_requests (patient_id) include (completed_at)
  where printing_request_status_id = 3 and completed_at is not null and not patient_archived;
create index printing_requests_patient_print_idx on printing_requests (patient_id) include (created_at)
  where printing_request_status_id <> 4 and not patient_archived;
