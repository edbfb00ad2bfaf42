/**
 * Demo data for a first start: one account per role (password DemoPass123), practices of
 * different sizes and states, and the reference data (types, shipping methods, products,
 * pricing, settings) a working portal needs.
 */
import { sql, type Kysely } from 'kysely';
import type { OrganizationRole, Role } from '@archline/contracts';
import type { DB } from '../schema.ts';
import {
  addMember,
  assignLocation,
  buildAnnouncement,
  buildContract,
  buildDevice,
  buildLicense,
  buildLicenseType,
  buildLocation,
  buildNotification,
  buildOnboarding,
  buildOrganization,
  buildOrganizationType,
  buildPatient,
  buildRxForm,
  buildShippingMethod,
  buildUser,
  DEFAULT_PASSWORD,
  defaultPasswordHash,
} from './factories.ts';
import { seedDemoPatients, type DemoFileStore } from './demo-patients.ts';
import { seedDemoLibraries } from './demo-libraries.ts';
import { seedDemoInstallers } from './demo-installers.ts';
import { seedDemoReports } from './demo-reports.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedDemoRequests } from './demo-requests.ts';
import { seedDemoWorkflows } from './demo-workflows.ts';
import { seedDemoBatches } from './demo-batches.ts';
import { seedDemoShipments } from './demo-shipments.ts';
import { seedDemoTrayCorrectionCase } from './demo-tray-correction.ts';

export const DEMO_PASSWORD = DEFAULT_PASSWORD;
export const DEMO_ORGANIZATION = 'Bright Smiles Orthodontics';

export interface DemoAccount {
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  /** Memberships: organization name and role inside it. */
  organizations: { name: string; role: OrganizationRole }[];
  account_number?: string;
}

const SECOND_ORGANIZATION = 'Riverside Family Dental';
/** A fresh sign-up that has not done the account setup yet (/initial-setup). */
export const NEW_DOCTOR_ORGANIZATION = "Noel Newman's Account";

/** The accounts printed at start-up; every one is verified and uses DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'superadmin@example.com',
    first_name: 'Sam',
    last_name: 'Super',
    role: 'super_admin',
    organizations: [],
  },
  { email: 'admin@example.com', first_name: 'Alex', last_name: 'Admin', role: 'admin', organizations: [] },
  {
    email: 'tech@example.com',
    first_name: 'Taylor',
    last_name: 'Tech',
    role: 'tech_support',
    organizations: [],
  },
  {
    email: 'supervisor@example.com',
    first_name: 'Sydney',
    last_name: 'Supervisor',
    role: 'supervisor',
    organizations: [],
  },
  {
    email: 'partner@example.com',
    first_name: 'Parker',
    last_name: 'Partner',
    role: 'lab_partner',
    organizations: [],
  },
  {
    email: 'doctor@example.com',
    first_name: 'Dana',
    last_name: 'Doctor',
    role: 'doctor',
    account_number: 'DR-100200',
    organizations: [{ name: DEMO_ORGANIZATION, role: 'organization_owner' }],
  },
  {
    email: 'manager@example.com',
    first_name: 'Morgan',
    last_name: 'Manager',
    role: 'doctor',
    organizations: [{ name: DEMO_ORGANIZATION, role: 'organization_manager' }],
  },
  {
    email: 'member@example.com',
    first_name: 'Casey',
    last_name: 'Member',
    role: 'doctor',
    organizations: [{ name: DEMO_ORGANIZATION, role: 'organization_member' }],
  },
  {
    email: 'multi@example.com',
    first_name: 'Jordan',
    last_name: 'Multi',
    role: 'doctor',
    account_number: 'DR-100300',
    organizations: [
      { name: DEMO_ORGANIZATION, role: 'organization_member' },
      { name: SECOND_ORGANIZATION, role: 'organization_manager' },
    ],
  },
  {
    email: 'newdoctor@example.com',
    first_name: 'Noel',
    last_name: 'Newman',
    role: 'doctor',
    organizations: [{ name: NEW_DOCTOR_ORGANIZATION, role: 'organization_owner' }],
  },
];

/** Global settings rows read by GET /settings and the activity endpoint. */
export const DEMO_SETTINGS = {
  name_correction: { replacement: '-', forbidden_characters: '\\/:*?"<>|#%&{}$!@+`=' },
  activity_throttle_seconds: 600,
  aligner_promotion_enabled: true,
} as const;

