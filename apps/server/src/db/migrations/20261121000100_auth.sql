-- Authentication support: lab partner sign-up requests, single-use bot-check challenges and
-- brute-force counters shared by every server process.

-- Sign-up with ?lab_partner: the applicant gets no management role until staff grant it;
-- the request is kept here so staff can find and review it.
alter table users add column lab_partner_applied_at timestamptz;

-- ALTCHA challenges already redeemed (single use); rows past expires_at are pruned on insert.
create table altcha_used_challenges (
  id text primary key,
  expires_at timestamptz not null
);
create index altcha_used_challenges_expires_idx on altcha_used_challenges (expires_at);

-- Fixed-window attempt counters for login, sign-up and password reset (per IP and per account).
create table rate_limit_counters (
  key text primary key,
  hits integer not null,
  window_ends_at timestamptz not null
);
create index rate_limit_counters_window_idx on rate_limit_counters (window_ends_at);
