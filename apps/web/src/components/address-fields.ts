/**
 * The contact and postal address fields the billing address, the account setup's account details
 * and the location form share: labels, autocomplete tokens and hints in one place.
 */
export type AddressFieldName =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone_number'
  | 'street_address'
  | 'street_address_line_2'
  | 'city'
  | 'state'
  | 'country'
  | 'zip_code';

export interface AddressFieldSpec<Name extends string = AddressFieldName> {
  name: Name;
  label: string;
  required: boolean;
  autoComplete: string;
  type?: string;
  helper?: string;
}

/** First name, last name and e-mail of the contact. */
export const CONTACT_NAME_FIELDS: AddressFieldSpec[] = [
  { name: 'first_name', label: 'First Name', required: true, autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last Name', required: true, autoComplete: 'family-name' },
  { name: 'email', label: 'Email', required: true, autoComplete: 'email', type: 'email' },
];

export const PHONE_FIELD: AddressFieldSpec<'phone_number'> = {
  name: 'phone_number',
  label: 'Phone Number',
  required: true,
  autoComplete: 'tel',
  type: 'tel',
  helper: 'International format, e.g. +13035550142',
};

/** Street, second line, city and state. */
export const STREET_FIELDS: AddressFieldSpec<
  'street_address' | 'street_address_line_2' | 'city' | 'state'
>[] = [
  { name: 'street_address', label: 'Street Address', required: true, autoComplete: 'address-line1' },
  {
    name: 'street_address_line_2',
    label: 'Street Address Line 2',
    required: false,
    autoComplete: 'address-line2',
  },
  { name: 'city', label: 'City', required: true, autoComplete: 'address-level2' },
  {
    name: 'state',
    label: 'State',
    required: true,
    autoComplete: 'address-level1',
    helper: '2 characters, e.g. CO',
  },
];

export const COUNTRY_FIELD: AddressFieldSpec<'country'> = {
  name: 'country',
  label: 'Country',
  required: true,
  autoComplete: 'country',
  helper: '3-letter code, e.g. USA',
};

export const ZIP_FIELD: AddressFieldSpec<'zip_code'> = {
  name: 'zip_code',
  label: 'Zip Code',
  required: true,
  autoComplete: 'postal-code',
};
