-- The mornings a doctor was reminded of the cases awaiting approval in an organization
-- (notification key pending_case_approval_reminder): one reminder per doctor, organization and
-- day, even when a run is retried or two processes run it at once.
create table approval_reminders (
  organization_id bigint not null references organizations (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  day date not null,
  cases integer not null check (cases > 0),
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id, day)
);
