import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import {
  ChangePasswordRequest,
  ChangePasswordResponse,
  PASSWORD_CHANGE_MESSAGES,
} from '@archline/contracts/password-change';
import type { Actor } from '../../platform/auth/actor.ts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { enforceRateLimits, RATE_LIMITS } from '../../platform/auth/rate-limit.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { unprocessable } from '../../platform/http/errors.ts';
import { errorResponses, requestMeta, type RequestMeta } from '../../platform/http/request-meta.ts';
import * as repo from './repository.ts';

/**
 * PUT /profile/password: the signed-in user changes their own password. The current password must
 * be right (422 naming current_password; attempts are rate-limited like sign-in), the new one
 * follows the sign-up rules; every other session of the user ends, this one stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: ChangePasswordRequest,
  meta: RequestMeta,
): Promise<ChangePasswordResponse> {
  await enforceRateLimits(ctx, [
    { key: `password-change:ip:${meta.ip}`, rule: RATE_LIMITS.loginPerIp },
    { key: `password-change:account:${actor.userId}`, rule: RATE_LIMITS.loginPerAccount },
  ]);
  const user = await repo.findUserById(ctx.db, actor.userId);
  const ok = user?.password_hash ? await verifyPassword(user.password_hash, input.current_password) : false;
  const entry = {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip ?? null,
    requestId: meta.requestId ?? null,
    action: 'auth.change-password',
    entityType: 'user',
    entityId: actor.userId,
  };
  if (!ok) {
    await recordAudit(ctx.db, {
      ...entry,
      outcome: 'failure',
      details: { reason: 'wrong_current_password' },
    });
    throw unprocessable(PASSWORD_CHANGE_MESSAGES.wrongCurrent, {
      current_password: [PASSWORD_CHANGE_MESSAGES.wrongCurrent],
    });
  }
  const passwordHash = await hashPassword(input.password);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, actor.userId, passwordHash);
    const res = await trx
      .updateTable('auth_tokens')
      .set({ revoked_at: sql<Date>`now()` })
      .where('user_id', '=', actor.userId)
      .where('id', '!=', actor.tokenId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    await recordAudit(trx, { ...entry, outcome: 'success', details: { sessions_revoked: res.length } });
    return res.map((r) => Number(r.id));
  });
  // The ended sessions lose their real-time connections too.
  for (const tokenId of ended) await ctx.realtime.disconnectToken(tokenId);
  return { message: PASSWORD_CHANGE_MESSAGES.changed, sessions_ended: ended.length };
}

export const passwordChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/profile/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the own password (signs out the other sessions)',
        body: ChangePasswordRequest,
        response: { 200: ChangePasswordResponse, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request) => changePassword(app.ctx, requireActor(request), request.body, requestMeta(request)),
  );
};
