/**
 * Column lists and row shapes that several tables share, so the repositories of different
 * modules select and write them the same way.
 */

/** The contact and postal address columns of billing addresses and locations, in the order the forms show them. */
export const ADDRESS_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'street_address',
  'street_address_line_2',
  'city',
  'state',
  'country',
  'zip_code',
] as const;

/** The values of ADDRESS_COLUMNS. */
export interface AddressValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  street_address: string;
  street_address_line_2: string | null;
  city: string;
  state: string;
  country: string;
  zip_code: string;
}

/** The address on one line: 'street [line 2], city, state zip, country'. */
export function fullAddress(
  l: Pick<
    AddressValues,
    'street_address' | 'street_address_line_2' | 'city' | 'state' | 'zip_code' | 'country'
  >,
): string {
  const street = [l.street_address, l.street_address_line_2].filter(Boolean).join(' ');
  return `${street}, ${l.city}, ${l.state} ${l.zip_code}, ${l.country}`;
}
