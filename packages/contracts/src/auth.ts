import { z } from 'zod';

/**
 * Authentication, sign-up, verification, password reset, invitations and the profile.
 * Spec: document 1 sections 2.1, 4, 5, 7, 8; document 3 sections 5 and 7.
 * The API validates with these schemas and the web's forms use the same ones (zodResolver).
 */

export const REQUIRED_MESSAGE = 'Required';
export const EMAIL_INVALID_MESSAGE = 'Email is invalid';
export const PASSWORD_MAX_MESSAGE = 'Must contain max 32 characters.';
export const PASSWORD_RULE_MESSAGE =
  'Must contain at least 8 characters, one uppercase, one lowercase and one number';
export const PASSWORD_MISMATCH_MESSAGE = 'Both password need to be the same';
export const ACCOUNT_NUMBER_MAX_MESSAGE = 'Only up to 20 characters is allowed.';
export const ACCOUNT_NUMBER_MIN_MESSAGE = 'Must contain at least 6 characters.';
export const ACCOUNT_NUMBER_FORMAT_MESSAGE = 'Must only contain alphanumeric characters or "-" in between.';
export const EMAIL_TAKEN_MESSAGE = 'The email has already been taken.';

// The texts the sign-in page needs live apart from the schemas, so it can show them without zod.
export { AUTH_MESSAGES, UNVERIFIED_EMAIL_CODE } from './auth-messages.ts';

/** Trims, collapses inner whitespace and capitalizes the first letter of each word. */
export function normalizeName(value: string): string {
  return value
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(' ');
}

const requiredString = () => z.string({ error: REQUIRED_MESSAGE });

/** E-mail: required ('Required') and valid ('Email is invalid'); stored trimmed. */
export const EmailSchema = requiredString()
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(255, EMAIL_INVALID_MESSAGE)
  .pipe(z.email({ error: EMAIL_INVALID_MESSAGE }));

/** A person's name: required, trimmed, each word's first letter capitalized. */
export const PersonNameSchema = requiredString()
  .transform(normalizeName)
  .pipe(z.string().min(1, REQUIRED_MESSAGE).max(255, 'Must contain max 255 characters.'));

/** Password rules of sign-up, reset and invitation sign-up: 8 to 32, an upper, a lower and a digit. */
export const PasswordSchema = requiredString()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .max(32, PASSWORD_MAX_MESSAGE)
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/s, PASSWORD_RULE_MESSAGE);

export const PasswordConfirmationSchema = requiredString().min(1, REQUIRED_MESSAGE);

/** account_number: 6 to 20, alphanumeric with '-' only in between; empty means none. */
export const AccountNumberSchema = z
  .string()
  .trim()
  .max(20, ACCOUNT_NUMBER_MAX_MESSAGE)
  .refine((v) => v === '' || v.length >= 6, ACCOUNT_NUMBER_MIN_MESSAGE)
  .refine(
    (v) => v === '' || /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(v),
    ACCOUNT_NUMBER_FORMAT_MESSAGE,
  )
  .transform((v) => (v === '' ? null : v));

/** The ALTCHA widget's payload (base64 JSON); verified on the server. */
export const AltchaPayloadSchema = z.string().max(20_000).optional();

const passwordsMatch = (v: { password: string; password_confirmation: string }) =>
  v.password === v.password_confirmation;
const mismatch = { path: ['password_confirmation'], message: PASSWORD_MISMATCH_MESSAGE };

// ---- login / logout -------------------------------------------------------------------------

export const LoginRequest = z.object({
  email: EmailSchema,
  password: requiredString().min(1, REQUIRED_MESSAGE).max(255),
  remember_me: z.boolean().optional(),
  /** True on /management (the Admin Dashboard sign in). */
  management: z.boolean().optional(),
  altcha: AltchaPayloadSchema,
});
export type LoginRequest = z.input<typeof LoginRequest>;

// ---- the current user -----------------------------------------------------------------------

export const UserRoleRef = z.object({ name: z.string() });
export const AdditionalEmail = z.object({ id: z.number().int(), email: z.string() });
export type AdditionalEmail = z.infer<typeof AdditionalEmail>;

export const MeOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  account_number: z.string().nullable(),
  disabled_at: z.string().nullable(),
  webhooks_enabled: z.boolean().nullable(),
  enable_custom_bracket_sets: z.boolean(),
  /** The organization's contract, if it has one (suspended_at set: 'Start a New Case' is disabled). */
  contract: z
    .object({
      id: z.number().int(),
      suspended_at: z.string().nullable(),
      license: z.object({ license_type: z.object({ allow_buy_seats: z.boolean() }) }).nullable(),
    })
    .nullable(),
  /**
   * The organization's onboarding checklist (status 1 Pending, 5 In Progress, 10 Completed); while
   * in progress below step 8 its users see only a heads-up notice on Start a Case.
   */
  onboarding: z
    .object({ id: z.number().int(), status: z.number().int(), current_step: z.number().int() })
    .nullable(),
  pivot: z.object({ role: z.string(), all_permissions: z.array(z.string()) }),
});
export type MeOrganization = z.infer<typeof MeOrganization>;

