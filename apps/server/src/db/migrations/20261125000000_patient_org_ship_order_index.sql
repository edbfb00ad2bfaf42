-- The default management order within a set of organizations (a lab partner's, or staff limited
-- to their organizations): the ids of a page come out of this index alone (index-only scan), so a
-- partner's list no longer reads every patient row of the organizations it serves.
create index patients_org_ship_order_idx on patients
  (organization_id, ship_completed asc, ship_date asc nulls last, created_at desc, id desc)
  where deleted_at is null;
