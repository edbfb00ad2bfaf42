/**
 * Custom bracket sets of an organization (document 3 sections 2.14, 3, 5, 6, 7 and 8): named
 * per-tooth bracket choices with a height, offered on the case form to the users they are
 * assigned to. Management (custom-bracket-sets.manage) keeps the sets created by management,
 * assigns users and switches the feature on or off per organization; a member of an organization
 * that has them enabled (or a lab partner serving it) keeps their own sets.
 */
import { CUSTOM_SET_MESSAGES, LIBRARY_MESSAGES, type CustomBracketSetItem } from '@archline/contracts';
import type { z } from 'zod';
import type { CustomBracketSetRequest, CustomBracketSetsQuery } from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { pageMeta, paginate } from '../../platform/http/paginate.ts';
import { can } from '../../platform/permissions/index.ts';
import {
  canSelectDoctor,
  requireVisibleOrganization,
} from '../../platform/permissions/organization-scope.ts';
import * as repo from './custom-sets-repository.ts';
import { nonMembers } from './repository.ts';

const MANAGE = 'custom-bracket-sets.manage';

type Mode = 'manage' | 'owner';
type SetBody = z.output<typeof CustomBracketSetRequest>;

const canManage = (actor: Actor) => can(actor, MANAGE);

/**
 * The organization must be visible (else 404). Management with custom-bracket-sets.manage works
 * on the sets created by management; a member of the organization (or a lab partner serving it)
 * works on their own sets, and only while the organization has custom sets enabled (else 403).
 * Anyone else: 403.
 */
async function enter(ctx: AppContext, actor: Actor, organizationId: number): Promise<Mode> {
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  if (canManage(actor)) return 'manage';
  // Members, and lab partners for the organizations they serve (both in organizationIds).
  if (!actor.organizationIds.includes(organizationId)) throw forbidden();
  if (!(await repo.customSetsEnabled(ctx.db, organizationId)))
    throw forbidden(CUSTOM_SET_MESSAGES.notEnabled);
  return 'owner';
}

const publicSet = ({ created_by_user_id: _c, ...set }: repo.CustomSetRow): CustomBracketSetItem => set;

async function audit(
  db: Kysely<DB>,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  organizationId: number,
  entityId: number | null,
  details: Record<string, unknown> = {},
) {
  await recordAudit(db, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action,
    entityType: entityId === null ? 'organization' : 'custom_bracket_set',
    entityId: entityId ?? organizationId,
    organizationId,
    outcome: 'success',
    details,
  });
}

/** The lists of another user's choices: the user themself, management, or a doctor selector. */
async function assertUserLookup(ctx: AppContext, actor: Actor, organizationId: number, userId: number) {
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  if ((await nonMembers(ctx.db, organizationId, [userId])).length) throw notFound();
  if (userId === actor.userId || actor.profile === 'management' || canSelectDoctor(actor, organizationId))
    return;
  throw forbidden();
}

/**
 * GET /organizations/{id}/custom-bracket-sets.
 * - filter=created_by_management (custom-bracket-sets.manage): the sets management created, enabled or not;
 * - filter=owned: the caller's own sets;
 * - assigned_to_user_id, no filter (case entry): the sets assigned to that user, none while the
 *   organization has custom sets disabled;
 * - neither: every set for custom-bracket-sets.manage, the caller's own sets for anyone else.
 */
export async function listSets(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  query: z.output<typeof CustomBracketSetsQuery>,
) {
  const page = { page: query.page, perPage: query.per_page };
  if (query.filter) {
    const mode = await enter(ctx, actor, organizationId);
    if (query.filter === 'created_by_management' && mode !== 'manage') throw forbidden();
    const filter: repo.SetFilter =
      query.filter === 'created_by_management'
        ? { createdByManagement: true }
        : { createdByUserId: actor.userId, createdByManagement: mode === 'manage' };
    if (query.assigned_to_user_id !== undefined) filter.assignedToUserId = query.assigned_to_user_id;
    const list = await paginate(page, async (p) => {
      const { rows, total } = await repo.listSets(ctx.db, organizationId, filter, p);
      return { rows: rows.map(publicSet), total };
    });
    return {
      ...list,
      enabled: await repo.customSetsEnabled(ctx.db, organizationId),
      can_manage: mode === 'manage',
    };
  }
  if (query.assigned_to_user_id !== undefined)
    await assertUserLookup(ctx, actor, organizationId, query.assigned_to_user_id);
  else await requireVisibleOrganization(ctx.db, actor, organizationId);
  if (!(await repo.customSetsEnabled(ctx.db, organizationId)))
    return { data: [], meta: pageMeta(query.page, query.per_page, 0) };
  // Without a user to offer sets to, management sees every set and anyone else only their own.
  const filter: repo.SetFilter =
    query.assigned_to_user_id !== undefined
      ? { assignedToUserId: query.assigned_to_user_id }
      : can(actor, 'custom-bracket-sets.manage')
        ? {}
        : { createdByUserId: actor.userId, createdByManagement: false };
  return paginate(page, async (p) => {
    const { rows, total } = await repo.listSets(ctx.db, organizationId, filter, p);
    return { rows: rows.map(publicSet), total };
  });
}

