import {
  ANNOUNCEMENT_DELETED_MESSAGE,
  ANNOUNCEMENT_UPDATED_MESSAGE,
  EVENTS,
  GENERAL_CHANNEL,
  isStaff,
  type Announcement,
  type AnnouncementListQuery,
  type AnnouncementListResponse,
  type AnnouncementUpdatedEvent,
  type AnnouncementVisibility,
  type UpdateAnnouncementRequest,
  type UpdateAnnouncementResponse,
} from '@archline/contracts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize } from '../../platform/permissions/index.ts';
import * as repo from './repository.ts';

/** Where a write came from, for the audit trail. */
import type { RequestMeta } from '../../platform/http/request-meta.ts';
export type { RequestMeta };

export function toAnnouncement(row: repo.AnnouncementRow): Announcement {
  return {
    id: Number(row.id),
    body: row.body,
    visibility: row.visibility as AnnouncementVisibility,
    updated_at: new Date(row.updated_at).toISOString(),
    last_updated_by: row.last_updated_by,
  };
}

/**
 * What the actor reads: practice users the doctor announcement, management staff the internal one
 * (a doctor announcement is hidden from staff). The internal announcement is for the provider's own
 * staff only: a third-party lab partner reads neither.
 */
export function visibilitiesFor(actor: Pick<Actor, 'profile' | 'roles'>): AnnouncementVisibility[] {
  if (actor.profile !== 'management') return ['doctor'];
  return isStaff(actor.roles) ? ['internal'] : [];
}

/** GET /settings/announcements; scope=all (both visibilities) is for editors only. */
export async function listAnnouncements(
  ctx: AppContext,
  actor: Actor,
  query: AnnouncementListQuery,
): Promise<AnnouncementListResponse> {
  let visibilities = visibilitiesFor(actor);
  if (query.scope === 'all') {
    authorize(actor, 'announcement.update');
    visibilities = ['doctor', 'internal'];
  }
  const rows = await repo.listByVisibility(ctx.db, visibilities);
  return { announcements: rows.map(toAnnouncement) };
}

/**
 * PUT /settings/announcements: sets the announcement of one visibility; an empty body deletes it.
 * Everyone on the general channel is told to refetch (without the text: internal stays internal).
 */
export async function updateAnnouncement(
  ctx: AppContext,
  actor: Actor,
  input: UpdateAnnouncementRequest,
  meta: RequestMeta = { ip: null, requestId: null },
): Promise<UpdateAnnouncementResponse> {
  authorize(actor, 'announcement.update');
  const body = input.body ?? '';
  const deleting = body.trim() === '';
  const result = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockVisibility(trx, input.visibility);
    if (deleting) {
      const removed = await repo.removeVisibility(trx, input.visibility);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        actorEmail: actor.email,
        ip: meta.ip ?? null,
        requestId: meta.requestId ?? null,
        action: 'announcements.delete',
        entityType: 'announcement',
        entityId: removed[0] ?? null,
        outcome: 'success',
        details: { visibility: input.visibility, removed },
      });
      return null;
    }
    const row = await repo.upsert(trx, { visibility: input.visibility, body, userId: actor.userId });
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip ?? null,
      requestId: meta.requestId ?? null,
      action: 'announcements.update',
      entityType: 'announcement',
      entityId: row.id,
      outcome: 'success',
      details: { visibility: input.visibility, length: body.length },
    });
    return toAnnouncement(row);
  });

  const event: AnnouncementUpdatedEvent = { visibility: input.visibility };
  try {
    await ctx.realtime.publish(GENERAL_CHANNEL, EVENTS.announcementUpdated, event);
  } catch (err) {
    ctx.log.warn({ err }, 'could not publish an announcement-updated event');
  }
  return {
    message: deleting ? ANNOUNCEMENT_DELETED_MESSAGE : ANNOUNCEMENT_UPDATED_MESSAGE,
    announcement: result,
  };
}
