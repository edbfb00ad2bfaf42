import { z } from 'zod';
import {
  ADDRESS_MESSAGES,
  CountrySchema,
  PostalAddress,
  PostalAddressFields,
  requiredText,
} from './address.ts';
import type { Permission } from './permissions.ts';
import { AccountNumberSchema, EMAIL_INVALID_MESSAGE, EmailSchema, REQUIRED_MESSAGE } from './auth.ts';

/**
 * Organizations: the organization form, members and invitations, billing address, contacts,
 * credits, archive, the quick glance and the management hub search (/organizations-users).
 * Spec: document 3 sections 2.5 (Organization tab), 2.6, 2.7, 3, 4, 5, 6 and 7 'Organizations'.
 * The API validates with these schemas and the web's forms use the same ones (zodResolver).
 */

export const ORGANIZATION_MESSAGES = {
  invalidPhone: ADDRESS_MESSAGES.invalidPhone,
  invalidName: 'Invalid name',
  stateLength: ADDRESS_MESSAGES.invalidState,
  countryCode: ADDRESS_MESSAGES.invalidCountry,
  contactFirstName: 'First Name is required',
  contactTitle: 'Title is required',
  contactEmail: 'Email is invalid',
  creditDates: 'Expiration date must be later than the starting date.',
  creditNumber: 'Must be a number.',
  creditMin: 'Must not be less than 0.',
  creditMax: 'Must not exceed 1000000000.',
  invalidDate: 'Invalid date.',
  accountNumberTaken: 'The account number has already been taken.',
  created: 'Organization successfully created.',
  updated: 'Organization successfully updated.',
  deleted: 'Organization successfully deleted.',
  deleteHasRecords:
    'The organization has patients or invoices and cannot be deleted. Please archive it instead.',
  archived: 'Organization successfully archived.',
  unarchived: 'Organization successfully restored.',
  alreadyArchived: 'The organization is already archived.',
  notArchived: 'The organization is not archived.',
  readOnlyArchived: 'The organization is archived and cannot be changed.',
  readOnlyDisabled: 'The organization is disabled and cannot be changed.',
  invited: 'The invitation has been sent.',
  inviteRole: 'The selected role is invalid.',
  alreadyMember: 'The user is already a member of this organization.',
  memberAdded: 'Member successfully added.',
  memberRemoved: 'Member successfully removed.',
  notMember: 'The user is not a member of this organization.',
  userNotFound: 'The selected user is invalid.',
  roleChanged: 'Role successfully changed.',
  notYourself: 'You cannot change or remove yourself.',
  billingSaved: 'Billing address successfully saved.',
  contactsSaved: 'Contacts successfully saved.',
  creditAdded: 'Credit successfully added.',
  inviteToCreateSent: 'The invitation to create an organization has been sent.',
  archivedFilterForbidden: 'You are not allowed to see archived organizations.',
} as const;

/** Organization membership roles (pivot). The invite form offers these two only. */
export const ORGANIZATION_MEMBER_ROLES = [
  'organization_owner',
  'organization_manager',
  'organization_member',
] as const;
export const INVITE_ROLES = ['organization_owner', 'organization_member'] as const;

const requiredString = () => z.string({ error: REQUIRED_MESSAGE });

export const OrganizationIdParams = z.object({ id: z.coerce.number().int().positive() });
export type OrganizationIdParams = z.infer<typeof OrganizationIdParams>;

// ---- organization form ----------------------------------------------------------------------

/** Organization type name: 2 to 20 letters and spaces. */
export const OrganizationTypeNameSchema = requiredString()
  .trim()
  .regex(/^[A-Za-z ]{2,20}$/, ORGANIZATION_MESSAGES.invalidName);

/** PUT /organizations/{id}. organization_type only with the type permission (else 403). */
export const OrganizationUpdateRequest = z.object({
  name: requiredText(),
  account_number: AccountNumberSchema.nullable().optional(),
  organization_type: OrganizationTypeNameSchema.nullable().optional(),
  management_notes: z.string().max(10_000).nullable().optional(),
  easy_rx_practice_id: z.string().trim().max(255).nullable().optional(),
  customer_service_manager_user_id: z.number().int().positive().nullable().optional(),
});
export type OrganizationUpdateRequest = z.input<typeof OrganizationUpdateRequest>;

/**
 * POST /organizations: the organization form (name required; account number 6 to 20; type 2 to
 * 20 letters and spaces, only with the type permission, else 403). Management only: the gate is
 * CREATE_ORGANIZATION_PERMISSIONS.
 */
