-- Data versions: one counter per organization that every write to what its case lists show
-- raises, in the writing transaction. A list's version is the sum of the counters of the
-- organizations its reader sees (row 0 stands for shared lookups every list reads): it changes
-- exactly when a committed write could change the list, so an answer keyed by it (ETag, a cached
-- total) is never stale and never recomputed while nothing changed.
create table data_versions (
  organization_id bigint primary key,
  version bigint not null default 0
);

-- Statement-level: one raise per organization a statement touched, in organization order (two
-- statements that touch the same organizations lock them in the same order). TG_ARGV[0] is a query
-- over the transition table, written {t}, giving the touched organizations' ids.
create function raise_data_versions() returns trigger
language plpgsql as $$
declare
  q text;
begin
  if tg_op = 'INSERT' then
    q := replace(tg_argv[0], '{t}', 'new_rows');
  elsif tg_op = 'DELETE' then
    q := replace(tg_argv[0], '{t}', 'old_rows');
  else
    q := '(' || replace(tg_argv[0], '{t}', 'new_rows') || ') union (' || replace(tg_argv[0], '{t}', 'old_rows') || ')';
  end if;
  execute 'insert into data_versions as v (organization_id, version)
    select distinct x.id, 1 from (' || q || ') x(id) where x.id is not null order by 1
    on conflict (organization_id) do update set version = v.version + 1';
  return null;
end $$;

do $$
declare
  spec record;
begin
  for spec in
    select * from (values
      ('patients', 'select organization_id from {t}'),
      ('rx_forms', 'select organization_id from {t}'),
      ('customer_requests', 'select organization_id from {t}'),
      ('locations', 'select organization_id from {t}'),
      ('organizations', 'select id from {t}'),
      ('printing_requests', 'select p.organization_id from {t} x join patients p on p.id = x.patient_id'),
      ('tray_design_requests', 'select p.organization_id from {t} x join patients p on p.id = x.patient_id'),
      ('flawed_trays', 'select p.organization_id from {t} x join patients p on p.id = x.patient_id'),
      ('case_notes', 'select p.organization_id from {t} x join patients p on p.id = x.patient_id'),
      ('on_hold_notes', 'select p.organization_id from {t} x join patients p on p.id = x.patient_id'),
      ('patient_files', 'select p.organization_id from {t} x join patients p on p.id = x.patient_id'),
      ('batch_cases', 'select p.organization_id from {t} x join patients p on p.id = x.patient_id'),
      ('tech_workflows', 'select p.organization_id from {t} x join patients p on p.id = x.patient_id'),
      ('tech_workflow_processes', 'select p.organization_id from {t} x
         join tech_workflows w on w.id = x.tech_workflow_id join patients p on p.id = w.patient_id'),
      ('printing_request_items', 'select p.organization_id from {t} x
         join printing_requests r on r.id = x.printing_request_id join patients p on p.id = r.patient_id'),
      ('rx_form_teeth', 'select r.organization_id from {t} x join rx_forms r on r.id = x.rx_form_id'),
      ('batches', 'select p.organization_id from {t} x
         join batch_cases bc on bc.batch_id = x.id join patients p on p.id = bc.patient_id'),
      ('bundled_shipments', 'select p.organization_id from {t} x
         join printing_requests r on r.bundled_shipment_id = x.id join patients p on p.id = r.patient_id'),
      ('organization_types', 'select 0::bigint from {t} limit 1'),
      ('shipping_methods', 'select 0::bigint from {t} limit 1')
    ) as s(tbl, orgs)
  loop
    execute format('create trigger %I after insert on %I referencing new table as new_rows
      for each statement execute function raise_data_versions(%L)', spec.tbl || '_dv_insert', spec.tbl, spec.orgs);
    execute format('create trigger %I after update on %I referencing old table as old_rows new table as new_rows
      for each statement execute function raise_data_versions(%L)', spec.tbl || '_dv_update', spec.tbl, spec.orgs);
    execute format('create trigger %I after delete on %I referencing old table as old_rows
      for each statement execute function raise_data_versions(%L)', spec.tbl || '_dv_delete', spec.tbl, spec.orgs);
  end loop;
end $$;

-- A user's name and e-mail show on the lists of the organizations they belong to; the rest of the
-- row (sign-in times, settings) does not.
create function raise_data_versions_for_user() returns trigger
language plpgsql as $$
begin
  insert into data_versions as v (organization_id, version)
    select distinct ou.organization_id, 1 from organization_user ou where ou.user_id = new.id order by 1
    on conflict (organization_id) do update set version = v.version + 1;
  return null;
end $$;

create trigger users_dv_update after update on users for each row
  when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name
    or old.email is distinct from new.email)
  execute function raise_data_versions_for_user();

-- Membership changes which lists a user's cases appear on for lab partners and members.
create trigger organization_user_dv_insert after insert on organization_user referencing new table as new_rows
  for each statement execute function raise_data_versions('select organization_id from {t}');
create trigger organization_user_dv_delete after delete on organization_user referencing old table as old_rows
  for each statement execute function raise_data_versions('select organization_id from {t}');
