import { z } from 'zod';

/**
 * User notifications and announcements (document 1 sections 2.3, 3, 7; document 3 sections 3, 4, 5).
 */

/** Notification types the portal raises; 'rush_case' marks a rush case for the bell. */
export const NOTIFICATION_TYPES = ['general', 'rush_case'] as const;

export const NOTIFICATIONS_PAGE_SIZE = 25;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

/** User notification: id, message, link, read_at, created_at, type, patient_id, patient_name. */
export const Notification = z.object({
  id: z.number().int(),
  message: z.string(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  type: z.string(),
  patient_id: z.number().int().nullable(),
  patient_name: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** GET /notifications: newest first; `cursor` is the next_cursor of the previous page. */
export const NotificationListQuery = z.object({
  cursor: z.string().regex(/^\d+$/, 'The cursor is invalid.').optional(),
  per_page: z.coerce
    .number({ error: 'The per page must be a number.' })
    .int('The per page must be an integer.')
    .min(1, 'The per page must be at least 1.')
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, `The per page must not be greater than ${NOTIFICATIONS_MAX_PAGE_SIZE}.`)
    .default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationListResponse = z.object({
  data: z.array(Notification),
  unread_count: z.number().int(),
  /** Pass as `cursor` to get the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

export const NotificationIdParams = z.object({
  id: z.coerce.number({ error: 'The id must be a number.' }).int().positive(),
});

export const MarkNotificationReadResponse = z.object({
  message: z.string(),
  notification: Notification,
  unread_count: z.number().int(),
});
export type MarkNotificationReadResponse = z.infer<typeof MarkNotificationReadResponse>;

export const MarkAllNotificationsReadResponse = z.object({
  message: z.string(),
  /** How many notifications this call marked as read. */
  updated: z.number().int(),
  unread_count: z.number().int(),
});
export type MarkAllNotificationsReadResponse = z.infer<typeof MarkAllNotificationsReadResponse>;

export const NOTIFICATION_MARKED_READ_MESSAGE = 'Notification marked as read.';
export const NOTIFICATIONS_MARKED_READ_MESSAGE = 'All notifications marked as read.';
export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found.';

/** Payload of the real-time 'notification' event on user.{id}. */
export const NotificationEvent = z.object({ notification: Notification });
export type NotificationEvent = z.infer<typeof NotificationEvent>;

// --- Announcements -------------------------------------------------------------------------

/** doctor: shown to practice users; internal: shown to management staff only. */
export const ANNOUNCEMENT_VISIBILITIES = ['doctor', 'internal'] as const;
export type AnnouncementVisibility = (typeof ANNOUNCEMENT_VISIBILITIES)[number];

export const ANNOUNCEMENT_MAX_LENGTH = 16_777_000;
export const ANNOUNCEMENT_MAX_LENGTH_MESSAGE = 'Maximum character limit exceeded.';

/** Announcement: id, body, visibility, updated_at, last_updated_by. */
export const Announcement = z.object({
  id: z.number().int(),
  body: z.string(),
  visibility: z.enum(ANNOUNCEMENT_VISIBILITIES),
  updated_at: z.string(),
  last_updated_by: z.string().nullable(),
});
export type Announcement = z.infer<typeof Announcement>;

/**
 * GET /settings/announcements. Without `scope` the caller gets what its profile shows (practice:
 * doctor; management: internal). `scope=all` returns both, for the settings editor
 * (needs announcement.update).
 */
export const AnnouncementListQuery = z.object({
  scope: z.enum(['all'], { error: 'The scope must be all.' }).optional(),
});
export type AnnouncementListQuery = z.infer<typeof AnnouncementListQuery>;

export const AnnouncementListResponse = z.object({ announcements: z.array(Announcement) });
export type AnnouncementListResponse = z.infer<typeof AnnouncementListResponse>;

/**
 * PUT /settings/announcements: sets the announcement of one visibility.
 * An empty (or missing) body deletes it.
 */
export const UpdateAnnouncementRequest = z.object({
  visibility: z.enum(ANNOUNCEMENT_VISIBILITIES, { error: 'The visibility must be doctor or internal.' }),
  body: z
    .string({ error: 'The body must be a string.' })
    .max(ANNOUNCEMENT_MAX_LENGTH, ANNOUNCEMENT_MAX_LENGTH_MESSAGE)
    .nullish(),
});
export type UpdateAnnouncementRequest = z.infer<typeof UpdateAnnouncementRequest>;

export const UpdateAnnouncementResponse = z.object({
  message: z.string(),
  /** null when the call deleted the announcement. */
  announcement: Announcement.nullable(),
});
export type UpdateAnnouncementResponse = z.infer<typeof UpdateAnnouncementResponse>;

export const ANNOUNCEMENT_UPDATED_MESSAGE = 'Announcement successfully updated.';
export const ANNOUNCEMENT_DELETED_MESSAGE = 'Announcement successfully deleted.';

/**
 * Payload of the real-time 'announcement-updated' event on the general channel. Everyone listens
 * there, so it carries no body (an internal text must not reach practice users): clients refetch.
 */
export const AnnouncementUpdatedEvent = z.object({ visibility: z.enum(ANNOUNCEMENT_VISIBILITIES) });
export type AnnouncementUpdatedEvent = z.infer<typeof AnnouncementUpdatedEvent>;

// --- Email and Text Notifications of an organization -------------------------------------------

/**
 * The keys of an organization's e-mail and text notification settings (document 3 section 3). The
 * same keys as the users' settings; repeated here so this file stays free of imports.
 */
export const ORGANIZATION_NOTIFICATION_KEYS = [
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
export type OrganizationNotificationKey = (typeof ORGANIZATION_NOTIFICATION_KEYS)[number];

export function isOrganizationNotificationKey(value: string): value is OrganizationNotificationKey {
  return (ORGANIZATION_NOTIFICATION_KEYS as readonly string[]).includes(value);
}

/** How each key reads on the Email and Text Notifications section. */
export const ORGANIZATION_NOTIFICATION_LABELS: Record<OrganizationNotificationKey, string> = {
  low_bracket_inventory: 'Low Bracket Inventory',
  initial_case_setup_request: 'Initial Case Setup Request',
  initial_case_setup_completed: 'Initial Case Setup Completed',
  print_tray_request: 'Print Tray Request',
  flawed_tray_correction_request: 'Flawed Tray Correction Request',
  print_tray_completed: 'Print Tray Completed',
  flawed_tray_corrected: 'Flawed Tray Corrected',
  monthly_invoice: 'Monthly Invoice',
  payment_failed: 'Payment Failed',
  pending_case_approval_reminder: 'Pending Case Approval Reminder',
  case_on_hold: 'Case On Hold',
  new_case_note_for_doctor: 'New Case Note For Doctor',
  tray_design_request_completed: 'Tray Design Request Completed',
};

export const NOTIFICATION_SETTINGS_MESSAGES = {
  updated: 'Notification settings successfully updated.',
  invalidEmail: 'Email is invalid',
  invalidPhone: 'Invalid phone number.',
  duplicateEmail: 'The email is already on the list.',
  duplicatePhone: 'The phone number is already on the list.',
  tooManyEmails: 'At most 20 additional emails are allowed.',
  tooManyPhones: 'At most 10 phone numbers are allowed.',
  disableNeedsEmail: 'Add at least one additional email to disable the default recipients.',
  enabledBoolean: 'The enabled field must be true or false.',
} as const;

export const NOTIFICATION_MAX_EMAILS = 20;
export const NOTIFICATION_MAX_PHONES = 10;

/**
 * A notification phone (document 3 section 5): 10 to 13 digits with an optional leading plus,
 * parentheses and separators (spaces, dots, dashes).
 */
export function isNotificationPhone(value: string): boolean {
  const v = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(v)) return false;
  if (v.indexOf('+') > 0) return false;
  const digits = v.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 13;
}

/**
 * The E.164 form a text message is sent to: the digits with a plus; ten digits without a plus are a
 * North American number (+1 added).
 */
export function smsAddressOf(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (!phone.trim().startsWith('+') && digits.length === 10) return `+1${digits}`;
  return `+${digits}`;
}

/** Whether a string is an e-mail address (the same rule as the sign-up forms). */
export function isNotificationEmail(value: string): boolean {
  return value.length <= 255 && z.email().safeParse(value).success;
}

/** One key's settings as the section edits them. */
export const OrganizationNotificationSettingInput = z
  .object({
    enabled: z.boolean({ error: NOTIFICATION_SETTINGS_MESSAGES.enabledBoolean }),
    additional_emails: z
      .array(
        z
          .string({ error: NOTIFICATION_SETTINGS_MESSAGES.invalidEmail })
          .trim()
          .refine(isNotificationEmail, NOTIFICATION_SETTINGS_MESSAGES.invalidEmail),
        { error: NOTIFICATION_SETTINGS_MESSAGES.invalidEmail },
      )
      .max(NOTIFICATION_MAX_EMAILS, NOTIFICATION_SETTINGS_MESSAGES.tooManyEmails)
      .default([]),
    is_disable_default_recipients: z.boolean().default(false),
    phone_numbers: z
      .array(
        z
          .string({ error: NOTIFICATION_SETTINGS_MESSAGES.invalidPhone })
          .trim()
          .refine(isNotificationPhone, NOTIFICATION_SETTINGS_MESSAGES.invalidPhone),
        { error: NOTIFICATION_SETTINGS_MESSAGES.invalidPhone },
      )
      .max(NOTIFICATION_MAX_PHONES, NOTIFICATION_SETTINGS_MESSAGES.tooManyPhones)
      .default([]),
  })
  .superRefine((v, ctx) => {
    const emails = v.additional_emails.map((e) => e.toLowerCase());
    if (new Set(emails).size !== emails.length)
      ctx.addIssue({
        code: 'custom',
        path: ['additional_emails'],
        message: NOTIFICATION_SETTINGS_MESSAGES.duplicateEmail,
      });
    const phones = v.phone_numbers.map(smsAddressOf);
    if (new Set(phones).size !== phones.length)
      ctx.addIssue({
        code: 'custom',
        path: ['phone_numbers'],
        message: NOTIFICATION_SETTINGS_MESSAGES.duplicatePhone,
      });
    if (v.is_disable_default_recipients && v.additional_emails.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['is_disable_default_recipients'],
        message: NOTIFICATION_SETTINGS_MESSAGES.disableNeedsEmail,
      });
  });
export type OrganizationNotificationSettingInput = z.output<typeof OrganizationNotificationSettingInput>;

/** PUT /organizations/{id}/notification-settings: the settings per key (keys left out keep theirs). */
export const UpdateOrganizationNotificationSettingsRequest = z.object(
  Object.fromEntries(
    ORGANIZATION_NOTIFICATION_KEYS.map((k) => [k, OrganizationNotificationSettingInput.optional()]),
  ) as Record<OrganizationNotificationKey, z.ZodOptional<typeof OrganizationNotificationSettingInput>>,
);
export type UpdateOrganizationNotificationSettingsRequest = z.output<
  typeof UpdateOrganizationNotificationSettingsRequest
>;

export const OrganizationNotificationSetting = z.object({
  key: z.enum(ORGANIZATION_NOTIFICATION_KEYS),
  label: z.string(),
  enabled: z.boolean(),
  additional_emails: z.array(z.string()),
  is_disable_default_recipients: z.boolean(),
  phone_numbers: z.array(z.string()),
});
export type OrganizationNotificationSetting = z.infer<typeof OrganizationNotificationSetting>;

/** GET /organizations/{id}/notification-settings: every key (defaults until saved) and suggestions. */
export const OrganizationNotificationSettingsResponse = z.object({
  data: z.array(OrganizationNotificationSetting),
  metadata: z.object({
    /** The e-mails of the organization's members, offered when adding an additional email. */
    email_suggestions: z.array(z.string()),
  }),
});
export type OrganizationNotificationSettingsResponse = z.infer<
  typeof OrganizationNotificationSettingsResponse
>;

export const UpdateOrganizationNotificationSettingsResponse = OrganizationNotificationSettingsResponse.extend(
  {
    message: z.string(),
  },
);
export type UpdateOrganizationNotificationSettingsResponse = z.infer<
  typeof UpdateOrganizationNotificationSettingsResponse
>;

/** A key's settings before the organization saves any: on, default recipients only, no texts. */
export function defaultOrganizationNotificationSetting(
  key: OrganizationNotificationKey,
): OrganizationNotificationSetting {
  return {
    key,
    label: ORGANIZATION_NOTIFICATION_LABELS[key],
    enabled: true,
    additional_emails: [],
    is_disable_default_recipients: false,
    phone_numbers: [],
  };
}
