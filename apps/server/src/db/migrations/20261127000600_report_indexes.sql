-- Reports (docs/features/reports.md): each report reads its table in the order of its natural date
-- through a cursor. With these indexes the first rows leave at once, in the order wanted, and a short
-- range costs that range whatever the size of the table (ship dates and feedback times already have
-- theirs). Measured with bench/export-reports.mjs.

-- technicians: finished workflow steps
create index tech_workflow_processes_finished_at_idx on tech_workflow_processes (finished_at, id)
  where finished_at is not null;

-- deleted cases (archived ones are not in the report)
create index patients_deleted_cases_idx on patients (deleted_at, id) where deleted_kind = 'deleted';

-- invoices: orders with an invoice date
create index orders_invoice_date_idx on orders (invoice_date, id) where invoice_date is not null;