/** The teeth's libraries must be the organization's, visible and not removed (422 on teeth). */
async function assertLibraries(db: Kysely<DB>, organizationId: number, body: SetBody) {
  const usable = await repo.usableLibraryIds(
    db,
    organizationId,
    body.teeth.map((t) => t.bracket_library_id),
  );
  const bad = body.teeth.findIndex((t) => !usable.has(t.bracket_library_id));
  if (bad >= 0) throw fieldError(`teeth.${bad}.bracket_library_id`, CUSTOM_SET_MESSAGES.invalidLibrary);
}

/** Only custom-bracket-sets.manage may assign users; assigned users must be members. */
async function assertAssignment(db: Kysely<DB>, organizationId: number, mode: Mode, body: SetBody) {
  if (body.assigned_user_ids === undefined) return;
  if (mode !== 'manage') throw forbidden();
  if ((await nonMembers(db, organizationId, body.assigned_user_ids)).length)
    throw fieldError('assigned_user_ids', LIBRARY_MESSAGES.notMember);
}

/** A set the caller may change: management any set of the organization, others their own (else 404). */
async function loadOwnSet(db: Kysely<DB>, actor: Actor, organizationId: number, setId: number, mode: Mode) {
  const set = await repo.findSet(db, organizationId, setId);
  if (!set) throw notFound();
  if (mode === 'owner' && (set.created_by_management || set.created_by_user_id !== actor.userId))
    throw notFound();
  return set;
}

/** POST /organizations/{id}/custom-bracket-sets */
export async function createSet(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  body: SetBody,
  meta: RequestMeta,
) {
  const mode = await enter(ctx, actor, organizationId);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await assertAssignment(trx, organizationId, mode, body);
    await assertLibraries(trx, organizationId, body);
    const setId = await repo.insertSet(trx, {
      organization_id: organizationId,
      name: body.name,
      created_by_user_id: actor.userId,
      created_by_management: mode === 'manage',
    });
    await repo.setTeeth(trx, setId, body.teeth);
    // A practice user's own set is offered to them on the case form.
    await repo.setUsers(trx, setId, mode === 'manage' ? (body.assigned_user_ids ?? []) : [actor.userId]);
    await audit(trx, actor, meta, 'custom-bracket-sets.create', organizationId, setId, {
      name: body.name,
      teeth: body.teeth.length,
    });
    return setId;
  });
  return {
    message: CUSTOM_SET_MESSAGES.created,
    data: publicSet((await repo.findSet(ctx.db, organizationId, id))!),
  };
}

/** PUT /organizations/{id}/custom-bracket-sets/{setId}: name and teeth; users with manage. */
export async function updateSet(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  setId: number,
  body: SetBody,
  meta: RequestMeta,
) {
  const mode = await enter(ctx, actor, organizationId);
  await loadOwnSet(ctx.db, actor, organizationId, setId, mode);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockSet(trx, organizationId, setId))) throw notFound();
    await assertAssignment(trx, organizationId, mode, body);
    await assertLibraries(trx, organizationId, body);
    await repo.renameSet(trx, setId, body.name);
    await repo.setTeeth(trx, setId, body.teeth);
    if (body.assigned_user_ids !== undefined) await repo.setUsers(trx, setId, body.assigned_user_ids);
    await audit(trx, actor, meta, 'custom-bracket-sets.update', organizationId, setId, {
      name: body.name,
      teeth: body.teeth.length,
      assigned: body.assigned_user_ids !== undefined,
    });
  });
  return {
    message: CUSTOM_SET_MESSAGES.updated,
    data: publicSet((await repo.findSet(ctx.db, organizationId, setId))!),
  };
}

/** DELETE /organizations/{id}/custom-bracket-sets/{setId} */
export async function removeSet(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  setId: number,
  meta: RequestMeta,
) {
  const mode = await enter(ctx, actor, organizationId);
  const set = await loadOwnSet(ctx.db, actor, organizationId, setId, mode);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockSet(trx, organizationId, setId))) throw notFound();
    await repo.removeSet(trx, setId);
    await audit(trx, actor, meta, 'custom-bracket-sets.delete', organizationId, setId, { name: set.name });
  });
  return { message: CUSTOM_SET_MESSAGES.deleted };
}

/** POST /organizations/{id}/custom-bracket-sets/set-enable: the organization's Enable switch. */
export async function setEnabled(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  value: boolean,
  meta: RequestMeta,
) {
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  if (!canManage(actor)) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setCustomSetsEnabled(trx, organizationId, value);
    await audit(trx, actor, meta, 'custom-bracket-sets.set-enable', organizationId, null, { value });
  });
  return { message: value ? CUSTOM_SET_MESSAGES.enabled : CUSTOM_SET_MESSAGES.disabled, enabled: value };
}
