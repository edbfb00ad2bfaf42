-- The Archline domain: practices (locations, licenses, devices, preferences), patients and their
-- files, Rx forms, requests and production (printing, flawed trays, tray design, shipping,
-- technician workflows, batches), billing, libraries, onboarding, notifications and webhooks.
-- Conventions as in the identity migration: bigint identity ids, timestamptz, snake_case,
-- text or smallint + check constraints for enumerations, deleted_at meaning archived.
-- docs/data-model.md describes every table in one line.

-- ---------------------------------------------------------------------------------------------
-- Organizations: locations, preferences, contacts, credits, onboarding
-- ---------------------------------------------------------------------------------------------

create table locations (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  location_name text not null check (length(location_name) between 1 and 255),
  first_name text not null check (length(first_name) between 1 and 255),
  last_name text not null check (length(last_name) between 1 and 255),
  email citext not null check (length(email) <= 255),
  phone_number text not null check (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  street_address text not null check (length(street_address) between 1 and 255),
  street_address_line_2 text check (length(street_address_line_2) <= 255),
  city text not null check (length(city) between 1 and 255),
  state text not null check (length(state) = 2),
  country text not null check (country ~ '^[A-Z]{3}$'),
  zip_code text not null check (length(zip_code) between 1 and 20),
  -- minutes east of UTC, shown on the workflow page
  timezone_offset integer check (timezone_offset between -840 and 840),
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index locations_organization_idx on locations (organization_id, created_at desc, id desc);
create index locations_search_trgm on locations
  using gin ((location_name || ' ' || street_address || ' ' || city || ' ' || zip_code) gin_trgm_ops);

-- Locations a practice user is assigned to (practice users see only these).
create table location_user (
  location_id bigint not null references locations (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (location_id, user_id)
);
create index location_user_user_idx on location_user (user_id, location_id);

alter table organizations add column main_location_id bigint references locations (id) on delete set null;

-- Per-organization custom permission toggles on a membership (on top of the pivot role's permissions).
create table organization_user_permissions (
  organization_id bigint not null,
  user_id bigint not null,
  permission text not null,
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id, permission),
  foreign key (organization_id, user_id) references organization_user (organization_id, user_id) on delete cascade
);

-- Case-entry and production preferences of an organization (one row per organization).
create table organization_preferences (
  organization_id bigint primary key references organizations (id) on delete cascade,
  -- DIBS viewer options: 1 Desktop, 4 Online
  allowed_dibs_options smallint[] not null default '{1}' check (allowed_dibs_options <@ '{1,4}'::smallint[] and cardinality(allowed_dibs_options) >= 1),
  rush_case_enabled boolean not null default false,
  -- lab partner (third party) serving this organization
  third_party_partner_user_id bigint references users (id) on delete set null,
  -- assignment options (1 provider, 2 in-office, 3 third party) offered on the Rx form
  initial_setup_assignments smallint[] not null default '{1}' check (initial_setup_assignments <@ '{1,2,3}'::smallint[]),
  print_assignments smallint[] not null default '{1}' check (print_assignments <@ '{1,2,3}'::smallint[]),
  insert_brackets_assignments smallint[] not null default '{1}' check (insert_brackets_assignments <@ '{1,2,3}'::smallint[]),
  -- Rx form fields hidden for this organization
  hidden_fields text[] not null default '{}',
  rx_form_preference jsonb not null default '{}'::jsonb,
  initial_setup_configuration jsonb not null default '{}'::jsonb,
  print_request_configuration jsonb not null default '{}'::jsonb,
  prevent_duplicate_file_names boolean not null default true,
  auto_extract_zip boolean not null default true,
  updated_at timestamptz not null default now()
);

-- Additional office staff (contact information) of an organization.
create table contacts (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  first_name text not null check (length(first_name) between 1 and 255),
  last_name text check (length(last_name) <= 255),
  title text not null check (length(title) between 1 and 255),
  email citext not null check (length(email) <= 255),
  phone_number text check (length(phone_number) <= 32),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index contacts_organization_idx on contacts (organization_id, id);

-- Credits granted to an organization, consumed by invoices.
create table credits (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  value numeric(12, 2) not null check (value >= 0 and value <= 1000000000),
  valid_from date not null,
  valid_to date not null,
  created_by_user_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (valid_to > valid_from)
);
create index credits_organization_idx on credits (organization_id, valid_from desc);

-- Onboarding checklist: status Pending 1, In Progress 5, Completed 10; complete from step 8.
create table onboardings (
  id bigint generated always as identity primary key,
  organization_id bigint not null unique references organizations (id) on delete cascade,
  status smallint not null default 1 check (status in (1, 5, 10)),
  current_step smallint not null default 0 check (current_step between 0 and 20),
  metadata jsonb not null default '{}'::jsonb,
  doctor_allowed_steps smallint[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index onboardings_status_idx on onboardings (status, created_at desc, id desc);
create index onboardings_created_idx on onboardings (created_at desc, id desc);

-- Sign-up survey ("how did you hear about us"); answer 7 means other.
create table survey_questions (
  id bigint generated always as identity primary key,
  question text not null,
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);
create table survey_answers (
  id bigint generated always as identity primary key,
  survey_question_id bigint not null references survey_questions (id) on delete cascade,
  answer text not null,
  sort_order smallint not null default 0
);
create index survey_answers_question_idx on survey_answers (survey_question_id, sort_order);
create table survey_responses (
  organization_id bigint primary key references organizations (id) on delete cascade,
  user_id bigint references users (id) on delete set null,
  survey_question_id bigint references survey_questions (id) on delete set null,
  survey_answer_id bigint references survey_answers (id) on delete set null,
  survey_response_other text check (length(survey_response_other) <= 1000),
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------
-- Licenses and devices
-- ---------------------------------------------------------------------------------------------

create table license_types (
  id bigint generated always as identity primary key,
  name text not null unique check (length(name) between 1 and 255),
  allow_buy_seats boolean not null default false,
  default_seats integer not null default 1 check (default_seats >= 0),
  monthly_available_arches integer check (monthly_available_arches >= 0),
  monthly_fee numeric(12, 2) not null default 0 check (monthly_fee >= 0),
  created_at timestamptz not null default now()
);

create table licenses (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  -- the user the license is issued to (the owner doctor)
  user_id bigint references users (id) on delete set null,
  license_type_id bigint not null references license_types (id) on delete restrict,
  seats integer not null check (seats between 0 and 10000),
  active boolean not null default true,
  activated_at timestamptz not null default now(),
  expiration_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (expiration_date is null or expiration_date > activated_at)
);
create index licenses_organization_idx on licenses (organization_id, created_at desc, id desc);
create index licenses_user_idx on licenses (user_id);
create index licenses_created_idx on licenses (created_at desc, id desc);

-- Registered desktop installations; each takes one seat of its license.
create table devices (
  id bigint generated always as identity primary key,
  license_id bigint not null references licenses (id) on delete cascade,
  name text not null check (length(name) between 1 and 255),
  machine_id text not null check (length(machine_id) between 1 and 255),
  details jsonb not null default '{}'::jsonb,
  last_login timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (license_id, machine_id)
);
create index devices_license_idx on devices (license_id, created_at);

-- ---------------------------------------------------------------------------------------------
-- Libraries: bracket libraries and inventory, arch wires, custom bracket sets
-- ---------------------------------------------------------------------------------------------

create table bracket_libraries (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  label text not null check (length(label) between 1 and 255),
  file_name text not null check (length(file_name) between 1 and 255),
  storage_path text,
  -- 1 Original, 2 VTK
  format smallint not null default 1 check (format in (1, 2)),
  shelf text check (shelf ~ '^[A-Za-z0-9+,&-]{1,255}$'),
  "row" text check ("row" ~ '^[A-Za-z0-9+,&-]{1,255}$'),
  "column" text check ("column" ~ '^[A-Za-z0-9+,&-]{1,255}$'),
  low_stock_threshold integer not null default 0 check (low_stock_threshold >= 0),
  hidden_at timestamptz,
  created_by_user_id bigint references users (id) on delete set null,
  -- removed: kept for the Rx forms that reference it
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index bracket_libraries_name_key on bracket_libraries (organization_id, lower(file_name)) where deleted_at is null;
create index bracket_libraries_organization_idx on bracket_libraries (organization_id, created_at desc, id desc);

create table bracket_library_user (
  bracket_library_id bigint not null references bracket_libraries (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  primary key (bracket_library_id, user_id)
);
create index bracket_library_user_user_idx on bracket_library_user (user_id);

-- Stock per tooth. Tooth numbers are quadrant*10 + tooth: UR=1x, UL=2x, LR=3x, LL=4x, tooth 1..8.
create table bracket_inventory (
  bracket_library_id bigint not null references bracket_libraries (id) on delete cascade,
  tooth_number smallint not null check (tooth_number / 10 between 1 and 4 and tooth_number % 10 between 1 and 8),
  available integer not null default 0 check (available >= 0),
  updated_at timestamptz not null default now(),
  primary key (bracket_library_id, tooth_number)
);

create table bracket_inventory_changelog (
  id bigint generated always as identity primary key,
  bracket_library_id bigint not null references bracket_libraries (id) on delete cascade,
  user_id bigint references users (id) on delete set null,
  reason text not null check (length(reason) between 1 and 1000),
  -- [{tooth_number, before, after, diff}]
  changes jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now()
);
create index bracket_inventory_changelog_idx on bracket_inventory_changelog (bracket_library_id, created_at desc, id desc);

-- Arch-wire libraries; organization_id null means a built-in arch wire.
create table arch_wires (
  id bigint generated always as identity primary key,
  organization_id bigint references organizations (id) on delete cascade,
  label text not null check (length(label) between 1 and 255),
  file_name text not null check (length(file_name) between 1 and 255),
  storage_path text,
  created_by_user_id bigint references users (id) on delete set null,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index arch_wires_name_key on arch_wires (coalesce(organization_id, 0), lower(file_name)) where deleted_at is null;
create index arch_wires_organization_idx on arch_wires (organization_id, created_at desc, id desc);

create table arch_wire_user (
  arch_wire_id bigint not null references arch_wires (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  primary key (arch_wire_id, user_id)
);
create index arch_wire_user_user_idx on arch_wire_user (user_id);

create table custom_bracket_sets (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  name text not null check (length(name) between 3 and 255),
  created_by_user_id bigint references users (id) on delete set null,
  created_by_management boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index custom_bracket_sets_organization_idx on custom_bracket_sets (organization_id, created_at desc, id desc);

create table custom_bracket_set_teeth (
  custom_bracket_set_id bigint not null references custom_bracket_sets (id) on delete cascade,
  tooth_number smallint not null check (tooth_number / 10 between 1 and 4 and tooth_number % 10 between 1 and 8),
  bracket_library_id bigint not null references bracket_libraries (id) on delete cascade,
  height numeric(2, 1) check (height between 0.9 and 9.0),
  primary key (custom_bracket_set_id, tooth_number)
);
create index custom_bracket_set_teeth_library_idx on custom_bracket_set_teeth (bracket_library_id);

create table custom_bracket_set_user (
  custom_bracket_set_id bigint not null references custom_bracket_sets (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  primary key (custom_bracket_set_id, user_id)
);
create index custom_bracket_set_user_user_idx on custom_bracket_set_user (user_id);

-- ---------------------------------------------------------------------------------------------
-- Installers
-- ---------------------------------------------------------------------------------------------

-- Desktop installer releases; organization_id null means available to everyone.
create table installers (
  id bigint generated always as identity primary key,
  organization_id bigint references organizations (id) on delete cascade,
  v1 smallint not null check (v1 between 0 and 99),
  v2 smallint not null check (v2 between 0 and 99),
  v3 smallint not null check (v3 between 0 and 99),
  file_name text not null check (file_name ~* '\.(exe|msi)$'),
  storage_path text,
  release_notes text not null check (length(release_notes) between 1 and 65535),
  unstable boolean not null default false,
  uploaded_by_user_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index installers_version_key on installers (coalesce(organization_id, 0), v1, v2, v3);
create index installers_latest_idx on installers (organization_id, v1 desc, v2 desc, v3 desc);

-- ---------------------------------------------------------------------------------------------
-- Form builder and shipping methods
-- ---------------------------------------------------------------------------------------------

-- Rx form layouts: organization_id null is the default layout; at most one per organization.
create table form_builder_layouts (
  id bigint generated always as identity primary key,
  organization_id bigint references organizations (id) on delete cascade,
  -- [{type: section|divider, columns: [{controls: [...]}]}]
  form_data jsonb not null default '[]'::jsonb check (jsonb_typeof(form_data) = 'array'),
  updated_by_user_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index form_builder_layouts_organization_key on form_builder_layouts (coalesce(organization_id, 0));

create table shipping_methods (
  id bigint generated always as identity primary key,
  id_string text not null unique check (id_string ~ '^[a-z0-9_]{1,64}$'),
  name text not null check (length(name) between 1 and 255),
  available boolean not null default true,
  -- business days from ship date to arrival
  transit_days smallint not null default 1 check (transit_days between 0 and 60),
  international boolean not null default false,
  -- the pricing shipping_fees key (express, urgent, lightspeed, international)
  fee_key text check (fee_key in ('express', 'urgent', 'lightspeed', 'international')),
  sort_order smallint not null default 0,
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------
-- Patients, files, notes
-- ---------------------------------------------------------------------------------------------

create table patients (
  id bigint generated always as identity primary key,
  -- medical records: an organization or doctor with patients cannot be deleted (archive them)
  organization_id bigint not null references organizations (id) on delete restrict,
  user_id bigint not null references users (id) on delete restrict,
  first_name text not null check (length(first_name) between 1 and 255),
  last_name text not null check (length(last_name) between 1 and 255),
  case_number_text text check (length(case_number_text) <= 255),
  numeric_suffix integer check (numeric_suffix >= 1),
  -- what the full-name search matches (trigram index below)
  search_name text generated always as (first_name || ' ' || last_name || ' ' || coalesce(case_number_text, '')) stored,
  -- 1 Active, 3 Complete
  patient_status_id smallint not null default 1 check (patient_status_id in (1, 3)),
  setup_completed_at timestamptz,
  -- on hold
  held_at timestamptz,
  held_by_group smallint check (held_by_group in (1, 2)),
  held_by_user_id bigint references users (id) on delete set null,
  -- archived or deleted (deleted_kind tells which)
  deleted_at timestamptz,
  deleted_kind text check (deleted_kind in ('archived', 'deleted')),
  archived_by_name text check (length(archived_by_name) <= 255),
  archived_reason text check (length(archived_reason) <= 2000),
  deleted_by_user_id bigint references users (id) on delete set null,
  -- case-level notes (the patient-details note panels)
  doctor_notes text,
  internal_notes text,
  doctor_internal_notes text,
  physical_tech_notes text,
  management_notes text,
  -- [{symbol, color}] from form-builder options
  markers jsonb not null default '[]'::jsonb,
  -- allow_delete {allow, message} and other flags
  metadata jsonb not null default '{}'::jsonb,
  ios_file_id bigint,
  created_by_user_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((deleted_at is null) = (deleted_kind is null)),
  check ((held_at is null) or (held_by_group is not null))
);
create index patients_org_created_idx on patients (organization_id, created_at desc, id desc);
create index patients_org_active_idx on patients (organization_id, patient_status_id, created_at desc, id desc) where deleted_at is null;
create index patients_org_updated_idx on patients (organization_id, updated_at desc, id desc);
create index patients_org_held_idx on patients (organization_id, held_at desc, id desc) where held_at is not null;
create index patients_org_deleted_idx on patients (organization_id, deleted_at desc, id desc) where deleted_at is not null;
create index patients_user_idx on patients (user_id, created_at desc, id desc);
create index patients_created_idx on patients (created_at desc, id desc);
create index patients_held_idx on patients (held_at desc, id desc) where held_at is not null;
create index patients_search_trgm on patients using gin (search_name gin_trgm_ops);
-- similar-patient check (same name and case number in the organization)
create index patients_similar_idx on patients (organization_id, lower(first_name), lower(last_name), lower(coalesce(case_number_text, '')));

-- File types: the sections of the patient-details page.
create table patient_file_types (
  id smallint primary key,
  key text not null unique,
  name text not null
);
insert into patient_file_types (id, key, name) values
  (1, 'ios', 'IOS Files'),
  (2, 'stl', 'STL Files'),
  (3, 'photo', 'Photos'),
  (4, 'dicom', 'Dicom Files'),
  (5, 'xray', 'X-Ray Images'),
  (6, 'idb_tray', 'IDB Tray Images'),
  (7, 'other_photo', 'Other Photos'),
  (8, 'other', 'Other Files');

create table patient_files (
  id bigint generated always as identity primary key,
  patient_id bigint not null references patients (id) on delete cascade,
  patient_file_type_id smallint not null references patient_file_types (id),
  name text not null check (length(name) between 1 and 255),
  original_name text not null check (length(original_name) between 1 and 255),
  storage_path text not null,
  thumbnail_path text,
  size_bytes bigint check (size_bytes >= 0),
  mime_type text,
  tag text check (tag in ('tech_backup', 'stl_maxillary', 'stl_mandibular', 'relu')),
  hidden boolean not null default false,
  file_modification_date timestamptz,
  -- restore_point, relu_request {job_id, status, message}
  metadata jsonb not null default '{}'::jsonb,
  relu_job_id text,
  relu_status text check (relu_status in ('pending', 'success', 'failed', 'flagged')),
  uploaded_by_user_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index patient_files_patient_idx on patient_files (patient_id, patient_file_type_id, created_at, id);
create index patient_files_original_name_idx on patient_files (patient_id, patient_file_type_id, lower(original_name));
create index patient_files_type_created_idx on patient_files (patient_file_type_id, created_at desc, id desc);
create index patient_files_relu_idx on patient_files (relu_status) where relu_status is not null;

alter table patients add constraint patients_ios_file_fk
  foreign key (ios_file_id) references patient_files (id) on delete set null;

-- Case notes between the doctor and management.
create table case_notes (
  id bigint generated always as identity primary key,
  patient_id bigint not null references patients (id) on delete cascade,
  author_id bigint references users (id) on delete set null,
  author_type text not null check (author_type in ('management', 'doctor')),
  author_name text not null,
  message text not null check (length(message) between 1 and 65535),
  created_at timestamptz not null default now()
);
create index case_notes_patient_idx on case_notes (patient_id, created_at, id);

-- The hold / unhold history of a patient.
create table on_hold_notes (
  id bigint generated always as identity primary key,
  patient_id bigint not null references patients (id) on delete cascade,
  user_id bigint references users (id) on delete set null,
  -- the action owner's name from the reason dialog
  name text not null check (length(name) between 1 and 255),
  note text not null check (length(note) between 1 and 65535),
  is_on_hold_reason boolean not null default false,
  is_unhold boolean not null default false,
  notify_office boolean not null default false,
  created_at timestamptz not null default now()
);
create index on_hold_notes_patient_idx on on_hold_notes (patient_id, created_at, id);

-- Case feedback after completion: Great=10, Ok=5, Bad=1.
create table case_feedbacks (
  id bigint generated always as identity primary key,
  patient_id bigint not null references patients (id) on delete cascade,
  user_id bigint references users (id) on delete set null,
  rating smallint not null check (rating in (1, 5, 10)),
  options jsonb not null default '[]'::jsonb,
  disable_future boolean not null default false,
  created_at timestamptz not null default now(),
  unique (patient_id, user_id)
);
create index case_feedbacks_created_idx on case_feedbacks (created_at desc, id desc);

-- ---------------------------------------------------------------------------------------------
-- Rx forms
-- ---------------------------------------------------------------------------------------------

create table rx_forms (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete restrict,
  patient_id bigint unique references patients (id) on delete cascade,
  -- the doctor
  user_id bigint not null references users (id) on delete restrict,
  created_by_user_id bigint references users (id) on delete set null,
  location_id bigint references locations (id) on delete set null,
  shipping_location_id bigint references locations (id) on delete set null,
  shipping_method_id bigint references shipping_methods (id) on delete set null,
  form_builder_layout_id bigint references form_builder_layouts (id) on delete set null,
  custom_bracket_set_id bigint references custom_bracket_sets (id) on delete set null,
  -- initial case setup request: 1 New, 2 In Progress, 3 Pending, 4 Completed, 5 Canceled
  status_id smallint not null default 1 check (status_id between 1 and 5),
  status_updated_at timestamptz not null default now(),
  assigned_to_user_id bigint references users (id) on delete set null,
  ready_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  submitted_at timestamptz,
  submission_completed_by smallint check (submission_completed_by in (1, 2)),
  saved_for_later boolean not null default false,
  -- 1 file upload, 2 scanner
  scan_submission_type smallint check (scan_submission_type in (1, 2)),
  -- 1 iTero, 2 3Shape, 3 3M, 4 Carestream, 5 Cerec, 6 Medit, 7 Other
  scanner_type smallint check (scanner_type between 1 and 7),
  custom_scanner_type_name text check (length(custom_scanner_type_name) <= 255),
  -- 0 No, 1 Upload DICOM, 2 AI-generated
  root_integration_type smallint not null default 0 check (root_integration_type in (0, 1, 2)),
  -- 1 provider, 2 in-office, 3 third party
  print_assignment smallint check (print_assignment in (1, 2, 3)),
  tray_design_assignment smallint check (tray_design_assignment in (1, 2, 3)),
  insert_brackets_assignment smallint check (insert_brackets_assignment in (1, 2, 3)),
  initial_setup_assignment smallint not null default 1 check (initial_setup_assignment in (1, 2, 3)),
  -- arch: 1 Maxillary, 2 Mandibular, 3 Both
  jaws_id smallint check (jaws_id in (1, 2, 3)),
  -- 1 IDB tray, 2 Guides, 3 Brackets
  export_type smallint check (export_type in (1, 2, 3)),
  version integer not null default 1 check (version >= 1),
  bonding_date date,
  intraoral_scan_date date,
  rush_case boolean not null default false,
  rush_case_authorized_by text check (length(rush_case_authorized_by) <= 100),
  custom_setup boolean not null default false,
  expedited_shipping boolean not null default false,
  special_instructions text,
  easy_rx_prescription_id text,
  -- the Rx form's own upload list before files are attached to the patient
  pending_files jsonb not null default '[]'::jsonb,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (not rush_case or rush_case_authorized_by is not null or saved_for_later)
);
create index rx_forms_org_created_idx on rx_forms (organization_id, created_at desc, id desc);
create index rx_forms_status_idx on rx_forms (status_id, status_updated_at, id);
create index rx_forms_user_idx on rx_forms (user_id, created_at desc);
create index rx_forms_rush_idx on rx_forms (created_at desc) where rush_case;

-- Tooth chart: 32 keys u00..u15 and l00..l15, value 0 (none), 1 or 2.
create table rx_form_teeth (
  rx_form_id bigint not null references rx_forms (id) on delete cascade,
  tooth text not null check (tooth ~ '^[ul](0[0-9]|1[0-5])$'),
  value smallint not null default 0 check (value in (0, 1, 2)),
  primary key (rx_form_id, tooth)
);

create table rx_form_bracket_libraries (
  rx_form_id bigint not null references rx_forms (id) on delete cascade,
  bracket_library_id bigint not null references bracket_libraries (id) on delete restrict,
  primary key (rx_form_id, bracket_library_id)
);
create index rx_form_bracket_libraries_library_idx on rx_form_bracket_libraries (bracket_library_id);

create table rx_form_arch_wires (
  rx_form_id bigint not null references rx_forms (id) on delete cascade,
  arch_wire_id bigint not null references arch_wires (id) on delete restrict,
  primary key (rx_form_id, arch_wire_id)
);
create index rx_form_arch_wires_wire_idx on rx_form_arch_wires (arch_wire_id);

-- Values of the form-builder's custom controls.
create table rx_form_custom_field_values (
  id bigint generated always as identity primary key,
  rx_form_id bigint not null references rx_forms (id) on delete cascade,
  control_id text not null,
  custom_system_name text,
  value jsonb,
  fee numeric(12, 2) check (fee >= 0),
  unique (rx_form_id, control_id)
);

-- ---------------------------------------------------------------------------------------------
-- Requests and production
-- ---------------------------------------------------------------------------------------------

-- A customer request on a patient: groups flawed trays, a printing request, a tray design request.
create table customer_requests (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete restrict,
  patient_id bigint not null references patients (id) on delete cascade,
  -- 1 New, 2 In Progress, 3 Pending, 4 Completed, 5 Canceled (1 is open)
  status_id smallint not null default 1 check (status_id between 1 and 5),
  status_updated_at timestamptz not null default now(),
  -- 1 open, 2 corrected (all flawed trays corrected)
  flawed_trays_status_id smallint check (flawed_trays_status_id in (1, 2)),
  is_flawed boolean not null default false,
  created_by_user_id bigint references users (id) on delete set null,
  completed_by_user_id bigint references users (id) on delete set null,
  completed_at timestamptz,
  cancelled_at timestamptz,
  management_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index customer_requests_org_idx on customer_requests (organization_id, status_id, updated_at desc, id desc);
create index customer_requests_status_idx on customer_requests (status_id, updated_at desc, id desc);
create index customer_requests_patient_idx on customer_requests (patient_id, created_at desc, id desc);
create index customer_requests_open_idx on customer_requests (created_at) where status_id in (1, 2, 3);

-- Several printing requests to the same location shipped in one parcel.
create table bundled_shipments (
  id bigint generated always as identity primary key,
  location_id bigint references locations (id) on delete set null,
  tracking_number text check (length(tracking_number) <= 255),
  custom_shipping_fee numeric(12, 2) check (custom_shipping_fee >= 0),
  internal_shipping_cost numeric(12, 2) check (internal_shipping_cost >= 0),
  shipping_cost numeric(12, 2) check (shipping_cost >= 0),
  shipping_label_printed boolean not null default false,
  completed_at timestamptz,
  created_by_user_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bundled_shipments_created_idx on bundled_shipments (created_at desc, id desc);

create table batches (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  status text not null default 'new' check (status in ('new', 'in_progress', 'completed')),
  notes text,
  tech_workflow_id bigint,
  created_by_user_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index batches_status_idx on batches (status, created_at desc, id desc);
create index batches_created_idx on batches (created_at desc, id desc);
create index batches_name_trgm on batches using gin (name gin_trgm_ops);

create table printing_requests (
  id bigint generated always as identity primary key,
  customer_request_id bigint not null unique references customer_requests (id) on delete cascade,
  patient_id bigint not null references patients (id) on delete cascade,
  location_id bigint references locations (id) on delete set null,
  shipping_method_id bigint references shipping_methods (id) on delete set null,
  bundled_shipment_id bigint references bundled_shipments (id) on delete set null,
  batch_id bigint references batches (id) on delete set null,
  -- 1 New, 2 In Progress, 3 Completed, 4 Canceled
  printing_request_status_id smallint not null default 1 check (printing_request_status_id between 1 and 4),
  -- 1 provider, 2 in-office, 3 third party
  assigned_to smallint not null default 1 check (assigned_to in (1, 2, 3)),
  assigned_to_user_id bigint references users (id) on delete set null,
  ship_date date,
  expected_arrival_date date,
  delivery_date_from date,
  delivery_date_to date,
  tracking_number text check (length(tracking_number) <= 255),
  courier_name text,
  courier_link text,
  shipping_label_printed boolean not null default false,
  patient_label_printed boolean not null default false,
  expedited_shipping boolean not null default false,
  custom_shipping_fee numeric(12, 2) check (custom_shipping_fee >= 0),
  internal_shipping_cost numeric(12, 2) check (internal_shipping_cost >= 0),
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (delivery_date_to is null or delivery_date_from is null or delivery_date_to >= delivery_date_from)
);
create index printing_requests_patient_idx on printing_requests (patient_id, created_at desc);
create index printing_requests_ship_date_idx on printing_requests (ship_date, id) where printing_request_status_id in (1, 2);
create index printing_requests_ship_date_all_idx on printing_requests (ship_date, id);
create index printing_requests_batch_idx on printing_requests (batch_id) where batch_id is not null;
create index printing_requests_bundle_idx on printing_requests (bundled_shipment_id) where bundled_shipment_id is not null;
create index printing_requests_tracking_idx on printing_requests (tracking_number) where tracking_number is not null;
create index printing_requests_location_idx on printing_requests (location_id, printing_request_status_id);

create table flawed_trays (
  id bigint generated always as identity primary key,
  customer_request_id bigint not null references customer_requests (id) on delete cascade,
  patient_id bigint not null references patients (id) on delete cascade,
  -- 1 open, 2 corrected
  status_id smallint not null default 1 check (status_id in (1, 2)),
  print boolean not null default true,
  -- 1 Maxillary, 2 Mandibular, 3 Both
  arch smallint not null check (arch in (1, 2, 3)),
  file_id bigint references patient_files (id) on delete set null,
  stl_file_id bigint references patient_files (id) on delete set null,
  corrected_file_id bigint references patient_files (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index flawed_trays_request_idx on flawed_trays (customer_request_id);
create index flawed_trays_patient_open_idx on flawed_trays (patient_id) where status_id = 1;

create table printing_request_items (
  id bigint generated always as identity primary key,
  printing_request_id bigint not null references printing_requests (id) on delete cascade,
  -- 1 Maxillary, 2 Mandibular, 3 Both
  jaw_type_id smallint not null check (jaw_type_id in (1, 2, 3)),
  -- 1 IDB tray, 2 Guides, 3 Brackets
  content_type_id smallint not null default 1 check (content_type_id in (1, 2, 3)),
  insert_brackets boolean not null default false,
  file_id bigint references patient_files (id) on delete set null,
  flawed_tray_id bigint references flawed_trays (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index printing_request_items_request_idx on printing_request_items (printing_request_id, id);

create table tray_design_requests (
  id bigint generated always as identity primary key,
  customer_request_id bigint not null unique references customer_requests (id) on delete cascade,
  patient_id bigint not null references patients (id) on delete cascade,
  -- 1 New, 2 In Progress, 3 Completed, 4 Canceled
  status_id smallint not null default 1 check (status_id between 1 and 4),
  jaw_type smallint not null check (jaw_type in (1, 2, 3)),
  maxillary_file_id bigint references patient_files (id) on delete set null,
  mandibular_file_id bigint references patient_files (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index tray_design_requests_patient_idx on tray_design_requests (patient_id, created_at desc);

-- Technician workflows: an ordered list of processes for a case step or a batch.
create table tech_workflows (
  id bigint generated always as identity primary key,
  type text not null check (type in ('initial_case_setup', 'printing_request', 'flawed_tray', 'tray_design', 'batch')),
  patient_id bigint references patients (id) on delete cascade,
  customer_request_id bigint references customer_requests (id) on delete cascade,
  batch_id bigint references batches (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((type = 'batch') = (batch_id is not null)),
  check (type = 'batch' or patient_id is not null)
);
create index tech_workflows_patient_idx on tech_workflows (patient_id, type);
create index tech_workflows_request_idx on tech_workflows (customer_request_id) where customer_request_id is not null;
create unique index tech_workflows_batch_key on tech_workflows (batch_id) where batch_id is not null;

alter table batches add constraint batches_tech_workflow_fk
  foreign key (tech_workflow_id) references tech_workflows (id) on delete set null;

create table tech_workflow_processes (
  id bigint generated always as identity primary key,
  tech_workflow_id bigint not null references tech_workflows (id) on delete cascade,
  step smallint not null check (step >= 1),
  -- S1..S5, QA, CFT, Generate Tray, Generate QA, Build Print Job, ...
  process text not null check (length(process) between 1 and 100),
  status text not null default 'NEW' check (status in ('NEW', 'PENDING', 'IN_PROGRESS', 'COMPLETED')),
  user_id bigint references users (id) on delete set null,
  prerequisite_process_id bigint references tech_workflow_processes (id) on delete set null,
  started_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tech_workflow_id, step),
  check (finished_at is null or (started_at is not null and finished_at >= started_at))
);
-- "User has another pending task": started, not finished, per assignee
create index tech_workflow_processes_pending_idx on tech_workflow_processes (user_id)
  where started_at is not null and finished_at is null;

-- Cases (patients with their printing request) grouped in a batch.
create table batch_cases (
  id bigint generated always as identity primary key,
  batch_id bigint not null references batches (id) on delete cascade,
  patient_id bigint not null references patients (id) on delete cascade,
  printing_request_id bigint references printing_requests (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (batch_id, patient_id)
);
create index batch_cases_patient_idx on batch_cases (patient_id);

-- ---------------------------------------------------------------------------------------------
-- Billing
-- ---------------------------------------------------------------------------------------------

create table contracts (
  id bigint generated always as identity primary key,
  organization_id bigint not null unique references organizations (id) on delete cascade,
  license_id bigint references licenses (id) on delete set null,
  initial_payment_date date,
  last_payment_date date,
  next_payment_date date,
  custom_next_payment_date date,
  payment_status text not null default 'PENDING' check (payment_status in ('PENDING', 'NOT_PAID', 'PAID', 'BLOCKED', 'SUSPENDED')),
  -- 1 suspended
  suspension_type smallint check (suspension_type = 1),
  suspended_at timestamptz,
  invoice_version text not null default 'new' check (invoice_version in ('new', 'old')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((suspended_at is null) = (suspension_type is null))
);
create index contracts_status_idx on contracts (payment_status, next_payment_date, id);
create index contracts_next_payment_idx on contracts (next_payment_date, id);

-- The payment provider's customer profile of an organization.
create table payment_infos (
  id bigint generated always as identity primary key,
  organization_id bigint not null unique references organizations (id) on delete cascade,
  customer_id text,
  created_at timestamptz not null default now()
);

create table billing_addresses (
  id bigint generated always as identity primary key,
  organization_id bigint not null unique references organizations (id) on delete cascade,
  first_name text not null check (length(first_name) between 1 and 255),
  last_name text not null check (length(last_name) between 1 and 255),
  email citext not null check (length(email) <= 255),
  phone_number text not null check (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  street_address text not null check (length(street_address) between 1 and 255),
  street_address_line_2 text check (length(street_address_line_2) <= 255),
  city text not null check (length(city) between 1 and 255),
  state text not null check (length(state) = 2),
  country text not null check (country ~ '^[A-Z]{3}$'),
  zip_code text not null check (length(zip_code) between 1 and 20),
  updated_at timestamptz not null default now()
);

create table payment_methods (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  -- the provider's token for the card or bank account; never card numbers
  provider_token text not null,
  payment_method_nickname text not null check (length(payment_method_nickname) between 1 and 255),
  payment_method_type text not null check (payment_method_type in ('card', 'bank')),
  card_exp_datetime date,
  is_primary boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (payment_method_type = 'bank' or card_exp_datetime is not null),
  unique (organization_id, provider_token)
);
create unique index payment_methods_primary_key on payment_methods (organization_id) where is_primary;

create table products (
  id bigint generated always as identity primary key,
  code text not null unique check (code ~ '^[a-z0-9_]{1,64}$'),
  name text not null check (length(name) between 1 and 255),
  created_at timestamptz not null default now()
);

-- Promotion codes: status 1 active, 2 inactive; value in dollars when is_fixed, else percent.
create table promotion_codes (
  id bigint generated always as identity primary key,
  code text not null unique check (code ~ '^[A-Z0-9]{1,64}$'),
  description text not null check (length(description) between 1 and 1000),
  value numeric(12, 2) not null check (value >= 0),
  is_fixed boolean not null default true,
  max_uses integer check (max_uses >= 0),
  uses integer not null default 0 check (uses >= 0),
  promotion_code_type_id smallint not null default 1 check (promotion_code_type_id between 1 and 10),
  status_id smallint not null default 1 check (status_id in (1, 2)),
  starts_at timestamptz,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (is_fixed or value <= 100),
  check (expires_at is null or starts_at is null or expires_at > starts_at)
);
create index promotion_codes_status_idx on promotion_codes (status_id, created_at desc, id desc);
create index promotion_codes_code_trgm on promotion_codes using gin (code gin_trgm_ops);

-- Recurring charges or discounts on a contract's monthly order.
create table periodic_rules (
  id bigint generated always as identity primary key,
  contract_id bigint not null references contracts (id) on delete cascade,
  type text not null check (type in ('charge', 'discount')),
  -- stored positive; shown negated for a discount
  value numeric(12, 2) not null check (value >= 0),
  custom_description text not null check (length(custom_description) between 1 and 1000),
  is_active boolean not null default true,
  applied_from date,
  applied_to date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (applied_to is null or applied_from is null or applied_to >= applied_from)
);
create index periodic_rules_contract_idx on periodic_rules (contract_id, is_active, created_at desc);

-- Orders (invoices): the initial order and one per monthly billing period.
create table orders (
  id bigint generated always as identity primary key,
  -- financial records: an organization with orders cannot be deleted (archive it)
  organization_id bigint not null references organizations (id) on delete restrict,
  contract_id bigint references contracts (id) on delete set null,
  kind text not null default 'monthly' check (kind in ('initial', 'monthly')),
  invoice_id text unique,
  invoice_label text,
  invoice_date date,
  period_start date,
  period_end date,
  fm_invoice_status text not null default 'PENDING' check (fm_invoice_status in ('PENDING', 'NOT_PAID', 'PAID', 'BLOCKED', 'SUSPENDED')),
  -- the open order of the current period (one per organization)
  is_current boolean not null default false,
  subtotal numeric(12, 2) not null default 0,
  tax numeric(12, 2) not null default 0 check (tax >= 0),
  credits numeric(12, 2) not null default 0 check (credits >= 0),
  credit_card_fee numeric(12, 2) not null default 0 check (credit_card_fee >= 0),
  total numeric(12, 2) not null default 0,
  template_version smallint not null default 2 check (template_version in (1, 2)),
  template_data jsonb not null default '{}'::jsonb,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orders_organization_idx on orders (organization_id, created_at desc, id desc);
create index orders_contract_idx on orders (contract_id, created_at desc, id desc);
create unique index orders_current_key on orders (organization_id) where is_current;

create table order_items (
  id bigint generated always as identity primary key,
  order_id bigint not null references orders (id) on delete cascade,
  product_id bigint not null references products (id) on delete restrict,
  patient_id bigint references patients (id) on delete set null,
  value numeric(12, 2) not null,
  is_hidden boolean not null default false,
  details jsonb not null default '{}'::jsonb,
  action_date date,
  start_date date,
  end_date date,
  created_at timestamptz not null default now()
);
create index order_items_order_idx on order_items (order_id, id);
create index order_items_patient_idx on order_items (patient_id) where patient_id is not null;

-- Discounts and charges on an order (from a promotion code, a periodic rule or added by hand).
create table order_adjustments (
  id bigint generated always as identity primary key,
  order_id bigint not null references orders (id) on delete cascade,
  kind text not null check (kind in ('discount', 'charge')),
  product_id bigint references products (id) on delete restrict,
  promotion_code_id bigint references promotion_codes (id) on delete set null,
  periodic_rule_id bigint references periodic_rules (id) on delete set null,
  custom_description text check (length(custom_description) <= 1000),
  value numeric(12, 2) not null check (value >= 0),
  is_periodic boolean not null default false,
  created_by_user_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index order_adjustments_order_idx on order_adjustments (order_id, kind, id);

create table payment_attempts (
  id bigint generated always as identity primary key,
  contract_id bigint not null references contracts (id) on delete cascade,
  order_id bigint references orders (id) on delete set null,
  payment_method_id bigint references payment_methods (id) on delete set null,
  status text not null check (status in ('pending', 'success', 'failed')),
  amount numeric(12, 2) not null default 0 check (amount >= 0),
  message text,
  created_at timestamptz not null default now()
);
create index payment_attempts_contract_idx on payment_attempts (contract_id, created_at desc, id desc);

-- Fees: organization_id null is the global price list; an organization row overrides it.
create table pricing (
  id bigint generated always as identity primary key,
  organization_id bigint references organizations (id) on delete cascade,
  -- {software, initial_case_setup, print, insert_brackets, rush_case}
  arch_fees jsonb not null default '{}'::jsonb,
  -- {export_with_guides, export_with_brackets, export_tray, export_aligner_models, tray_design}
  export_fees jsonb not null default '{}'::jsonb,
  -- {express, urgent, lightspeed, international}
  shipping_fees jsonb not null default '{}'::jsonb,
  -- custom Rx form fields with priced options [{id, label, options: [{id, label, price}]}]
  custom_rxform jsonb not null default '[]'::jsonb,
  delay_case_charging smallint not null default 1 check (delay_case_charging between 1 and 20),
  delay_payment_processing smallint not null default 1 check (delay_payment_processing between 1 and 10),
  flat_monthly numeric(12, 2) not null default 0 check (flat_monthly >= 0),
  root_integration numeric(12, 2) not null default 0 check (root_integration >= 0),
  root_integration_with_ai numeric(12, 2) not null default 0 check (root_integration_with_ai >= 0),
  updated_by_user_id bigint references users (id) on delete set null,
  updated_at timestamptz not null default now()
);
create unique index pricing_organization_key on pricing (coalesce(organization_id, 0));

create table pricing_volume_discounts (
  id bigint generated always as identity primary key,
  pricing_id bigint not null references pricing (id) on delete cascade,
  volume integer not null check (volume >= 0),
  discount numeric(5, 2) not null check (discount between 0 and 100),
  is_global boolean not null default false,
  unique (pricing_id, volume)
);

-- ---------------------------------------------------------------------------------------------
-- Notifications, announcements, webhooks, integrations, uploads
-- ---------------------------------------------------------------------------------------------

create table notifications (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  organization_id bigint references organizations (id) on delete set null,
  patient_id bigint references patients (id) on delete set null,
  type text not null check (length(type) between 1 and 100),
  message text not null,
  link text,
  data jsonb not null default '{}'::jsonb,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_user_idx on notifications (user_id, created_at desc, id desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;

-- A user's own notification toggles (doctors: rush_case).
create table user_notification_settings (
  user_id bigint not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  enabled boolean not null default true,
  primary key (user_id, name)
);

-- E-mail and text notification settings of an organization, per key.
create table organization_notification_settings (
  organization_id bigint not null references organizations (id) on delete cascade,
  key text not null check (key in ('low_bracket_inventory', 'initial_case_setup_request', 'initial_case_setup_completed',
    'print_tray_request', 'flawed_tray_correction_request', 'print_tray_completed', 'flawed_tray_corrected',
    'monthly_invoice', 'payment_failed', 'pending_case_approval_reminder', 'case_on_hold', 'new_case_note_for_doctor',
    'tray_design_request_completed', 'rush_case')),
  enabled boolean not null default true,
  additional_emails citext[] not null default '{}',
  is_disable_default_recipients boolean not null default false,
  phone_numbers text[] not null default '{}',
  updated_at timestamptz not null default now(),
  primary key (organization_id, key),
  check (not is_disable_default_recipients or cardinality(additional_emails) > 0)
);

create table announcements (
  id bigint generated always as identity primary key,
  body text not null check (length(body) between 1 and 16777000),
  visibility text not null check (visibility in ('doctor', 'internal')),
  last_updated_by_user_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index announcements_visibility_idx on announcements (visibility, updated_at desc);

create table webhooks (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  url text not null check (url ~ '^https?://'),
  secret text not null,
  events text[] not null default '{}',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhooks_organization_idx on webhooks (organization_id);

create table webhook_deliveries (
  id bigint generated always as identity primary key,
  webhook_id bigint not null references webhooks (id) on delete cascade,
  event text not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  response_status integer,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index webhook_deliveries_webhook_idx on webhook_deliveries (webhook_id, created_at desc, id desc);

-- Whitehat browser-extension integration of a user (password stored encrypted).
create table whitehat_integrations (
  user_id bigint primary key references users (id) on delete cascade,
  enabled boolean not null default false,
  username text,
  password_encrypted text,
  updated_at timestamptz not null default now(),
  check (not enabled or (username is not null and password_encrypted is not null))
);

-- Signed upload links handed out and not yet stored (upload_link -> PUT -> store_uploaded_file).
create table uploads (
  id bigint generated always as identity primary key,
  storage_path text not null unique,
  purpose text not null check (purpose in ('patient_file', 'rx_form_file', 'bracket_library', 'arch_wire', 'installer', 'other')),
  user_id bigint references users (id) on delete cascade,
  organization_id bigint references organizations (id) on delete cascade,
  patient_id bigint references patients (id) on delete cascade,
  original_name text not null,
  expires_at timestamptz not null,
  completed_at timestamptz,
  created_at timestamptz not null default now()
);
create index uploads_expires_idx on uploads (expires_at) where completed_at is null;
