-- Two-factor sign-in (TOTP). One row per user who started enrolment: the secret is encrypted at
-- rest (AES-256-GCM), enabled_at is set once a first code confirmed it (null: enrolment pending).
-- last_used_step is the 30-second step of the last accepted code, so a code works only once.
create table user_two_factor (
  user_id bigint primary key references users (id) on delete cascade,
  secret_encrypted text not null,
  enabled_at timestamptz,
  last_used_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Ten single-use recovery codes per enrolment, stored as SHA-256 hashes.
create table user_recovery_codes (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  code_hash bytea not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index user_recovery_codes_user_idx on user_recovery_codes (user_id) where used_at is null;

-- The second sign-in step: after a right password, a short-lived challenge (not a session) that
-- a TOTP or recovery code exchanges for the session. Stored as a SHA-256 hash; used once.
create table two_factor_challenges (
  id bigint generated always as identity primary key,
  token_hash bytea not null unique,
  user_id bigint not null references users (id) on delete cascade,
  management boolean not null,
  remember_me boolean not null,
  failed_attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index two_factor_challenges_expires_idx on two_factor_challenges (expires_at);