/** Serializes concurrent first starts of several server processes on one database. */
const SEED_LOCK = 742_002;

/**
 * Seeds the demo in one transaction. Returns false (and writes nothing) when the database
 * already has users.
 */
export async function seedDemo(db: Kysely<DB>, options: { storage?: DemoFileStore } = {}): Promise<boolean> {
  const passwordHash = await defaultPasswordHash();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return false;

    // Reference data
    for (const [key, value] of Object.entries(DEMO_SETTINGS)) {
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
    const types = new Map<string, number>();
    for (const name of ['Orthodontics', 'General Dentistry', 'Pediatric Dentistry', 'Dental Lab']) {
      types.set(name, (await buildOrganizationType(trx, name)).id);
    }
    const standard = await buildLicenseType(trx, {
      name: 'Standard',
      allow_buy_seats: true,
      default_seats: 3,
      monthly_available_arches: 20,
      monthly_fee: 299,
    });
    const premium = await buildLicenseType(trx, {
      name: 'Premium',
      allow_buy_seats: true,
      default_seats: 10,
      monthly_available_arches: 60,
      monthly_fee: 599,
    });
    const trial = await buildLicenseType(trx, {
      name: 'Trial',
      allow_buy_seats: false,
      default_seats: 1,
      monthly_available_arches: 5,
      monthly_fee: 0,
    });
    const shipping = [
      await buildShippingMethod(trx, {
        id_string: 'ground',
        name: 'Standard Ground',
        transit_days: 5,
        sort_order: 1,
      }),
      await buildShippingMethod(trx, {
        id_string: 'express',
        name: 'Express',
        transit_days: 2,
        fee_key: 'express',
        sort_order: 2,
      }),
      await buildShippingMethod(trx, {
        id_string: 'urgent',
        name: 'Urgent Overnight',
        transit_days: 1,
        fee_key: 'urgent',
        sort_order: 3,
      }),
      await buildShippingMethod(trx, {
        id_string: 'lightspeed',
        name: 'Lightspeed Same Day',
        transit_days: 0,
        fee_key: 'lightspeed',
        sort_order: 4,
      }),
      await buildShippingMethod(trx, {
        id_string: 'international',
        name: 'International',
        transit_days: 7,
        fee_key: 'international',
        international: true,
        sort_order: 5,
      }),
    ];
    await trx
      .insertInto('products')
      .values([
        { code: 'start_up_fee', name: 'Start-up Fee' },
        { code: 'monthly_fee', name: 'Monthly Fee' },
        { code: 'initial_case_setup', name: 'Initial Case Setup' },
        { code: 'print', name: 'Print' },
        { code: 'insert_brackets', name: 'Insert Brackets' },
        { code: 'rush_case', name: 'Rush Case' },
        { code: 'shipping', name: 'Shipping' },
        { code: 'custom', name: 'Custom' },
      ])
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await trx
      .insertInto('pricing')
      .values({
        organization_id: null,
        arch_fees: JSON.stringify({
          software: 25,
          initial_case_setup: 75,
          print: 40,
          insert_brackets: 30,
          rush_case: 50,
        }),
        export_fees: JSON.stringify({
          export_with_guides: 20,
          export_with_brackets: 35,
          export_tray: 15,
          export_aligner_models: 25,
          tray_design: 30,
        }),
        shipping_fees: JSON.stringify({ express: 25, urgent: 45, lightspeed: 90, international: 60 }),
        delay_case_charging: 5,
        delay_payment_processing: 3,
        flat_monthly: 0,
        root_integration: 40,
        root_integration_with_ai: 60,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((globalPricing) =>
        trx
          .insertInto('pricing_volume_discounts')
          .values([
            { pricing_id: globalPricing.id, volume: 20, discount: '5.00', is_global: true },
            { pricing_id: globalPricing.id, volume: 50, discount: '7.50', is_global: true },
            { pricing_id: globalPricing.id, volume: 100, discount: '10.00', is_global: true },
          ])
          .execute(),
      );
    await trx
      .insertInto('promotion_codes')
      .values([
        {
          code: 'FIRSTMONTHFREE',
          description: 'First month free',
          value: 100,
          is_fixed: false,
          promotion_code_type_id: 1,
        },
        {
          code: 'TWOMONTHSFREE',
          description: 'Two months free',
          value: 100,
          is_fixed: false,
          promotion_code_type_id: 2,
        },
        {
          code: 'WELCOME50',
          description: '$50 off the start-up fee',
          value: 50,
          is_fixed: true,
          max_uses: 100,
          promotion_code_type_id: 3,
        },
        {
          code: 'SPRING15',
          description: '15% off the start-up fee this spring',
          value: 15,
          is_fixed: false,
          promotion_code_type_id: 3,
          starts_at: new Date('2026-03-01T00:00:00Z'),
          expires_at: new Date('2027-06-01T00:00:00Z'),
        },
        {
          code: 'EXPO2025',
          description: '$100 off for trade show visitors (ended)',
          value: 100,
          is_fixed: true,
          max_uses: 25,
          uses: 25,
          promotion_code_type_id: 3,
          status_id: 2,
        },
      ])
      .execute();

    // Demo accounts
    const users = new Map<string, number>();
    for (const a of DEMO_ACCOUNTS) {
      const user = await buildUser(trx, {
        email: a.email,
        first_name: a.first_name,
        last_name: a.last_name,
        roles: [a.role],
        password_hash: passwordHash,
        account_number: a.account_number ?? null,
      });
      users.set(a.email, user.id);
    }
    const person = async (
      email: string,
      first_name: string,
      last_name: string,
      extra: { deleted?: boolean } = {},
    ) => {
      const u = await buildUser(trx, {
        email,
        first_name,
        last_name,
        roles: ['doctor'],
        password_hash: passwordHash,
        deleted_at: extra.deleted ? new Date() : null,
      });
      users.set(email, u.id);
      return u.id;
    };

    // Bright Smiles Orthodontics: the demo practice (owner, manager, member, multi)
    const bright = await buildOrganization(trx, {
      name: DEMO_ORGANIZATION,
      account_number: 'BSO-100200',
      organization_type_id: types.get('Orthodontics')!,
      webhooks_enabled: false,
      enable_custom_bracket_sets: true,
    });
    const doctorId = users.get('doctor@example.com')!;
    const denver = await buildLocation(trx, bright.id, {
      location_name: 'Denver Main Office',
      first_name: 'Dana',
      last_name: 'Doctor',
      email: 'denver@brightsmiles.example.com',
      phone_number: '+13035550142',
      street_address: '1550 Larimer Street',
      street_address_line_2: 'Suite 300',
      city: 'Denver',
      state: 'CO',
      zip_code: '80202',
    });
    const boulder = await buildLocation(trx, bright.id, {
      location_name: 'Boulder Office',
      first_name: 'Morgan',
      last_name: 'Manager',
      email: 'boulder@brightsmiles.example.com',
      phone_number: '+13035550177',
      street_address: '2200 Pearl Street',
      city: 'Boulder',
      state: 'CO',
      zip_code: '80302',
    });
    await trx
      .updateTable('organizations')
      .set({ main_location_id: denver.id })
      .where('id', '=', bright.id)
      .execute();
    const brightLicense = await buildLicense(trx, bright.id, {
      license_type_id: standard.id,
      user_id: doctorId,
      seats: 5,
    });
    await buildDevice(trx, brightLicense.id, { name: 'Front Desk PC', machine_id: 'bso-frontdesk' });
    await buildDevice(trx, brightLicense.id, { name: 'Operatory 2', machine_id: 'bso-op2' });
    await buildContract(trx, bright.id, { license_id: brightLicense.id, payment_status: 'PAID' });
    await buildOnboarding(trx, bright.id, { status: 10, current_step: 8 });
    await trx
      .insertInto('organization_preferences')
      .values({
        organization_id: bright.id,
        allowed_dibs_options: [1, 4],
        rush_case_enabled: true,
        third_party_partner_user_id: users.get('partner@example.com')!,
        print_assignments: [1, 2, 3],
        insert_brackets_assignments: [1, 2],
      })
      .execute();
    await trx
      .insertInto('billing_addresses')
      .values({
        organization_id: bright.id,
        first_name: 'Dana',
        last_name: 'Doctor',
        email: 'billing@brightsmiles.example.com',
        phone_number: '+13035550142',
        street_address: '1550 Larimer Street',
        city: 'Denver',
        state: 'CO',
        country: 'USA',
        zip_code: '80202',
      })
      .execute();
    await trx
      .insertInto('contacts')
      .values({
        organization_id: bright.id,
        first_name: 'Riley',
        last_name: 'Reception',
        title: 'Office Manager',
        email: 'riley@brightsmiles.example.com',
        phone_number: '+13035550143',
      })
      .execute();

    // Riverside Family Dental: small practice, the second organization of multi@example.com
    const riverside = await buildOrganization(trx, {
      name: SECOND_ORGANIZATION,
      account_number: 'RFD-200300',
      organization_type_id: types.get('General Dentistry')!,
    });
    const riversideOwner = await person('owner@riverside.example.com', 'Riley', 'Rivers');
    const riversideLocation = await buildLocation(trx, riverside.id, {
      location_name: 'Riverside Clinic',
      street_address: '12 River Road',
      city: 'Fort Collins',
      state: 'CO',
      zip_code: '80521',
    });
    const riversideLicense = await buildLicense(trx, riverside.id, {
      license_type_id: trial.id,
      user_id: riversideOwner,
      seats: 1,
    });
    await buildDevice(trx, riversideLicense.id, { name: 'Clinic Laptop', machine_id: 'rfd-laptop' });
    await buildContract(trx, riverside.id, { license_id: riversideLicense.id, payment_status: 'NOT_PAID' });
    await buildOnboarding(trx, riverside.id, { status: 10, current_step: 9 });

    // Summit Dental Group: large practice
    const summit = await buildOrganization(trx, {
      name: 'Summit Dental Group',
      account_number: 'SDG-300400',
      organization_type_id: types.get('Orthodontics')!,
      webhooks_enabled: true,
    });
    const summitOwner = await person('owner@summit.example.com', 'Avery', 'Summit');
    const summitStaff: number[] = [];
    for (const [first, last] of [
      ['Blake', 'Stone'],
      ['Cameron', 'Peak'],
      ['Drew', 'Ridge'],
      ['Emerson', 'Vale'],
      ['Finley', 'Crest'],
    ] as const) {
      summitStaff.push(await person(`${first.toLowerCase()}@summit.example.com`, first, last));
    }
    const summitLocations = [
      await buildLocation(trx, summit.id, {
        location_name: 'Summit Downtown',
        street_address: '800 17th Street',
        city: 'Denver',
        state: 'CO',
        zip_code: '80202',
      }),
      await buildLocation(trx, summit.id, {
        location_name: 'Summit Aurora',
        street_address: '14000 E Alameda Ave',
        city: 'Aurora',
        state: 'CO',
        zip_code: '80012',
      }),
      await buildLocation(trx, summit.id, {
        location_name: 'Summit Lakewood',
        street_address: '7000 W Colfax Ave',
        city: 'Lakewood',
        state: 'CO',
        zip_code: '80214',
      }),
    ];
    const summitLicense = await buildLicense(trx, summit.id, {
      license_type_id: premium.id,
      user_id: summitOwner,
      seats: 10,
    });
    for (let i = 1; i <= 4; i++)
      await buildDevice(trx, summitLicense.id, {
        name: `Summit Station ${i}`,
        machine_id: `sdg-station-${i}`,
      });
    await buildContract(trx, summit.id, { license_id: summitLicense.id, payment_status: 'PAID' });
    await buildOnboarding(trx, summit.id, { status: 10, current_step: 10 });

    // Lakeside Smiles: disabled, subscription suspended
    const lakeside = await buildOrganization(trx, {
      name: 'Lakeside Smiles',
      account_number: 'LKS-400500',
      organization_type_id: types.get('Pediatric Dentistry')!,
      disabled_at: new Date(),
    });
    const lakesideOwner = await person('owner@lakeside.example.com', 'Lee', 'Lake');
    await buildLocation(trx, lakeside.id, {
      location_name: 'Lakeside Office',
      street_address: '5 Shore Drive',
      city: 'Littleton',
      state: 'CO',
      zip_code: '80120',
      user_ids: [lakesideOwner],
    });
    const lakesideLicense = await buildLicense(trx, lakeside.id, {
      license_type_id: standard.id,
      user_id: lakesideOwner,
      seats: 2,
    });
    await buildContract(trx, lakeside.id, {
      license_id: lakesideLicense.id,
      payment_status: 'SUSPENDED',
      suspension_type: 1,
      suspended_at: new Date(),
    });
    await buildOnboarding(trx, lakeside.id, { status: 10, current_step: 8 });

    // Old Town Orthodontics: archived
    const oldTown = await buildOrganization(trx, {
      name: 'Old Town Orthodontics',
      account_number: 'OTO-500600',
      organization_type_id: types.get('Orthodontics')!,
      deleted_at: new Date(),
    });
    const oldTownOwner = await person('owner@oldtown.example.com', 'Olive', 'Town', { deleted: true });
    await buildLocation(trx, oldTown.id, {
      location_name: 'Old Town Office',
      street_address: '1 Old Town Square',
      city: 'Pueblo',
      state: 'CO',
      zip_code: '81003',
    });

    // Harbor View Dental: signed up, onboarding in progress, no license yet
    const harbor = await buildOrganization(trx, {
      name: 'Harbor View Dental',
      account_number: 'HVD-600700',
      organization_type_id: types.get('General Dentistry')!,
    });
    const harborOwner = await person('owner@harborview.example.com', 'Harper', 'View');
    await buildLocation(trx, harbor.id, {
      location_name: 'Harbor View Office',
      street_address: '44 Harbor Lane',
      city: 'Grand Junction',
      state: 'CO',
      zip_code: '81501',
      user_ids: [harborOwner],
    });
    await buildOnboarding(trx, harbor.id, { status: 5, current_step: 3, doctor_allowed_steps: [3, 4] });
    await buildContract(trx, harbor.id, { payment_status: 'PENDING', last_payment_date: null });

    // Cedar Ridge Orthodontics: licensed, onboarding in progress (the practice installs DIBS and
    // adds its team itself: steps 3 and 4)
    const cedar = await buildOrganization(trx, {
      name: 'Cedar Ridge Orthodontics',
      account_number: 'CRO-700800',
      organization_type_id: types.get('Orthodontics')!,
    });
    const cedarOwner = await person('cedar@example.com', 'Cedric', 'Ridge');
    await buildLocation(trx, cedar.id, {
      location_name: 'Cedar Ridge Office',
      street_address: '310 Cedar Avenue',
      city: 'Durango',
      state: 'CO',
      zip_code: '81301',
      user_ids: [cedarOwner],
    });
    const cedarLicense = await buildLicense(trx, cedar.id, {
      license_type_id: standard.id,
      user_id: cedarOwner,
      seats: 2,
    });
    await buildContract(trx, cedar.id, { license_id: cedarLicense.id, payment_status: 'PAID' });
    await buildOnboarding(trx, cedar.id, { status: 5, current_step: 2, doctor_allowed_steps: [3, 4] });
    await addMember(trx, cedar.id, cedarOwner, 'organization_owner');

    // Noel Newman's Account: signed up and verified, the account setup not done yet (no license,
    // no location, onboarding pending)
    const newcomer = await buildOrganization(trx, {
      name: NEW_DOCTOR_ORGANIZATION,
      account_number: null,
      initial_setup_required: true,
    });
    await buildOnboarding(trx, newcomer.id, { status: 1, current_step: 0 });

    // Memberships (the first one becomes the user's current organization)
    const orgIds = new Map([
      [DEMO_ORGANIZATION, bright.id],
      [SECOND_ORGANIZATION, riverside.id],
      [NEW_DOCTOR_ORGANIZATION, newcomer.id],
    ]);
    for (const a of DEMO_ACCOUNTS) {
      for (const m of a.organizations) await addMember(trx, orgIds.get(m.name)!, users.get(a.email)!, m.role);
    }
    await addMember(trx, riverside.id, riversideOwner, 'organization_owner');
    await addMember(trx, summit.id, summitOwner, 'organization_owner');
    await addMember(trx, summit.id, summitStaff[0]!, 'organization_manager');
    for (const id of summitStaff.slice(1)) await addMember(trx, summit.id, id, 'organization_member');
    await addMember(trx, lakeside.id, lakesideOwner, 'organization_owner');
    await addMember(trx, oldTown.id, oldTownOwner, 'organization_owner');
    await addMember(trx, harbor.id, harborOwner, 'organization_owner');

    // Location assignments
    await assignLocation(trx, denver.id, [
      doctorId,
      users.get('manager@example.com')!,
      users.get('member@example.com')!,
      users.get('multi@example.com')!,
    ]);
    await assignLocation(trx, boulder.id, [doctorId, users.get('manager@example.com')!]);
    await assignLocation(trx, riversideLocation.id, [riversideOwner, users.get('multi@example.com')!]);
    for (const l of summitLocations) await assignLocation(trx, l.id, [summitOwner, ...summitStaff]);

    // A few cases for the demo practice
    const cases = [
      { first_name: 'Emma', last_name: 'Johnson', case_number_text: 'BS-1001' },
      { first_name: 'Liam', last_name: 'Garcia', case_number_text: 'BS-1002' },
      { first_name: 'Olivia', last_name: 'Martinez', case_number_text: null },
    ];
    for (const [i, c] of cases.entries()) {
      const patient = await buildPatient(trx, {
        organization_id: bright.id,
        user_id: doctorId,
        created_by_user_id: doctorId,
        ...c,
        ...(i === 2 ? { held_at: new Date(), held_by_group: 1 } : {}),
      });
      await buildRxForm(trx, {
        organization_id: bright.id,
        user_id: doctorId,
        created_by_user_id: doctorId,
        patient_id: patient.id,
        location_id: denver.id,
        shipping_location_id: denver.id,
        shipping_method_id: shipping[1]!.id,
        status_id: i === 0 ? 4 : 1,
        completed_at: i === 0 ? new Date() : null,
        teeth: { u00: 1, u15: 1, l00: 2 },
      });
    }

    // Notifications and announcements
    await buildNotification(trx, doctorId, {
      organization_id: bright.id,
      type: 'general',
      message: 'Welcome to Archline! Start a new case from the sidebar.',
      link: '/patients',
    });
    await buildNotification(trx, doctorId, {
      organization_id: bright.id,
      type: 'case_on_hold',
      message: 'Case Olivia Martinez was put on hold.',
      link: '/patients',
    });
    await buildNotification(trx, users.get('manager@example.com')!, {
      organization_id: bright.id,
      type: 'general',
      message: 'Your organization has two locations.',
      link: '/locations',
    });
    await buildNotification(trx, users.get('admin@example.com')!, {
      type: 'general',
      message: 'Harbor View Dental started onboarding.',
      link: '/onboardings',
    });
    await buildNotification(trx, users.get('tech@example.com')!, {
      type: 'rush_case',
      message: 'A rush case is waiting for initial setup.',
      link: '/patients-page',
    });
    const superAdmin = users.get('superadmin@example.com')!;
    await buildAnnouncement(trx, {
      // Not about aligners: the promotion banner already announces them on the same lists.
      body: 'Holiday schedule: cases submitted after December 19 ship from January 5.',
      visibility: 'doctor',
      last_updated_by_user_id: superAdmin,
    });
    await buildAnnouncement(trx, {
      body: 'Printer 3 is under maintenance until Friday.',
      visibility: 'internal',
      last_updated_by_user_id: superAdmin,
    });

    // Bracket libraries, arch wires and a custom bracket set of the demo practice
    await seedDemoLibraries(trx, {
      organizationId: bright.id,
      doctorId,
      createdByUserId: superAdmin,
      storage: options.storage,
    });

    // DIBS installers (one unstable, in use on a workstation of the demo practice) and a machine learning file
    await seedDemoInstallers(trx, {
      organizationId: bright.id,
      uploadedByUserId: superAdmin,
      storage: options.storage,
    });

    // A few hundred cases across the practices, with files when a storage is given
    await seedDemoPatients(trx, { storage: options.storage });
    // Requests of every kind and status: case setups, flawed trays, tray designs, canceled prints
    await seedDemoRequests(trx, { organizationName: DEMO_ORGANIZATION });
    // Feedback, shipping costs and invoices for the reports
    await seedDemoReports(trx);
    // Invoice lines, current invoices, payment methods, discounts and charges
    await seedDemoBilling(trx, { demoOrganizationId: bright.id });
    // A parcel to make up today in the shipping view
    await seedDemoShipments(trx);
    // Technician workflows of the requests; one pending task per user
    await seedDemoWorkflows(trx);
    // Print batches of open print requests
    await seedDemoBatches(trx);
    // A case on which the demo doctor can request a tray correction
    await seedDemoTrayCorrectionCase(trx, {
      storage: options.storage,
      organizationId: bright.id,
      doctorId,
      locationId: denver.id,
    });
    return true;
  });
}

/** The demo accounts as a small fixed-width table for the start-up log. */
export function demoAccountsTable(publicUrl: string): string {
  const rows = DEMO_ACCOUNTS.map((a) => [
    a.email,
    a.role,
    a.organizations.map((m) => `${m.name} (${m.role.replace('organization_', '')})`).join(', ') || '-',
  ]);
  const header = ['e-mail', 'role', 'organizations'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    `Demo accounts (password ${DEMO_PASSWORD}); sign in at ${publicUrl}/login, staff at ${publicUrl}/management:`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
  ].join('\n');
}
