/**
 * Row factories shared by the demo seed and the tests. Each inserts one row with sensible
 * defaults (overridable) and returns it. Pass a transaction to group several in one commit.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { OrganizationRole, Role } from '@archline/contracts';
import { hashPassword } from '../password-hash.ts';
import type { DB } from '../schema.ts';

type Row<T extends keyof DB> = Selectable<DB[T]>;
type Values<T extends keyof DB> = Partial<Insertable<DB[T]>>;

/** The password of every factory-made (and demo) account unless one is given. */
export const DEFAULT_PASSWORD = 'DemoPass123';

let defaultHash: Promise<string> | undefined;
/** argon2id is slow on purpose: hash the default password once per process. */
export function defaultPasswordHash(): Promise<string> {
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  return defaultHash;
}

let sequence = 0;
/** A short token unique within this process and unlikely to repeat across processes. */
function unique(): string {
  sequence += 1;
  return `${process.pid.toString(36)}${sequence.toString(36)}`.toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Users and organizations
// ---------------------------------------------------------------------------------------------

export interface UserOptions {
  first_name?: string;
  last_name?: string;
  email?: string;
  password?: string;
  /** A precomputed hash (skips hashing); null for an account without a password. */
  password_hash?: string | null;
  roles?: Role[];
  /** Verified e-mail (default true). */
  verified?: boolean;
  account_number?: string | null;
  current_organization_id?: number | null;
  deleted_at?: Date | null;
}

export type UserRow = Row<'users'> & { roles: Role[] };

export async function buildUser(db: Kysely<DB>, o: UserOptions = {}): Promise<UserRow> {
  const tag = unique();
  const password_hash =
    o.password_hash !== undefined
      ? o.password_hash
      : o.password !== undefined && o.password !== DEFAULT_PASSWORD
        ? await hashPassword(o.password)
        : await defaultPasswordHash();
  const user = await db
    .insertInto('users')
    .values({
      first_name: o.first_name ?? 'Test',
      last_name: o.last_name ?? `User ${tag}`,
      email: o.email ?? `user-${tag.toLowerCase()}@example.test`,
      password_hash,
      account_number: o.account_number === undefined ? null : o.account_number,
      email_verified_at: o.verified === false ? null : new Date(),
      current_organization_id: o.current_organization_id ?? null,
      deleted_at: o.deleted_at ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const roles = o.roles ?? ['doctor'];
  if (roles.length > 0) {
    await db
      .insertInto('user_roles')
      .values(roles.map((role) => ({ user_id: user.id, role })))
      .execute();
  }
  return { ...user, roles };
}

export async function buildOrganizationType(
  db: Kysely<DB>,
  name?: string,
): Promise<Row<'organization_types'>> {
  return db
    .insertInto('organization_types')
    .values({ name: name ?? `Type ${unique().replace(/[^A-Z]/g, 'X')}`.slice(0, 20) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildOrganization(
  db: Kysely<DB>,
  o: Values<'organizations'> = {},
): Promise<Row<'organizations'>> {
  const tag = unique();
  return db
    .insertInto('organizations')
    .values({ name: `Practice ${tag}`, account_number: `ORG-${tag}`, ...o })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Adds (or changes) a membership and makes it the user's current organization when none is set. */
export async function addMember(
  db: Kysely<DB>,
  organizationId: number,
  userId: number,
  role: OrganizationRole = 'organization_member',
): Promise<Row<'organization_user'>> {
  const row = await db
    .insertInto('organization_user')
    .values({ organization_id: organizationId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ role }))
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ current_organization_id: organizationId })
    .where('id', '=', userId)
    .where('current_organization_id', 'is', null)
    .execute();
  return row;
}

export async function buildLocation(
  db: Kysely<DB>,
  organizationId: number,
  o: Values<'locations'> & { user_ids?: number[] } = {},
): Promise<Row<'locations'>> {
  const { user_ids, ...values } = o;
  const location = await db
    .insertInto('locations')
    .values({
      organization_id: organizationId,
      location_name: `Office ${unique()}`,
      first_name: 'Front',
      last_name: 'Desk',
      email: `office-${unique().toLowerCase()}@example.test`,
      phone_number: '+13035550100',
      street_address: '100 Main Street',
      city: 'Denver',
      state: 'CO',
      country: 'USA',
      zip_code: '80202',
      timezone_offset: -420,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (user_ids?.length) await assignLocation(db, location.id, user_ids);
  return location;
}

export async function assignLocation(db: Kysely<DB>, locationId: number, userIds: number[]): Promise<void> {
  await db
    .insertInto('location_user')
    .values(userIds.map((user_id) => ({ location_id: locationId, user_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Licenses, devices, contracts, onboarding
// ---------------------------------------------------------------------------------------------

export async function buildLicenseType(
  db: Kysely<DB>,
  o: Values<'license_types'> = {},
): Promise<Row<'license_types'>> {
  return db
    .insertInto('license_types')
    .values({
      name: `License ${unique()}`,
      allow_buy_seats: true,
      default_seats: 2,
      monthly_available_arches: 20,
      ...o,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A license of the organization; creates a license type when none is given. */
export async function buildLicense(
  db: Kysely<DB>,
  organizationId: number,
  o: Values<'licenses'> = {},
): Promise<Row<'licenses'>> {
  const license_type_id = o.license_type_id ?? (await buildLicenseType(db)).id;
  const activated = new Date();
  const expires = new Date(activated);
  expires.setFullYear(expires.getFullYear() + 1);
  return db
    .insertInto('licenses')
    .values({
      organization_id: organizationId,
      seats: 3,
      activated_at: activated,
      expiration_date: expires,
      ...o,
      license_type_id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildDevice(
  db: Kysely<DB>,
  licenseId: number,
  o: Values<'devices'> = {},
): Promise<Row<'devices'>> {
  const tag = unique();
  return db
    .insertInto('devices')
    .values({
      license_id: licenseId,
      name: `Workstation ${tag}`,
      machine_id: `machine-${tag.toLowerCase()}`,
      last_login: new Date(),
      ...o,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildContract(
  db: Kysely<DB>,
  organizationId: number,
  o: Values<'contracts'> = {},
): Promise<Row<'contracts'>> {
  const today = new Date();
  const next = new Date(today);
  next.setDate(next.getDate() + 30);
  return db
    .insertInto('contracts')
    .values({
      organization_id: organizationId,
      payment_status: 'PAID',
      initial_payment_date: isoDate(today),
      last_payment_date: isoDate(today),
      next_payment_date: isoDate(next),
      ...o,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildOnboarding(
  db: Kysely<DB>,
  organizationId: number,
  o: Values<'onboardings'> = {},
): Promise<Row<'onboardings'>> {
  return db
    .insertInto('onboardings')
    .values({ organization_id: organizationId, status: 10, current_step: 8, ...o })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildShippingMethod(
  db: Kysely<DB>,
  o: Values<'shipping_methods'> = {},
): Promise<Row<'shipping_methods'>> {
  const tag = unique().toLowerCase();
  return db
    .insertInto('shipping_methods')
    .values({ id_string: `method_${tag}`, name: `Method ${tag}`, transit_days: 2, ...o })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------------------
// Patients and cases
// ---------------------------------------------------------------------------------------------

export async function buildPatient(
  db: Kysely<DB>,
  o: Values<'patients'> & { organization_id: number; user_id: number },
): Promise<Row<'patients'>> {
  return db
    .insertInto('patients')
    .values({ first_name: 'Jamie', last_name: `Patient${unique().replace(/[^A-Z]/g, '')}`, ...o })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** All 32 tooth keys: u00..u15 (UR8..UR1, UL1..UL8) then l00..l15 (LR8..LR1, LL1..LL8). */
export const TOOTH_KEYS: readonly string[] = ['u', 'l'].flatMap((jaw) =>
  Array.from({ length: 16 }, (_, i) => `${jaw}${String(i).padStart(2, '0')}`),
);

/** An Rx form with its 32 teeth (0 unless given in `teeth`). */
export async function buildRxForm(
  db: Kysely<DB>,
  o: Values<'rx_forms'> & { organization_id: number; user_id: number; teeth?: Record<string, 0 | 1 | 2> },
): Promise<Row<'rx_forms'>> {
  const { teeth = {}, ...values } = o;
  const rx = await db
    .insertInto('rx_forms')
    .values({
      scan_submission_type: 1,
      scanner_type: 1,
      jaws_id: 3,
      export_type: 1,
      print_assignment: 1,
      insert_brackets_assignment: 1,
      intraoral_scan_date: isoDate(new Date()),
      submitted_at: new Date(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('rx_form_teeth')
    .values(TOOTH_KEYS.map((tooth) => ({ rx_form_id: rx.id, tooth, value: teeth[tooth] ?? 0 })))
    .execute();
  return rx;
}

export async function buildCustomerRequest(
  db: Kysely<DB>,
  o: Values<'customer_requests'> & { organization_id: number; patient_id: number },
): Promise<Row<'customer_requests'>> {
  return db.insertInto('customer_requests').values(o).returningAll().executeTakeFirstOrThrow();
}

export async function buildBatch(db: Kysely<DB>, o: Values<'batches'> = {}): Promise<Row<'batches'>> {
  return db
    .insertInto('batches')
    .values({ name: `Batch ${unique()}`, ...o })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------------------
// Notifications and announcements
// ---------------------------------------------------------------------------------------------

export async function buildNotification(
  db: Kysely<DB>,
  userId: number,
  o: Values<'notifications'> = {},
): Promise<Row<'notifications'>> {
  return db
    .insertInto('notifications')
    .values({ user_id: userId, type: 'general', message: 'Welcome to Archline.', link: '/patients', ...o })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildAnnouncement(
  db: Kysely<DB>,
  o: Values<'announcements'> = {},
): Promise<Row<'announcements'>> {
  return db
    .insertInto('announcements')
    .values({ body: 'Scheduled maintenance this Saturday.', visibility: 'doctor', ...o })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}
