-- Buying seats (the account page's Extra tab): the price of one additional seat is a setting of
-- the price lists, global and per organization (dollars, like the other settings fees; $50.00
-- until staff set it), and seats bought while the current order is already paid go on an order
-- of their own ('extra'), charged by the billing run like a monthly one.
alter table pricing
  add column additional_seat numeric(12, 2) not null default 50 check (additional_seat >= 0);

alter table orders drop constraint orders_kind_check;
alter table orders add constraint orders_kind_check check (kind in ('initial', 'monthly', 'extra'));