export const OrganizationCreateRequest = z.object({
  name: requiredText(),
  account_number: AccountNumberSchema.nullable().optional(),
  /** Empty means none (the form's field left blank). */
  organization_type: requiredString()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z ]{2,20}$/.test(v), ORGANIZATION_MESSAGES.invalidName)
    .nullable()
    .optional(),
});
export type OrganizationCreateRequest = z.input<typeof OrganizationCreateRequest>;
/** Who may create an organization (the Create Organization button and POST /organizations). */
export const CREATE_ORGANIZATION_PERMISSIONS = [
  'organizations.manage',
] as const satisfies readonly Permission[];
/** Who may set the organization type on the organization form. */
export const ORGANIZATION_TYPE_PERMISSIONS = [
  'organizations.assign-organization-type',
  'organization-types.manage',
] as const satisfies readonly Permission[];
/** Who may add an existing user to an organization (Add Member). */
export const ADD_MEMBER_PERMISSIONS = [
  'organizations.add_member',
  'organizations.manage',
] as const satisfies readonly Permission[];
/** Who may invite an e-mail to an organization (Invite User). */
export const INVITE_MEMBER_PERMISSIONS = [
  'organization.update',
  'organizations.manage',
] as const satisfies readonly Permission[];

// ---- members and invitations ----------------------------------------------------------------

export const InviteMemberRequest = z.object({
  email: EmailSchema,
  role: z.enum(INVITE_ROLES, { error: ORGANIZATION_MESSAGES.inviteRole }).default('organization_member'),
});
export type InviteMemberRequest = z.input<typeof InviteMemberRequest>;

const MemberRole = z.enum(ORGANIZATION_MEMBER_ROLES, { error: ORGANIZATION_MESSAGES.inviteRole });
const UserIdField = z.number({ error: REQUIRED_MESSAGE }).int().positive();

export const AddMemberRequest = z.object({
  user_id: UserIdField,
  role: MemberRole.default('organization_member'),
});
export type AddMemberRequest = z.input<typeof AddMemberRequest>;
export const RemoveMemberRequest = z.object({ user_id: UserIdField });
export type RemoveMemberRequest = z.input<typeof RemoveMemberRequest>;
export const ChangeRoleRequest = z.object({ user_id: UserIdField, role: MemberRole });
export type ChangeRoleRequest = z.input<typeof ChangeRoleRequest>;

export const SendInviteToCreateRequest = z.object({ email: EmailSchema });
export type SendInviteToCreateRequest = z.input<typeof SendInviteToCreateRequest>;

// ---- billing address ------------------------------------------------------------------------

/** All fields required ('Required') except street_address_line_2; country defaults to USA. */
export const BillingAddressSchema = PostalAddressFields.extend({ country: CountrySchema.default('USA') });
export type BillingAddressRequest = z.input<typeof BillingAddressSchema>;
export const BillingAddress = PostalAddress;
export type BillingAddress = z.infer<typeof BillingAddress>;
export const BillingAddressResponse = z.object({ billing_address: BillingAddress, message: z.string() });

// ---- contacts -------------------------------------------------------------------------------

export const ContactSchema = z.object({
  /** Existing contacts keep their id; new ones (is_new, temporary id) are sent without one. */
  id: z.number().int().positive().optional(),
  first_name: z
    .string({ error: ORGANIZATION_MESSAGES.contactFirstName })
    .trim()
    .min(1, ORGANIZATION_MESSAGES.contactFirstName)
    .max(255),
  last_name: z.string().trim().max(255).nullable().optional(),
  title: z
    .string({ error: ORGANIZATION_MESSAGES.contactTitle })
    .trim()
    .min(1, ORGANIZATION_MESSAGES.contactTitle)
    .max(255),
  email: z
    .string({ error: ORGANIZATION_MESSAGES.contactEmail })
    .trim()
    .max(255, EMAIL_INVALID_MESSAGE)
    .pipe(z.email({ error: ORGANIZATION_MESSAGES.contactEmail })),
  phone_number: z.string().trim().max(32).nullable().optional(),
  notes: z.string().max(10_000).nullable().optional(),
});
export type ContactInput = z.input<typeof ContactSchema>;
/** PUT /organizations/{id}/contacts replaces the whole list. */
export const ContactsRequest = z.object({ contacts: z.array(ContactSchema).max(100) });
export type ContactsRequest = z.input<typeof ContactsRequest>;
export const Contact = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  title: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Contact = z.infer<typeof Contact>;
export const ContactsResponse = z.object({ contacts: z.array(Contact) });
export const ContactsSavedResponse = z.object({ contacts: z.array(Contact), message: z.string() });

// ---- credits --------------------------------------------------------------------------------

