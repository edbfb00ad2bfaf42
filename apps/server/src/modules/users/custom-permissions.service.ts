import {
  CUSTOM_PERMISSION_MESSAGES,
  customPermissionsFor,
  type CustomPermissionItem,
} from '@archline/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { authorize, organizationScope } from '../../platform/permissions/index.ts';
import * as repo from './custom-permissions.repository.ts';

import type { RequestMeta } from '../../platform/http/request-meta.ts';
export type { RequestMeta };

/** The user whose toggles are read or changed: the caller themself, or a user in the caller's scope (else 404). */
async function visibleUser(ctx: AppContext, actor: Actor, userId: number): Promise<repo.TargetUser> {
  const scope = userId === actor.userId ? 'all' : organizationScope(actor);
  const user = await repo.findUserInScope(ctx.db, userId, scope);
  if (!user) throw notFound();
  return user;
}

function itemsFor(roles: readonly string[], enabled: readonly string[]): CustomPermissionItem[] {
  const on = new Set(enabled);
  return customPermissionsFor(roles).map((c) => ({
    permission: c.permission,
    label: c.label,
    description: c.description,
    enabled: on.has(c.permission),
  }));
}

/** The toggles that apply to the user (by profile) and whether each is on. Own list, or permissions.manage. */
export async function listCustomPermissions(
  ctx: AppContext,
  actor: Actor,
  userId: number,
): Promise<CustomPermissionItem[]> {
  if (userId !== actor.userId) authorize(actor, 'permissions.manage');
  const user = await visibleUser(ctx, actor, userId);
  return itemsFor(user.roles, await repo.listEnabledCustomPermissions(ctx.db, user.id));
}

/** Turns one custom permission of a user on or off; the audit row commits with the change. */
export async function toggleCustomPermission(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  permission: string,
  meta: RequestMeta,
): Promise<{ message: string; permission: CustomPermissionItem }> {
  authorize(actor, 'permissions.manage');
  const user = await visibleUser(ctx, actor, userId);
  const definition = customPermissionsFor(user.roles).find((c) => c.permission === permission);
  if (!definition) throw fieldError('permission', CUSTOM_PERMISSION_MESSAGES.invalid);
  const enabled = await ctx.db.transaction().execute(async (trx) => {
    const on = await repo.toggleCustomPermission(trx, user.id, definition.permission);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip,
      requestId: meta.requestId,
      action: 'users.toggle-custom-permission',
      entityType: 'user',
      entityId: user.id,
      outcome: 'success',
      details: { permission: definition.permission, enabled: on },
    });
    return on;
  });
  return {
    message: enabled ? CUSTOM_PERMISSION_MESSAGES.enabled : CUSTOM_PERMISSION_MESSAGES.disabled,
    permission: {
      permission: definition.permission,
      label: definition.label,
      description: definition.description,
      enabled,
    },
  };
}
