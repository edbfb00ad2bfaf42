/**
 * Access history of a patient (patient details, admins and super admins): the patient's audit
 * rows — reads and writes — newest first: who, what, when and from where. Each page is one
 * statement over one range of the audit_log (entity_type, entity_id[, actor_user_id], occurred_at)
 * indexes; the answer says whether a next page exists instead of counting the whole history.
 */
import type { AccessHistoryResponse, AccessHistoryUsersResponse } from '@archline/contracts';
import { sql } from 'kysely';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize } from '../../platform/permissions/index.ts';
import { loadPatient } from './access.ts';

/** 404 outside the caller's patient scope, then 403 without the permission. */
async function guard(ctx: AppContext, actor: Actor, patientId: number) {
  await loadPatient(ctx, actor, patientId);
  authorize(actor, 'patients.view-access-history');
}

export async function accessHistory(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
  q: { page: number; per_page: number; user_id?: number | undefined },
): Promise<AccessHistoryResponse> {
  await guard(ctx, actor, patientId);
  let query = ctx.db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select([
      'a.id',
      'a.occurred_at',
      'a.action',
      'a.outcome',
      'a.ip',
      'a.actor_user_id',
      'a.actor_email',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('a.entity_type', '=', 'patient')
    .where('a.entity_id', '=', String(patientId));
  if (q.user_id !== undefined) query = query.where('a.actor_user_id', '=', q.user_id);
  const rows = await query
    .orderBy('a.occurred_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(q.per_page + 1)
    .offset((q.page - 1) * q.per_page)
    .execute();
  const page = rows.slice(0, q.per_page);
  return {
    data: page.map((r) => ({
      id: Number(r.id),
      occurred_at: new Date(r.occurred_at).toISOString(),
      action: r.action,
      outcome: r.outcome,
      ip: r.ip,
      user:
        r.actor_user_id !== null && r.first_name !== null
          ? {
              id: Number(r.actor_user_id),
              name: `${r.first_name} ${r.last_name ?? ''}`.trim(),
              email: r.email,
            }
          : null,
      actor_email: r.actor_email,
    })),
    meta: { page: q.page, per_page: q.per_page, has_more: rows.length > q.per_page },
  };
}

/** The users who appear in the patient's history, by name (the filter's choices). */
export async function accessHistoryUsers(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
): Promise<AccessHistoryUsersResponse> {
  await guard(ctx, actor, patientId);
  const rows = await ctx.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where(
      'id',
      'in',
      ctx.db
        .selectFrom('audit_log')
        .select(sql<number>`distinct actor_user_id`.as('actor_user_id'))
        .where('entity_type', '=', 'patient')
        .where('entity_id', '=', String(patientId))
        .where('actor_user_id', 'is not', null),
    )
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
  return {
    data: rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email })),
  };
}
