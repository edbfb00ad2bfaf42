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