const DateSchema = requiredString()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}/, { error: ORGANIZATION_MESSAGES.invalidDate, abort: true })
  .refine((v) => !Number.isNaN(Date.parse(v)), ORGANIZATION_MESSAGES.invalidDate)
  .transform((v) => v.slice(0, 10));

export const CreditRequest = z
  .object({
    value: z.coerce
      .number({ error: ORGANIZATION_MESSAGES.creditNumber })
      .min(0, ORGANIZATION_MESSAGES.creditMin)
      .max(1e9, ORGANIZATION_MESSAGES.creditMax),
    valid_from: DateSchema,
    valid_to: DateSchema,
  })
  .refine((v) => v.valid_to > v.valid_from, {
    path: ['valid_to'],
    message: ORGANIZATION_MESSAGES.creditDates,
  });
export type CreditRequest = z.input<typeof CreditRequest>;
export const Credit = z.object({
  id: z.number().int(),
  value: z.number(),
  valid_from: z.string(),
  valid_to: z.string(),
  created_at: z.string(),
});
export type Credit = z.infer<typeof Credit>;
export const CreditResponse = z.object({ credit: Credit, message: z.string() });

// ---- entities -------------------------------------------------------------------------------

export const OrganizationMember = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  roles: z.array(z.object({ name: z.string() })),
  deleted_at: z.string().nullable(),
  pivot: z.object({ role: z.string(), created_at: z.string() }),
});
export type OrganizationMember = z.infer<typeof OrganizationMember>;
export const MembersResponse = z.object({ data: z.array(OrganizationMember) });

export const OrganizationLocation = z.object({
  id: z.number().int(),
  location_name: z.string(),
  full_address: z.string(),
  created_at: z.string(),
});
export type OrganizationLocation = z.infer<typeof OrganizationLocation>;
export const AssignedLocationsResponse = z.object({ locations: z.array(OrganizationLocation) });

export const OrganizationType = z.object({ id: z.number().int(), name: z.string() });
export const OrganizationTypesResponse = z.object({ data: z.array(OrganizationType) });

/** A row of GET /organizations. */
export const OrganizationSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  account_number: z.string().nullable(),
  organization_type: z.string().nullable(),
  organization_type_id: z.number().int().nullable(),
  disabled_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  customer_service_manager_user_id: z.number().int().nullable(),
  joined_at: z.string(),
  number_of_users: z.number().int(),
});
export type OrganizationSummary = z.infer<typeof OrganizationSummary>;

