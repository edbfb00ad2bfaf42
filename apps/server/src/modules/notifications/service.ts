import {
  EVENTS,
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
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
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
  const payload: NotificationEvent = { notification };
  try {
    await ctx.realtime.publish(userChannel(input.userId), EVENTS.notification, payload);
  } catch (err) {
    ctx.log.warn({ err, userId: input.userId }, 'could not publish a notification event');
  }
  return notification;
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