/** The signed-in user (GET /me, login, verify, profile). */
export const MeResponse = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  account_number: z.string().nullable(),
  created_at: z.string(),
  email_verified_at: z.string().nullable(),
  lab_partner_applied_at: z.string().nullable(),
  roles: z.array(UserRoleRef),
  all_permissions: z.array(z.string()),
  additional_emails: z.array(AdditionalEmail),
  organizations: z.array(MeOrganization),
  current_organization_id: z.number().int().nullable(),
  /** The current organization still needs the account setup (/initial-setup): flagged and without a license. */
  initial_setup_required: z.boolean(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const LoginInfo = z.object({
  access_token: z.string(),
  user: MeResponse,
  expires_at: z.string(),
});
export type LoginInfo = z.infer<typeof LoginInfo>;

/**
 * The login answer of an account with two-factor sign-in: not a session yet, a short-lived
 * challenge that POST /login/two-factor exchanges, with a code, for the session.
 */
export const TwoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
  expires_at: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

export const LoginResponse = z.union([LoginInfo, TwoFactorChallenge]);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** Whether a login answer asks for the second step. */
export const needsTwoFactor = (answer: LoginResponse): answer is TwoFactorChallenge =>
  'two_factor_required' in answer && answer.two_factor_required === true;

// ---- sign-up --------------------------------------------------------------------------------

/** Sign-up step 1 (the Next button checks the e-mail on the server). */
export const RegisterStep1Schema = z.object({
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  email: EmailSchema,
});

/** Sign-up step 2. */
export const RegisterStep2Schema = z
  .object({ password: PasswordSchema, password_confirmation: PasswordConfirmationSchema })
  .refine(passwordsMatch, mismatch);

export const RegisterRequest = z
  .object({
    first_name: PersonNameSchema,
    last_name: PersonNameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    password_confirmation: PasswordConfirmationSchema,
    /** Sign-up from /sign-up?lab_partner: an application to become a 3rd Party Partner. */
    lab_partner: z.boolean().optional(),
    altcha: AltchaPayloadSchema,
  })
  .refine(passwordsMatch, mismatch);
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const CheckEmailQuery = z.object({ email: EmailSchema });
export const CheckEmailResponse = z.object({ available: z.literal(true), message: z.string() });

// ---- verification, reset --------------------------------------------------------------------

export const ResendVerificationRequest = z.object({ email: EmailSchema });
export const VerifyRequest = z.object({ token: requiredString().min(1, REQUIRED_MESSAGE).max(200) });
export const VerifyResponse = z.object({ message: z.string(), login_info: LoginInfo });
export type VerifyResponse = z.infer<typeof VerifyResponse>;

/** Forgot password: e-mail valid and required. */
export const RequestResetRequest = z.object({ email: EmailSchema });

export const ResetPasswordRequest = z
  .object({
    token: requiredString().min(1, REQUIRED_MESSAGE).max(200),
    password: PasswordSchema,
    password_confirmation: PasswordConfirmationSchema,
  })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

// ---- invitations ----------------------------------------------------------------------------

export const ConfirmInvitationRequest = z.object({
  token: requiredString().min(1, REQUIRED_MESSAGE).max(200),
});
export const ConfirmInvitationResponse = z.object({
  message: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
});

/** Sign-up from an invitation (/create-user?token=...). */
export const CreateUserFromInvitationRequest = z
  .object({
    token: requiredString().min(1, REQUIRED_MESSAGE).max(200),
    first_name: PersonNameSchema,
    last_name: PersonNameSchema,
    password: PasswordSchema,
    password_confirmation: PasswordConfirmationSchema,
    altcha: AltchaPayloadSchema,
  })
  .refine(passwordsMatch, mismatch);
export type CreateUserFromInvitationRequest = z.input<typeof CreateUserFromInvitationRequest>;

// ---- profile, organization switch, e-mails, settings ----------------------------------------

/** PUT /profile: validated like the user form (without the role). */
export const ProfileUpdateRequest = z.object({
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  email: EmailSchema,
  account_number: AccountNumberSchema.nullable().optional(),
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequest>;

export const ProfileUpdateResponse = z.object({ message: z.string(), user: MeResponse });

export const CurrentOrganizationRequest = z.object({
  organization_id: z.number({ error: REQUIRED_MESSAGE }).int().positive(),
});
export const CurrentOrganizationResponse = z.object({ message: z.string(), user: MeResponse });

export const AddEmailRequest = z.object({ email: EmailSchema });
export const AddEmailResponse = z.object({ message: z.string(), email: AdditionalEmail });
export const EmailIdParams = z.object({ id: z.coerce.number().int().positive() });

export const DEFAULT_ACTIVITY_THROTTLE_SECONDS = 600;

export const SettingsResponse = z.object({
  name_correction: z.object({ replacement: z.string(), forbidden_characters: z.string() }),
  activity_throttle_seconds: z.number().int(),
  aligner_promotion_enabled: z.boolean(),
});
export type SettingsResponse = z.infer<typeof SettingsResponse>;

export const LastActivityResponse = z.object({ last_activity_at: z.string() });

/** The ALTCHA challenge the widget fetches (altcha-lib v2 format). */
export const AltchaChallengeResponse = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
