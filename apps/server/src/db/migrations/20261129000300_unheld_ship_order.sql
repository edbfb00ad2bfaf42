-- Admins' lists leave held cases out by default: their default order over live, unheld patients
-- is a range of this index too (index-only), like everyone's over live patients.
create index patients_unheld_ship_order_idx on patients (ship_completed asc, ship_date asc nulls last, created_at desc, id desc)
  where deleted_at is null and held_at is null;
