import { z } from 'zod';
import { ADDRESS_MESSAGES, PostalAddress, PostalAddressFields, requiredText } from './address.ts';
import { PaginationMeta, pagingQuery } from './users.ts';

/** Locations (offices, shipping destinations). Spec: document 3 sections 2.9, 3, 5, 6, 7. */

export const LOCATIONS_DEFAULT_PAGE_SIZE = 25;
export const LOCATIONS_MAX_PAGE_SIZE = 500;

export const LOCATION_MESSAGES = {
  created: 'Location successfully created.',
  updated: 'Location successfully updated.',
  deleted: 'Location successfully deleted.',
  invalidPhone: ADDRESS_MESSAGES.invalidPhone,
  invalidState: ADDRESS_MESSAGES.invalidState,
  invalidCountry: ADDRESS_MESSAGES.invalidCountry,
  invalidUsers: 'The selected users are invalid.',
  invalidOrganization: 'The selected organization is invalid.',
  addressLocked:
    'The address modification has been disabled while all your requests are completed. If you want to update the destination address for an open request, please contact the administrator.',
} as const;

/** The address fields that lock while the location has incomplete requests. */
export const LOCATION_ADDRESS_FIELDS = [
  'street_address',
  'street_address_line_2',
  'city',
  'state',
  'country',
  'zip_code',
] as const;

/** The location form (create and update). */
export const LocationFormSchema = z.object({
  location_name: requiredText(),
  ...PostalAddressFields.shape,
  /** Ids of the organization's users assigned to the location. */
  users: z.array(z.number().int().positive()).max(1000).default([]),
});

/** POST /locations: management passes organization_id; practice users default to their current organization. */
export const CreateLocationRequest = LocationFormSchema.extend({
  organization_id: z.number({ error: LOCATION_MESSAGES.invalidOrganization }).int().positive().optional(),
});
export type CreateLocationRequest = z.input<typeof CreateLocationRequest>;

export const UpdateLocationRequest = LocationFormSchema;
export type UpdateLocationRequest = z.input<typeof UpdateLocationRequest>;

export const LocationIdParams = z.object({ id: z.coerce.number().int().positive() });

/** GET /locations */
export const ListLocationsQuery = z.object({
  organizationId: z.coerce
    .number({ error: LOCATION_MESSAGES.invalidOrganization })
    .int()
    .positive()
    .optional(),
  /** Searches name, street, city and zip code. */
  locationInfo: z.string().trim().max(255).optional(),
  ...pagingQuery(LOCATIONS_DEFAULT_PAGE_SIZE, LOCATIONS_MAX_PAGE_SIZE),
});
export type ListLocationsQuery = z.infer<typeof ListLocationsQuery>;

export const Location = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  location_name: z.string(),
  ...PostalAddress.shape,
  full_address: z.string(),
  users: z.array(z.number().int()),
  has_incomplete_requests: z.boolean(),
  created_at: z.string(),
});
export type Location = z.infer<typeof Location>;

export const ListLocationsResponse = z.object({
  locations: z.object({ data: z.array(Location), meta: PaginationMeta }),
});
export const LocationResponse = z.object({ location: Location });
export const LocationMessageResponse = z.object({ message: z.string(), location: Location });
