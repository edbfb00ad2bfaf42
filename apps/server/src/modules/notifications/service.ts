import {
  defaultOrganizationNotificationSetting,
  EVENTS,
  isOrganizationNotificationKey,
  NOTIFICATION_SETTINGS_MESSAGES,
  ORGANIZATION_MESSAGES,
  ORGANIZATION_NOTIFICATION_KEYS,
  ORGANIZATION_NOTIFICATION_LABELS,
  smsAddressOf,
  type OrganizationNotificationSettingsResponse,
  type UpdateOrganizationNotificationSettingsRequest,
  type UpdateOrganizationNotificationSettingsResponse,
  NOTIFICATION_MARKED_READ_MESSAGE,
  NOTIFICATION_NOT_FOUND_MESSAGE,
  NOTIFICATIONS_MARKED_READ_MESSAGE,
  userChannel,
  type MarkAllNotificationsReadResponse,
  type MarkNotificationReadResponse,
  type Notification,
  type NotificationEvent,
  type NotificationListQuery,
  type NotificationListResponse,
  type OrganizationNotificationKey,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { sendMail } from '../../platform/mail/index.ts';
import { authorize, can } from '../../platform/permissions/index.ts';
import { seesOrganization } from '../../platform/permissions/organization-scope.ts';
import { sendSms } from '../../platform/sms/index.ts';
import * as repo from './repository.ts';

export function toNotification(row: repo.NotificationRow): Notification {
  return {
    id: Number(row.id),
    message: row.message,
    link: row.link,
    read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
    type: row.type,
    patient_id: row.patient_id === null ? null : Number(row.patient_id),
    patient_name: row.patient_name,
  };
}

export interface NotifyUserInput {
  userId: number;
  message: string;
  /** An in-app path (e.g. /patient-details/12) the bell navigates to. */
  link?: string | null;
  /** 'general' by default; 'rush_case' for rush cases. */
  type?: string;
  patientId?: number | null;
  /** Defaults to the patient's organization. */
  organizationId?: number | null;
}

/**
 * Raises a notification for one user: inserts the row with `executor` (pass the caller's
 * transaction so the notification commits with the change it reports) and publishes
 * 'notification' on the user's private channel `user.{id}` with the notification as payload.
 *
 * Call it as the last step of the transaction: the event leaves at once, and a client that
 * refetches on it sees the row as soon as the transaction commits. A failed publish is logged,
 * never fails the write (the next list fetch shows the row anyway).
 */
export async function notifyUser(
  ctx: AppContext,
  executor: Kysely<DB>,
  input: NotifyUserInput,
): Promise<Notification> {
  const row = await repo.insertNotification(executor, {
    userId: input.userId,
    message: input.message,
    link: input.link ?? null,
    type: input.type ?? 'general',
    patientId: input.patientId ?? null,
    organizationId: input.organizationId ?? null,
  });
  const notification = toNotification(row);
  await sendByOrganizationSettings(ctx, executor, input);
  const payload: NotificationEvent = { notification };
  try {
    await ctx.realtime.publish(userChannel(input.userId), EVENTS.notification, payload);
  } catch (err) {
    ctx.log.warn({ err, userId: input.userId }, 'could not publish a notification event');
  }
  return notification;
}

/** Whether the organization has a notification key on (a key never saved is on). */
export async function organizationKeyEnabled(
  executor: Kysely<DB>,
  organizationId: number,
  key: OrganizationNotificationKey,
): Promise<boolean> {
  return (await repo.organizationSetting(executor, organizationId, key))?.enabled ?? true;
}

/**
 * Who hears of something an organization's users are told about: the active users among `userIds`
 * and the organization's members in `roles`, except the user who did it, each unless they turned
 * their own notification setting `name` off.
 */
export function usersToNotify(
  executor: Kysely<DB>,
  input: { organizationId: number; roles: string[]; userIds: number[]; name: string; exceptUserId: number },
): Promise<number[]> {
  return repo.usersToNotify(executor, input);
}

/** The caller's own notifications, newest first, one page at a time, with the unread count. */
export async function listNotifications(
  ctx: AppContext,
  actor: Actor,
  query: NotificationListQuery,
): Promise<NotificationListResponse> {
  const [{ rows, hasMore }, unread] = await Promise.all([
    repo.listForUser(ctx.db, actor.userId, {
      limit: query.per_page,
      beforeId: query.cursor === undefined ? undefined : Number(query.cursor),
    }),
    repo.countUnread(ctx.db, actor.userId),
  ]);
  const last = rows[rows.length - 1];
  return {
    data: rows.map(toNotification),
    unread_count: unread,
    next_cursor: hasMore && last ? String(last.id) : null,
  };
}

/** Where a write came from, for the audit trail. */
import type { RequestMeta } from '../../platform/http/request-meta.ts';
export type { RequestMeta };

/** Marks one of the caller's notifications read; another user's answers 404. */
export async function markNotificationRead(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta = { ip: null, requestId: null },
): Promise<MarkNotificationReadResponse> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await repo.markRead(trx, actor.userId, id);
    if (!updated) return null;
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip ?? null,
      requestId: meta.requestId ?? null,
      action: 'notifications.mark-as-read',
      entityType: 'notification',
      entityId: id,
      outcome: 'success',
    });
    return updated;
  });
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND_MESSAGE);
  const unread = await repo.countUnread(ctx.db, actor.userId);
  await publishRefresh(ctx, actor.userId);
  return {
    message: NOTIFICATION_MARKED_READ_MESSAGE,
    notification: toNotification(row),
    unread_count: unread,
  };
}

