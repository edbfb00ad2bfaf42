-- Webhook deliveries: the event id of the payload, the outcome of the last attempt and when the
-- next retry is due (null when none is). webhooks.secret holds the signing secret encrypted
-- (AES-256-GCM, key in the settings table), never shown again after create or rotate.
alter table webhook_deliveries
  add column event_id text not null default ('evt_' || md5(random()::text || clock_timestamp()::text)),
  add column next_retry_at timestamptz,
  add column duration_ms integer,
  add column error text,
  add column last_attempt_at timestamptz;
alter table webhook_deliveries alter column event_id drop default;
create index webhooks_organization_events_idx on webhooks using gin (events) where enabled;
