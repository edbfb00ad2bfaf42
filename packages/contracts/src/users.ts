import { z } from 'zod';
import {
  AccountNumberSchema,
  EMAIL_TAKEN_MESSAGE,
  EmailSchema,
  PersonNameSchema,
  REQUIRED_MESSAGE,
} from './auth.ts';
import { ORGANIZATION_ROLES, ROLES } from './roles.ts';

/**
 * Users. Spec: document 1 sections 3, 6, 7; document 3 sections 2.8, 6, 7.
 * (Custom permissions first; the other user schemas join this file.)
 */

export const UserIdParams = z.object({ id: z.coerce.number().int().positive() });
export type UserIdParams = z.infer<typeof UserIdParams>;

/** One row of the user page's "Additional User Permissions" list. */
export const CustomPermissionItem = z.object({
  permission: z.string(),
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
});
export type CustomPermissionItem = z.infer<typeof CustomPermissionItem>;

/** GET /users/{id}/custom_permissions */
export const CustomPermissionsResponse = z.object({ data: z.array(CustomPermissionItem) });
export type CustomPermissionsResponse = z.infer<typeof CustomPermissionsResponse>;

export const CUSTOM_PERMISSION_MESSAGES = {
  required: 'The permission field is required.',
  invalid: 'The selected permission is invalid.',
  enabled: 'Custom permission enabled.',
  disabled: 'Custom permission disabled.',
  /** Empty state of the list on the user page. */
  empty: 'No custom permissions found.',
} as const;

/** PUT /users/{id}/toggle_custom_permission */
export const ToggleCustomPermissionRequest = z.object({
  permission: z
    .string({ error: CUSTOM_PERMISSION_MESSAGES.required })
    .trim()
    .min(1, { error: CUSTOM_PERMISSION_MESSAGES.required }),
});
export type ToggleCustomPermissionRequest = z.infer<typeof ToggleCustomPermissionRequest>;

export const ToggleCustomPermissionResponse = z.object({
  message: z.string(),
  permission: CustomPermissionItem,
});
export type ToggleCustomPermissionResponse = z.infer<typeof ToggleCustomPermissionResponse>;

// ---- the user form, list and lifecycle (document 1 sections 5-7; document 3 sections 2.8, 5-7) ----

export const USERS_DEFAULT_PAGE_SIZE = 15;
/** The license form loads up to 500 users in one page. */
export const USERS_MAX_PAGE_SIZE = 500;

export const USER_MESSAGES = {
  created: 'User successfully created.',
  updated: 'User successfully updated.',
  archived: 'User successfully archived.',
  restored: 'User successfully restored.',
  deleted: 'User successfully deleted.',
  emailTaken: EMAIL_TAKEN_MESSAGE,
  accountNumberTaken: 'The account number has already been taken.',
  archivedReadOnly: 'This user is archived and cannot be changed.',
  alreadyArchived: 'This user is already archived.',
  notArchived: 'This user is not archived.',
  ownAccountDelete: 'You cannot delete your own account.',
  ownAccountArchive: 'You cannot archive your own account.',
  ownRole: 'You cannot change your own role.',
  invalidRole: 'The selected role is invalid.',
  invalidOrganization: 'The selected organization is invalid.',
  invalidNotification: 'The selected name is invalid.',
  notificationsUpdated: 'Notification settings successfully updated.',
  whitehatUpdated: 'Whitehat integration successfully updated.',
  whitehatUsername: 'Please provide username.',
  whitehatPassword: 'Please provide password.',
} as const;

/** A page of a list: Laravel-style numbers the web's tables understand. */
export const PaginationMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PaginationMeta = z.infer<typeof PaginationMeta>;

const pageParam = () =>
  z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be an integer.')
    .min(1, 'The page must be at least 1.')
    .default(1);

const perPageParam = (defaultSize: number, max: number) =>
  z.coerce
    .number({ error: 'The per page must be a number.' })
    .int('The per page must be an integer.')
    .min(1, 'The per page must be at least 1.')
    .max(max, `The per page must not be greater than ${max}.`)
    .default(defaultSize);

/** `page` and `per_page` query parameters (default page size 15, at most `max`). */
export function pagingQuery(defaultSize: number, max: number) {
  return { page: pageParam(), per_page: perPageParam(defaultSize, max) };
}

/** `page` and `perPage` query parameters (the lists whose calls name it so: onboardings, batches). */
export function camelPagingQuery(defaultSize: number, max: number) {
  return { page: pageParam(), perPage: perPageParam(defaultSize, max) };
}

/** A query parameter given once, several times, or comma separated: always a list. */
function listParam<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const list = Array.isArray(v) ? v : [v];
    return list
      .flatMap((x) => String(x).split(','))
      .map((x) => x.trim())
      .filter(Boolean);
  }, z.array(item).optional());
}

export const USER_ORDER_BY = [
  'newest',
  'oldest',
  'name_asc',
  'name_desc',
  'email_asc',
  'email_desc',
] as const;
export type UserOrderBy = (typeof USER_ORDER_BY)[number];

const roleItem = z.enum(ROLES, { error: USER_MESSAGES.invalidRole });

