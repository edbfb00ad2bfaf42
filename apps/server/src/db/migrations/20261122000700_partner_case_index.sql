-- A lab partner's case list reads only the Rx forms with a third-party assignment of the
-- organizations it serves: a partial index keeps that to the few matching rows instead of every
-- Rx form of those organizations.
create index rx_forms_third_party_idx on rx_forms (organization_id, patient_id)
  where initial_setup_assignment = 3 or print_assignment = 3 or tray_design_assignment = 3
     or insert_brackets_assignment = 3;
