-- Identity, organizations, sessions, audit trail, settings and platform plumbing.
create extension if not exists citext;
create extension if not exists pg_trgm;

create table organization_types (
  id bigint generated always as identity primary key,
  name text not null unique check (name ~ '^[A-Za-z ]{2,20}$'),
  created_at timestamptz not null default now()
);

create table users (
  id bigint generated always as identity primary key,
  first_name text not null check (length(first_name) between 1 and 255),
  last_name text not null check (length(last_name) between 1 and 255),
  email citext not null check (length(email) <= 255),
  password_hash text,
  account_number text check (account_number ~ '^[A-Za-z0-9](?:[A-Za-z0-9-]{4,18})[A-Za-z0-9]$'),
  email_verified_at timestamptz,
  current_organization_id bigint,
  last_login_at timestamptz,
  last_activity_at timestamptz,
  -- archived (the spec's deleted_at) and removed (deleted for good, kept for references)
  deleted_at timestamptz,
  removed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (email) where removed_at is null;
create unique index users_account_number_key on users (account_number) where account_number is not null;
create index users_name_trgm on users using gin ((first_name || ' ' || last_name || ' ' || email) gin_trgm_ops);
create index users_created_at_idx on users (created_at desc, id desc);

-- Global (profile) roles of a user: super_admin, admin, tech_support, supervisor, lab_partner, doctor, staff_member.
create table user_roles (
  user_id bigint not null references users (id) on delete cascade,
  role text not null check (role in ('super_admin', 'admin', 'tech_support', 'supervisor', 'lab_partner', 'doctor', 'staff_member')),
  primary key (user_id, role)
);
create index user_roles_role_idx on user_roles (role, user_id);

-- Per-user custom permission toggles (on top of the role matrix).
create table user_custom_permissions (
  user_id bigint not null references users (id) on delete cascade,
  permission text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, permission)
);

-- Additional e-mail addresses of a user (management profile).
create table user_emails (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  email citext not null,
  created_at timestamptz not null default now(),
  unique (user_id, email)
);

create table organizations (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  account_number text check (account_number ~ '^[A-Za-z0-9](?:[A-Za-z0-9-]{4,18})[A-Za-z0-9]$'),
  organization_type_id bigint references organization_types (id),
  disabled_at timestamptz,
  -- archived
  deleted_at timestamptz,
  webhooks_enabled boolean,
  enable_custom_bracket_sets boolean not null default false,
  management_notes text,
  easy_rx_practice_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index organizations_account_number_key on organizations (account_number) where account_number is not null;
create index organizations_name_trgm on organizations using gin (name gin_trgm_ops);
create index organizations_created_at_idx on organizations (created_at desc, id desc);

alter table users add constraint users_current_organization_fk
  foreign key (current_organization_id) references organizations (id) on delete set null;

-- Membership pivot: a user's role inside an organization.
create table organization_user (
  organization_id bigint not null references organizations (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  role text not null check (role in ('organization_owner', 'organization_manager', 'organization_member')),
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id)
);
create index organization_user_user_idx on organization_user (user_id, organization_id);

-- Bearer sessions: only a SHA-256 of the token is stored.
create table auth_tokens (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  token_hash bytea not null unique,
  management boolean not null default false,
  remember_me boolean not null default false,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  idle_expires_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index auth_tokens_user_idx on auth_tokens (user_id);

-- Single-use tokens: e-mail verification, password reset, invitations.
create table one_time_tokens (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('verify_email', 'reset_password', 'invitation', 'create_user', 'create_organization')),
  token_hash bytea not null unique,
  user_id bigint references users (id) on delete cascade,
  email citext,
  organization_id bigint references organizations (id) on delete cascade,
  role text,
  invited_by_user_id bigint references users (id) on delete set null,
  payload jsonb not null default '{}'::jsonb,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index one_time_tokens_user_idx on one_time_tokens (user_id, kind);

-- Append-only audit trail: logins, reads of patient data, every write.
create table audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_user_id bigint,
  actor_email citext,
  ip text,
  request_id text,
  action text not null,
  entity_type text,
  entity_id text,
  organization_id bigint,
  outcome text not null check (outcome in ('success', 'failure', 'denied')),
  details jsonb not null default '{}'::jsonb
);
create index audit_log_entity_idx on audit_log (entity_type, entity_id, occurred_at desc);
create index audit_log_actor_idx on audit_log (actor_user_id, occurred_at desc);
create index audit_log_occurred_idx on audit_log (occurred_at desc);

create function audit_log_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_is_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_is_append_only();

-- Global settings (name_correction, activity throttle, promotion flag, ...), one JSON value per key.
create table settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by_user_id bigint references users (id) on delete set null
);

-- Durable background jobs (mail, webhooks, billing runs, zip extraction).
create table jobs (
  id bigint generated always as identity primary key,
  queue text not null,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null default 5,
  run_at timestamptz not null default now(),
  locked_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_pending_idx on jobs (run_at, id) where status = 'pending';

-- Large payloads of the socket.io PostgreSQL adapter (events between server processes).
create table socket_io_attachments (
  id bigserial unique,
  created_at timestamptz default now(),
  payload bytea
);
