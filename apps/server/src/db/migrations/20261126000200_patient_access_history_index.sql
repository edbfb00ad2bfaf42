-- Access history of a patient (patient details): the audit rows of one patient, newest first, with
-- or without a filter on the user. Each page is one range of one of these indexes.
create index audit_log_entity_time_idx on audit_log (entity_type, entity_id, occurred_at desc, id desc);
create index audit_log_entity_actor_time_idx on audit_log
  (entity_type, entity_id, actor_user_id, occurred_at desc, id desc);
drop index if exists audit_log_entity_idx;