export const ORGANIZATION_ORDER_BY = ['name', '-name', 'created_at', '-created_at'] as const;
export const OrganizationsListQuery = z.object({
  searchString: z.string().trim().max(255).optional(),
  customerServiceManager: z.coerce.number().int().positive().optional(),
  orderBy: z.enum(ORGANIZATION_ORDER_BY).default('name'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type OrganizationsListQuery = z.input<typeof OrganizationsListQuery>;
export const OrganizationPageMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export const OrganizationsListResponse = z.object({
  organizations: z.object({ data: z.array(OrganizationSummary), meta: OrganizationPageMeta }),
});

export const OrganizationContract = z.object({
  id: z.number().int(),
  payment_status: z.string(),
  suspended_at: z.string().nullable(),
  next_payment_date: z.string().nullable(),
  last_payment_date: z.string().nullable(),
  invoice_version: z.string(),
  license: z
    .object({
      id: z.number().int(),
      license_type: z.object({ id: z.number().int(), name: z.string(), allow_buy_seats: z.boolean() }),
    })
    .nullable(),
});

/** GET /organizations/{id}: the organization with users, credits, contract, locations and billing address. */
export const OrganizationDetail = OrganizationSummary.extend({
  webhooks_enabled: z.boolean().nullable(),
  enable_custom_bracket_sets: z.boolean(),
  management_notes: z.string().nullable(),
  easy_rx_practice_id: z.string().nullable(),
  contract_id: z.number().int().nullable(),
  onboarding_id: z.number().int().nullable(),
  status: z.number().int(),
  users: z.array(OrganizationMember),
  credits: z.array(Credit),
  contract: OrganizationContract.nullable(),
  locations: z.array(OrganizationLocation),
  payment_info: z.object({ customer_id: z.string().nullable(), billing_address: BillingAddress.nullable() }),
});
export type OrganizationDetail = z.infer<typeof OrganizationDetail>;
export const OrganizationResponse = z.object({ organization: OrganizationDetail });
export const OrganizationMessageResponse = z.object({
  organization: OrganizationDetail,
  message: z.string(),
});
export const ChangeRoleResponse = z.object({ user: OrganizationMember, message: z.string() });

/** GET /organizations/{id}/quick_glance (one query). */
export const QuickGlance = z.object({
  account_number: z.string().nullable(),
  joined_at: z.string(),
  newest_case_submission: z.string().nullable(),
  number_of_users: z.number().int(),
  number_of_patients: z.number().int(),
  /** The customer service manager (a staff member), when assigned. */
  manager: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  /** The practice's own organization managers (organization_user role organization_manager). */
  organization_managers: z.array(z.object({ id: z.number().int(), full_name: z.string() })),
  payment: z
    .object({
      payment_status: z.string(),
      suspended_at: z.string().nullable(),
      next_payment_date: z.string().nullable(),
    })
    .nullable(),
  onboarding: z
    .object({ id: z.number().int(), status: z.number().int(), current_step: z.number().int() })
    .nullable(),
});
export type QuickGlance = z.infer<typeof QuickGlance>;
export const QuickGlanceResponse = z.object({ data: QuickGlance });

// ---- the management hub search --------------------------------------------------------------

/**
 * Status buckets (dashboard and search), derived from the data:
 *  6 Archived   deleted_at set (organization, user) or the location's organization archived;
 *  1 Leads      no contract and no license yet (doctor: no license issued to them);
 *  2 Onboarding onboarding not completed, or set up but no case submitted yet;
 *  3 New        first case submission within the last 30 days;
 *  4 Active     a case submitted within the last 60 days;
 *  5 Passive    no case submitted for 60 days.
 * A location has its organization's bucket; users other than doctors have none.
 */
export const ORGANIZATION_STATUSES = {
  1: 'Leads',
  2: 'Onboarding',
  3: 'New',
  4: 'Active',
  5: 'Passive',
  6: 'Archived',
} as const;
export type OrganizationStatus = keyof typeof ORGANIZATION_STATUSES;
export const NEW_WITHIN_DAYS = 30;
export const ACTIVE_WITHIN_DAYS = 60;

export const HUB_SORTS = [
  'relevance',
  'newest_to_join',
  'oldest_to_join',
  'most_submissions',
  'least_submissions',
  'newest_submission',
  'oldest_submission',
  'login',
  'activity',
  'submission_average',
] as const;
export type HubSort = (typeof HUB_SORTS)[number];
export const SEARCH_PAGE_SIZES = [10, 15, 25, 50, 100] as const;

const boolish = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

export const HubSearchQuery = z.object({
  q: z.string().trim().max(255).optional(),
  'filter[roles]': z.enum(['organization', 'doctor']).optional(),
  'filter[status]': z.coerce.number().int().min(1).max(6).optional(),
  'filter[archived]': boolish.optional(),
  sort: z.enum(HUB_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine(
      (v) => (SEARCH_PAGE_SIZES as readonly number[]).includes(v),
      'Page size must be 10, 15, 25, 50 or 100.',
    )
    .default(10),
});
export type HubSearchQuery = z.input<typeof HubSearchQuery>;
export type HubSearchFilters = z.output<typeof HubSearchQuery>;

export const SearchHit = z.object({
  model: z.enum(['user', 'organization', 'location']),
  model_id: z.number().int(),
  full_name: z.string(),
  roles: z.array(z.string()),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  organization_account_number: z.string().nullable(),
  is_archived: z.boolean(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  street_address: z.string().nullable(),
  street_address_line_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zip_code: z.string().nullable(),
  full_address: z.string().nullable(),
  locations: z.array(z.object({ id: z.number().int(), location_name: z.string() })),
  last_login_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  joined_at: z.string(),
  status: z.number().int().nullable(),
  contract_id: z.number().int().nullable(),
  onboarding_id: z.number().int().nullable(),
  onboarding: z
    .object({ id: z.number().int(), status: z.number().int(), current_step: z.number().int() })
    .nullable(),
  payment: z.object({ payment_status: z.string(), suspended_at: z.string().nullable() }).nullable(),
  customized_fees: z.boolean(),
  invoice_version: z.string().nullable(),
  submissions: z.number().int(),
  newest_case_submission: z.string().nullable(),
  average_monthly_submissions: z.number(),
  /** Which quick links apply: 'organization', 'doctor', 'user' or 'location'. */
  filter: z.string(),
});
export type SearchHit = z.infer<typeof SearchHit>;
export const HubSearchResponse = z.object({ data: z.array(SearchHit), meta: OrganizationPageMeta });
export type HubSearchResponse = z.infer<typeof HubSearchResponse>;
export const HUB_EMPTY_MESSAGE =
  "We couldn't find any results matching your search! Please, try using different keywords.";
