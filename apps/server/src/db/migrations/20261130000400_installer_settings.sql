-- Installers: the size of each stored installer, and per scope (everyone, or one organization)
-- the desktop application's auto-update switch and its machine learning file.
alter table installers add column file_size bigint check (file_size is null or file_size >= 0);

create table installer_settings (
  id bigint generated always as identity primary key,
  -- null: the settings for everyone; otherwise one organization's
  organization_id bigint references organizations (id) on delete cascade,
  auto_update boolean not null default true,
  ml_file_name text check (ml_file_name is null or ml_file_name ~* '\.7z$'),
  ml_storage_path text,
  ml_file_size bigint,
  ml_uploaded_at timestamptz,
  updated_by_user_id bigint references users (id) on delete set null,
  updated_at timestamptz not null default now()
);
create unique index installer_settings_scope_key on installer_settings (coalesce(organization_id, 0));