/** GET /users */
export const ListUsersQuery = z.object({
  organizationId: z.coerce.number({ error: USER_MESSAGES.invalidOrganization }).int().positive().optional(),
  searchFullNameEmailQuery: z.string().trim().max(255).optional(),
  roles: listParam(roleItem),
  'roles[]': listParam(roleItem),
  orderBy: z.enum(USER_ORDER_BY, { error: 'The selected order is invalid.' }).default('newest'),
  ...pagingQuery(USERS_DEFAULT_PAGE_SIZE, USERS_MAX_PAGE_SIZE),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const UserOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  account_number: z.string().nullable(),
  pivot: z.object({ role: z.string() }),
});

/** One row of the users list. */
export const UserListItem = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  account_number: z.string().nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  roles: z.array(z.object({ name: z.string() })),
  organizations: z.array(UserOrganization),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const ListUsersResponse = z.object({
  users: z.object({ data: z.array(UserListItem), meta: PaginationMeta }),
});
export type ListUsersResponse = z.infer<typeof ListUsersResponse>;

/** GET /users/{id}: the user page. */
export const UserDetail = UserListItem.extend({
  all_permissions: z.array(z.string()),
  additional_emails: z.array(z.object({ id: z.number().int(), email: z.string() })),
  email_verified_at: z.string().nullable(),
  last_login_at: z.string().nullable(),
});
export type UserDetail = z.infer<typeof UserDetail>;

export const UserResponse = z.object({ user: UserDetail });
export const UserMessageResponse = z.object({ message: z.string(), user: UserDetail });
export type UserMessageResponse = z.infer<typeof UserMessageResponse>;

const requiredRole = z
  .string({ error: REQUIRED_MESSAGE })
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .pipe(roleItem);

/** The user form: first_name, last_name, email and role required; account number optional. */
export const UserFormSchema = z.object({
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  email: EmailSchema,
  role: requiredRole,
  account_number: AccountNumberSchema.nullable().optional(),
});

/** PUT /users/{id} */
export const UpdateUserRequest = UserFormSchema;
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

/** POST /users: the form, optionally placing the new user in an organization. */
export const CreateUserRequest = UserFormSchema.extend({
  organization_id: z
    .number({ error: USER_MESSAGES.invalidOrganization })
    .int()
    .positive()
    .nullable()
    .optional(),
  organization_role: z
    .enum(ORGANIZATION_ROLES, { error: USER_MESSAGES.invalidRole })
    .default('organization_member'),
});
export type CreateUserRequest = z.input<typeof CreateUserRequest>;

// ---- whitehat integration ---------------------------------------------------------------------

/** POST /users/{id}/whitehat-integration: when enabled, username and password are required. */
export const WhitehatIntegrationRequest = z
  .object({
    enabled: z.boolean({ error: REQUIRED_MESSAGE }),
    username: z.string().trim().max(255).nullable().optional(),
    password: z.string().max(255).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    if (!v.username)
      ctx.addIssue({ code: 'custom', path: ['username'], message: USER_MESSAGES.whitehatUsername });
    if (!v.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: USER_MESSAGES.whitehatPassword });
  });
export type WhitehatIntegrationRequest = z.input<typeof WhitehatIntegrationRequest>;

/** The stored settings; the password is never sent back, only whether one is stored. */
export const WhitehatIntegration = z.object({
  enabled: z.boolean(),
  username: z.string().nullable(),
  has_password: z.boolean(),
});
export type WhitehatIntegration = z.infer<typeof WhitehatIntegration>;

export const WhitehatIntegrationResponse = z.object({
  data: WhitehatIntegration,
  metadata: z.object({
    browser_extension_settings: z.object({ enabled: z.boolean(), username: z.string().nullable() }),
  }),
});
export type WhitehatIntegrationResponse = z.infer<typeof WhitehatIntegrationResponse>;

export const WhitehatIntegrationUpdateResponse = WhitehatIntegrationResponse.extend({ message: z.string() });

// ---- the user's own notification settings -----------------------------------------------------

/** Keys of the notification settings (document 3 section 3). */
export const NOTIFICATION_SETTING_KEYS = [
  'low_bracket_inventory',
  'initial_case_setup_request',
  'initial_case_setup_completed',
  'print_tray_request',
  'flawed_tray_correction_request',
  'print_tray_completed',
  'flawed_tray_corrected',
  'monthly_invoice',
  'payment_failed',
  'pending_case_approval_reminder',
  'case_on_hold',
  'new_case_note_for_doctor',
  'tray_design_request_completed',
] as const;
/** Doctors see only this one. */
export const DOCTOR_NOTIFICATION_SETTING_KEYS = ['rush_case'] as const;

/** The keys that apply to a user of the given roles. */
export function notificationSettingKeysFor(roles: readonly string[]): readonly string[] {
  return roles.includes('doctor') ? DOCTOR_NOTIFICATION_SETTING_KEYS : NOTIFICATION_SETTING_KEYS;
}

export const NotificationSetting = z.object({ name: z.string(), enabled: z.boolean() });
export type NotificationSetting = z.infer<typeof NotificationSetting>;
export const NotificationSettingsResponse = z.object({ data: z.array(NotificationSetting) });
export const ToggleNotificationSettingRequest = z.object({
  name: z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(100),
});
export const ToggleNotificationSettingResponse = z.object({ message: z.string(), data: NotificationSetting });
