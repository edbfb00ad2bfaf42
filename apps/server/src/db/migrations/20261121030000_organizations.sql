-- Organizations area: the customer service manager of an organization, case-submission
-- statistics kept current by a trigger (quick glance, status buckets and sort options of the
-- management hub search /organizations-users), and the indexes that search needs.

-- The provider's staff member looking after a practice (quick glance "manager",
-- list filter customerServiceManager).
alter table organizations add column customer_service_manager_user_id bigint references users (id) on delete set null;
create index organizations_csm_idx on organizations (customer_service_manager_user_id, id)
  where customer_service_manager_user_id is not null;

-- Keyword search over name and account number (trigram: substring matches, typo tolerant ranking).
create index organizations_search_trgm on organizations
  using gin ((name || ' ' || coalesce(account_number, '')) gin_trgm_ops);
create index organizations_deleted_idx on organizations (deleted_at) where deleted_at is not null;

-- A case submission is an Rx form with submitted_at set.
create index rx_forms_org_submitted_idx on rx_forms (organization_id, submitted_at) where submitted_at is not null;
create index rx_forms_user_submitted_idx on rx_forms (user_id, submitted_at) where submitted_at is not null;

-- Submissions per organization and per doctor (rows appear with the first Rx form).
create table organization_case_stats (
  organization_id bigint primary key references organizations (id) on delete cascade,
  first_submission_at timestamptz,
  newest_submission_at timestamptz,
  submissions integer not null default 0 check (submissions >= 0)
);
create index organization_case_stats_newest_idx on organization_case_stats (newest_submission_at desc nulls last);
create index organization_case_stats_submissions_idx on organization_case_stats (submissions desc);

create table user_case_stats (
  user_id bigint primary key references users (id) on delete cascade,
  first_submission_at timestamptz,
  newest_submission_at timestamptz,
  submissions integer not null default 0 check (submissions >= 0)
);
create index user_case_stats_newest_idx on user_case_stats (newest_submission_at desc nulls last);

-- Recomputes the statistics of one organization and one doctor from their Rx forms (indexed).
create function refresh_case_stats(p_organization_id bigint, p_user_id bigint) returns void
language plpgsql as $$
begin
  if p_organization_id is not null then
    insert into organization_case_stats (organization_id, first_submission_at, newest_submission_at, submissions)
    select p_organization_id, min(r.submitted_at), max(r.submitted_at), count(*)
      from rx_forms r where r.organization_id = p_organization_id and r.submitted_at is not null
    on conflict (organization_id) do update
      set first_submission_at = excluded.first_submission_at,
          newest_submission_at = excluded.newest_submission_at,
          submissions = excluded.submissions;
  end if;
  if p_user_id is not null then
    insert into user_case_stats (user_id, first_submission_at, newest_submission_at, submissions)
    select p_user_id, min(r.submitted_at), max(r.submitted_at), count(*)
      from rx_forms r where r.user_id = p_user_id and r.submitted_at is not null
    on conflict (user_id) do update
      set first_submission_at = excluded.first_submission_at,
          newest_submission_at = excluded.newest_submission_at,
          submissions = excluded.submissions;
  end if;
end;
$$;

create function rx_forms_case_stats() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.submitted_at is not null then
      perform refresh_case_stats(new.organization_id, new.user_id);
    end if;
  elsif tg_op = 'DELETE' then
    if old.submitted_at is not null then
      perform refresh_case_stats(old.organization_id, old.user_id);
    end if;
  else
    if new.submitted_at is distinct from old.submitted_at
       or new.organization_id is distinct from old.organization_id
       or new.user_id is distinct from old.user_id then
      perform refresh_case_stats(new.organization_id, new.user_id);
      if new.organization_id is distinct from old.organization_id or new.user_id is distinct from old.user_id then
        perform refresh_case_stats(old.organization_id, old.user_id);
      end if;
    end if;
  end if;
  return null;
end;
$$;

create trigger rx_forms_case_stats after insert or delete or update of submitted_at, organization_id, user_id
  on rx_forms for each row execute function rx_forms_case_stats();
