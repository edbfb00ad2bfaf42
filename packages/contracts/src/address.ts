import { z } from 'zod';
import { EmailSchema, REQUIRED_MESSAGE } from './auth.ts';

/**
 * Postal address rules shared by locations and billing addresses (document 3 section 5): every
 * field required ('Required') but street_address_line_2; phone '+' then 7 to 15 digits, the
 * first not 0; state exactly 2 characters; country a 3-letter code.
 */
export const ADDRESS_MESSAGES = {
  invalidPhone: 'Invalid phone number.',
  invalidState: 'State must be exactly 2 characters.',
  invalidCountry: 'Country must be a 3-letter code.',
} as const;

/** A required text field, trimmed, at most `max` characters. */
export const requiredText = (max = 255) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(max, `Must contain max ${max} characters.`);

const requiredFirst = () =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, { error: REQUIRED_MESSAGE, abort: true });

/** International phone: '+' then 7 to 15 digits, the first not 0. */
export const PhoneSchema = requiredFirst().regex(/^\+[1-9][0-9]{6,14}$/, ADDRESS_MESSAGES.invalidPhone);
export const StateSchema = requiredFirst().pipe(z.string().length(2, ADDRESS_MESSAGES.invalidState));
export const CountrySchema = requiredFirst()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z]{3}$/, ADDRESS_MESSAGES.invalidCountry));

/** The address fields of a request (a location or a billing address). */
export const PostalAddressFields = z.object({
  first_name: requiredText(),
  last_name: requiredText(),
  email: EmailSchema,
  phone_number: PhoneSchema,
  street_address: requiredText(),
  street_address_line_2: z.string().trim().max(255).nullable().optional(),
  city: requiredText(),
  state: StateSchema,
  country: CountrySchema,
  zip_code: requiredText(20),
});

/** The address fields of a response. */
export const PostalAddress = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  street_address: z.string(),
  street_address_line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string(),
});
