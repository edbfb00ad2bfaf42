-- Dashboard: each filtered statistic is a range scan of its event's time, answered from the index
-- alone (the patient id is included), so a month of events costs that month whatever the size of
-- the lab. Measured on the 200,000-patient benchmark (bench/README.md, bench/dashboard.mjs).

-- submissions and initial setups (the Rx form was submitted / its setup delivered)
create index rx_forms_submitted_at_idx on rx_forms (submitted_at) include (patient_id, organization_id)
  where submitted_at is not null;
create index rx_forms_ready_at_idx on rx_forms (ready_at) include (patient_id, organization_id)
  where ready_at is not null;

-- completed cases
create index patients_completed_at_idx on patients (setup_completed_at) include (id, organization_id)
  where patient_status_id = 3 and setup_completed_at is not null;

-- shipped (completed printing requests) and print requests
create index printing_requests_completed_at_idx on printing_requests (completed_at) include (patient_id)
  where printing_request_status_id = 3 and completed_at is not null;
create index printing_requests_created_at_idx on printing_requests (created_at) include (patient_id)
  where printing_request_status_id <> 4;

-- insert brackets (print items with brackets inserted) and flawed trays
create index printing_request_items_insert_brackets_idx on printing_request_items (created_at)
  include (printing_request_id) where insert_brackets;
create index flawed_trays_created_at_idx on flawed_trays (created_at) include (patient_id);
