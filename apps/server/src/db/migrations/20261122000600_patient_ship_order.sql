-- The management list's default order puts open shipments first (the overdue ones on top), then
-- shipped cases, each by ship date ascending: months-old completed shipments no longer fill the
-- first pages. A page stays a range of one index.
drop index patients_ship_order_idx;
create index patients_ship_order_idx on patients (ship_completed asc, ship_date asc nulls last, created_at desc, id desc)
  where deleted_at is null;