/** Marks all of the caller's notifications read (opening the bell menu does this). */
export async function markAllNotificationsRead(
  ctx: AppContext,
  actor: Actor,
  meta: RequestMeta = { ip: null, requestId: null },
): Promise<MarkAllNotificationsReadResponse> {
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const count = await repo.markAllRead(trx, actor.userId);
    if (count > 0) {
      await recordAudit(trx, {
        actorUserId: actor.userId,
        actorEmail: actor.email,
        ip: meta.ip ?? null,
        requestId: meta.requestId ?? null,
        action: 'notifications.mark-all-as-read',
        entityType: 'notification',
        outcome: 'success',
        details: { updated: count },
      });
    }
    return count;
  });
  if (updated > 0) await publishRefresh(ctx, actor.userId);
  // Counted again: a notification may have arrived in between.
  const unread = await repo.countUnread(ctx.db, actor.userId);
  return { message: NOTIFICATIONS_MARKED_READ_MESSAGE, updated, unread_count: unread };
}

/** Other tabs and devices of the same user refetch their badge. */
async function publishRefresh(ctx: AppContext, userId: number) {
  try {
    await ctx.realtime.publish(userChannel(userId), EVENTS.refreshNotifications, {});
  } catch (err) {
    ctx.log.warn({ err, userId }, 'could not publish a refresh-notifications event');
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Email and Text Notifications of an organization                                            */
/* ------------------------------------------------------------------------------------------ */

/**
 * What one transaction already sent by e-mail and text, so a notification raised for several users
 * (low stock reaches every owner and manager) texts and mails the organization's extra recipients
 * once. Keyed by the transaction object; forgotten with it.
 */
const sentInTransaction = new WeakMap<object, Set<string>>();

/**
 * The e-mail and text side of a notification (document 3 sections 3 and 5): when its type is one of
 * the organization's notification keys and the organization has the key on (the default), the
 * notified user, a default recipient, gets it by e-mail too unless the organization chose 'Disable
 * Default Email Recipients'; each phone number of the key gets a text message (through
 * platform/sms) and each additional email an e-mail, all queued in the caller's transaction. A key
 * switched off sends none of them; the in-app notification stays.
 */
async function sendByOrganizationSettings(
  ctx: AppContext,
  executor: Kysely<DB>,
  input: NotifyUserInput,
): Promise<void> {
  const key = input.type ?? 'general';
  if (!isOrganizationNotificationKey(key)) return;
  const organizationId =
    input.organizationId ??
    (input.patientId == null ? null : await repo.organizationOfPatient(executor, input.patientId));
  if (organizationId === null) return;
  const setting =
    (await repo.organizationSetting(executor, organizationId, key)) ??
    defaultOrganizationNotificationSetting(key);
  if (!setting.enabled) return;
  const recipient = setting.is_disable_default_recipients
    ? null
    : await repo.activeUserEmail(executor, input.userId);
  if (!recipient && setting.phone_numbers.length === 0 && setting.additional_emails.length === 0) return;

  let sent = sentInTransaction.get(executor);
  if (!sent) sentInTransaction.set(executor, (sent = new Set()));
  const once = (channel: string) => {
    const id = `${organizationId}|${key}|${channel}|${input.message}`;
    if (sent.has(id)) return false;
    sent.add(id);
    return true;
  };
  const link = input.link ? `${ctx.config.publicUrl}${input.link}` : null;
  const text = link ? `${input.message} ${link}` : input.message;
  for (const to of new Set(setting.phone_numbers.map(smsAddressOf)))
    if (once(`sms:${to}`)) await sendSms(ctx, { to, body: `Archline: ${text}`.slice(0, 1600) }, executor);
  for (const to of recipient ? [recipient, ...setting.additional_emails] : setting.additional_emails)
    if (once(`mail:${to.toLowerCase()}`))
      await sendMail(
        ctx,
        {
          to,
          subject: `Archline: ${ORGANIZATION_NOTIFICATION_LABELS[key]}`,
          text: link ? `${input.message}\n\n${link}\n` : `${input.message}\n`,
        },
        executor,
      );
}

/**
 * The organization, visible to the actor (404 otherwise), and the permission to manage its
 * notification settings: organization.notification-settings.update (management for any organization
 * in scope; a practice owner or manager for the current organization).
 */
async function settingsOrganization(ctx: AppContext, actor: Actor, organizationId: number) {
  if (!seesOrganization(actor, organizationId)) throw notFound();
  const org = await ctx.db
    .selectFrom('organizations')
    .select(['id', 'deleted_at', 'disabled_at'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!org) throw notFound();
  if (org.deleted_at && !can(actor, 'organization.view-archived')) throw notFound();
  authorize(actor, 'organization.notification-settings.update');
  // A practice user's permissions are those of the current organization.
  if (actor.profile !== 'management' && actor.currentOrganizationId !== organizationId) throw forbidden();
  return org;
}

async function settingsOf(
  db: Kysely<DB>,
  organizationId: number,
): Promise<OrganizationNotificationSettingsResponse> {
  const [rows, emails] = await Promise.all([
    repo.organizationSettings(db, organizationId),
    repo.memberEmails(db, organizationId),
  ]);
  const saved = new Map(rows.map((r) => [r.key, r]));
  return {
    data: ORGANIZATION_NOTIFICATION_KEYS.map((key) => {
      const row = saved.get(key);
      if (!row) return defaultOrganizationNotificationSetting(key);
      return {
        key,
        label: ORGANIZATION_NOTIFICATION_LABELS[key],
        enabled: row.enabled,
        additional_emails: row.additional_emails,
        is_disable_default_recipients: row.is_disable_default_recipients,
        phone_numbers: row.phone_numbers,
      };
    }),
    metadata: { email_suggestions: emails },
  };
}

/** GET /organizations/{id}/notification-settings */
export async function getOrganizationNotificationSettings(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
): Promise<OrganizationNotificationSettingsResponse> {
  await settingsOrganization(ctx, actor, organizationId);
  return settingsOf(ctx.db, organizationId);
}

/** PUT /organizations/{id}/notification-settings: saves the keys given (archived or disabled: 409). */
export async function updateOrganizationNotificationSettings(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  input: UpdateOrganizationNotificationSettingsRequest,
  meta: RequestMeta = { ip: null, requestId: null },
): Promise<UpdateOrganizationNotificationSettingsResponse> {
  const org = await settingsOrganization(ctx, actor, organizationId);
  if (org.deleted_at) throw conflict(ORGANIZATION_MESSAGES.readOnlyArchived);
  if (org.disabled_at) throw conflict(ORGANIZATION_MESSAGES.readOnlyDisabled);
  const keys = ORGANIZATION_NOTIFICATION_KEYS.filter((k) => input[k] !== undefined);
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockOrganization(trx, organizationId))) throw notFound();
    for (const key of keys) {
      const v = input[key]!;
      await repo.upsertOrganizationSetting(trx, organizationId, {
        key,
        enabled: v.enabled,
        additional_emails: v.additional_emails,
        is_disable_default_recipients: v.is_disable_default_recipients,
        phone_numbers: v.phone_numbers,
      });
    }
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip ?? null,
      requestId: meta.requestId ?? null,
      action: 'organizations.notification-settings.update',
      entityType: 'organization',
      entityId: organizationId,
      outcome: 'success',
      details: {
        keys,
        phone_numbers: keys.reduce((n, k) => n + input[k]!.phone_numbers.length, 0),
        additional_emails: keys.reduce((n, k) => n + input[k]!.additional_emails.length, 0),
      },
    });
    return settingsOf(trx, organizationId);
  });
  return { message: NOTIFICATION_SETTINGS_MESSAGES.updated, ...result };
}
