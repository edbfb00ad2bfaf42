-- The monthly billing run (modules/billing/run.ts): one order per contract and period, one charge
-- per order, every case charged once, credits used once.

-- The idempotency key of a monthly order ('contract-{id}-due-{date}'): a repeated or resumed run
-- never creates a second order for a contract and period.
alter table orders add column billing_key text unique;
-- The day the run attempts the order's payment (invoice date + delay_payment_processing).
alter table orders add column payment_due_date date;
create index orders_payment_due_idx on orders (payment_due_date, id)
  where fm_invoice_status = 'PENDING' and billing_key is not null;

-- The idempotency key of a scheduled charge, also given to the payment processor: a charge
-- interrupted between the processor and the database is asked again with the same key.
alter table payment_attempts add column idempotency_key text unique;

-- The part of a credit grant already used by orders.
alter table credits add column used numeric(12, 2) not null default 0;
alter table credits add constraint credits_used_check check (used >= 0 and used <= value);

-- The monthly order that charged a case (a case is charged once).
create table billed_cases (
  rx_form_id bigint primary key references rx_forms (id) on delete cascade,
  order_id bigint not null references orders (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index billed_cases_order_idx on billed_cases (order_id);

-- The products of a monthly order's lines.
insert into products (code, name) values ('monthly_fee', 'Monthly Fee'), ('case_fee', 'Case Fee')
on conflict (code) do nothing;
