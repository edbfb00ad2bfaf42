import { z } from 'zod';
import { REQUIRED_MESSAGE } from './auth.ts';
import { PaginationMeta, pagingQuery } from './users.ts';

/** Licenses and their devices. Spec: document 3 sections 2.5 (Devices tab), 2.10, 3, 5, 7. */

export const LICENSES_DEFAULT_PAGE_SIZE = 25;
export const LICENSES_MAX_PAGE_SIZE = 500;

export const LICENSE_MESSAGES = {
  created: 'License successfully created.',
  updated: 'License successfully updated.',
  activated: 'License successfully activated.',
  deactivated: 'License successfully deactivated.',
  typeLocked: 'The license type cannot be changed.',
  invalidType: 'The selected license type is invalid.',
  invalidUser: 'The selected user is invalid.',
  invalidOrganization: 'The selected organization is invalid.',
  userWithoutOrganization: 'The selected user does not belong to an organization.',
  seatsBelowDevices: 'Seats cannot be fewer than the registered devices.',
  expirationBeforeActivation: 'Expiration date must be later than the activation date.',
  deviceUpdated: 'Device successfully updated.',
  deviceDeleted: 'Device successfully deleted.',
  /** Empty texts of the Devices tab. */
  noDevices: 'No registered devices',
  noLicenses: 'No Licenses',
} as const;

const seats = z
  .number({ error: REQUIRED_MESSAGE })
  .int('Seats must be a whole number.')
  .min(0, 'Seats cannot be negative.')
  .max(10000, 'Seats must not be greater than 10000.');
const licenseTypeId = z.number({ error: REQUIRED_MESSAGE }).int().positive(REQUIRED_MESSAGE);
const dateTime = z.iso
  .datetime({ offset: true, error: 'Invalid date.' })
  .or(z.iso.date({ error: 'Invalid date.' }));

const expirationAfterActivation = (v: { activated_at?: string | null; expiration_date?: string | null }) =>
  !v.activated_at || !v.expiration_date || new Date(v.expiration_date) > new Date(v.activated_at);
const expirationIssue = { path: ['expiration_date'], message: LICENSE_MESSAGES.expirationBeforeActivation };

/** POST /licenses: to a user (their organization) or to an organization. */
export const CreateLicenseRequest = z
  .object({
    user_id: z.number().int().positive().nullable().optional(),
    organization_id: z.number().int().positive().nullable().optional(),
    license_type_id: licenseTypeId,
    seats,
    activated_at: dateTime.nullable().optional(),
    expiration_date: dateTime.nullable().optional(),
  })
  .refine(expirationAfterActivation, expirationIssue);
export type CreateLicenseRequest = z.input<typeof CreateLicenseRequest>;

/** PUT /licenses/{id}: the license type is locked (sent back unchanged). */
export const UpdateLicenseRequest = z
  .object({
    license_type_id: licenseTypeId,
    seats,
    activated_at: dateTime.nullable().optional(),
    expiration_date: dateTime.nullable().optional(),
  })
  .refine(expirationAfterActivation, expirationIssue);
export type UpdateLicenseRequest = z.input<typeof UpdateLicenseRequest>;

export const SetLicenseStatusRequest = z.object({ active: z.boolean({ error: REQUIRED_MESSAGE }) });

export const LicenseIdParams = z.object({ id: z.coerce.number().int().positive() });
export const DeviceIdParams = z.object({ id: z.coerce.number().int().positive() });
export const OrganizationLicensesParams = z.object({ id: z.coerce.number().int().positive() });

/** GET /licenses */
export const ListLicensesQuery = z.object({
  /** Searches the license holder's name and e-mail. */
  searchUser: z.string().trim().max(255).optional(),
  organizationId: z.coerce.number().int().positive().optional(),
  ...pagingQuery(LICENSES_DEFAULT_PAGE_SIZE, LICENSES_MAX_PAGE_SIZE),
});
export type ListLicensesQuery = z.infer<typeof ListLicensesQuery>;

export const Device = z.object({
  id: z.number().int(),
  name: z.string(),
  license_id: z.number().int(),
  last_login: z.string().nullable(),
  created_at: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type Device = z.infer<typeof Device>;

export const LicenseType = z.object({
  id: z.number().int(),
  name: z.string(),
  allow_buy_seats: z.boolean(),
  default_seats: z.number().int(),
});
export type LicenseType = z.infer<typeof LicenseType>;

export const License = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  user: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  license_type: z.object({ id: z.number().int(), name: z.string() }),
  seats: z.number().int(),
  active: z.boolean(),
  activated_at: z.string(),
  expiration_date: z.string().nullable(),
  devices_count: z.number().int(),
  /** seats - devices */
  available_seats: z.number().int(),
  created_at: z.string(),
});
export type License = z.infer<typeof License>;

export const LicenseWithDevices = License.extend({ devices: z.array(Device) });
export type LicenseWithDevices = z.infer<typeof LicenseWithDevices>;

export const ListLicensesResponse = z.object({
  licenses: z.object({ data: z.array(License), meta: PaginationMeta }),
});
export const LicenseResponse = z.object({ license: LicenseWithDevices });
export const LicenseMessageResponse = z.object({ message: z.string(), license: LicenseWithDevices });
export const LicenseTypesResponse = z.object({ license_types: z.array(LicenseType) });
export const OrganizationLicensesResponse = z.object({ licenses: z.array(LicenseWithDevices) });

export const UpdateDeviceRequest = z.object({
  name: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(255, 'Must contain max 255 characters.'),
});
export const DeviceMessageResponse = z.object({ message: z.string(), device: Device });
