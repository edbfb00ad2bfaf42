-- Indexes for the patient lists and their status counts, from EXPLAIN ANALYZE on the benchmark
-- dataset (bench/generate.ts: 2,000 organizations, 200,000 patients; bench/README.md).

-- The latest open printing request of a patient (its ship date: the management list's default
-- sort, the ship-date filters and the list row) without a sort per patient: the lateral
-- "where patient_id = ? and printing_request_status_id <> 4 order by created_at desc, id desc
-- limit 1" reads the first entry.
create index printing_requests_patient_open_idx on printing_requests (patient_id, created_at desc, id desc)
  where printing_request_status_id <> 4;

-- A practice's patients by creation date (both directions) with what the status tabs, the
-- on-hold switch and the archived count read: index-only scans for the page ordering and the
-- counts of a practice with thousands of cases.
create index patients_org_list_idx on patients (organization_id, created_at, id)
  include (deleted_at, patient_status_id, held_at);

-- The Rx forms of one organization with the columns of the status rule, for lists and counts
-- that join rx_forms on (patient_id, organization_id): index-only instead of reading every form.
create index rx_forms_org_patient_idx on rx_forms (organization_id, patient_id)
  include (id, status_id, ready_at, completed_at, cancelled_at);
