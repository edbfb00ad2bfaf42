-- The practice's working tabs read the Rx forms in one state: a partial index per tab holds only
-- those forms, so a tab of a large practice reads its few matching entries instead of every form
-- of the organization and filtering most of them out (awaiting approval: 1,500 of 12,000).
create index rx_forms_awaiting_approval_idx on rx_forms (organization_id, patient_id)
  where cancelled_at is null and completed_at is null and ready_at is not null;
create index rx_forms_in_progress_idx on rx_forms (organization_id, patient_id)
  where cancelled_at is null and completed_at is null and ready_at is null and status_id = 2;
