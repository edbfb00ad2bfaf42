-- Custom bracket sets are removed by marking them (like bracket and arch-wire libraries), so the
-- Rx forms that chose one keep reading its name.
alter table custom_bracket_sets add column deleted_at timestamptz;

drop index custom_bracket_sets_organization_idx;
create index custom_bracket_sets_organization_idx on custom_bracket_sets (organization_id, created_at desc, id desc)
  where deleted_at is null;
create index custom_bracket_sets_creator_idx on custom_bracket_sets (created_by_user_id) where deleted_at is null;
