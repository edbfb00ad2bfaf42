import { VIEWER_SIGN_IN_MESSAGES, type ViewerSignInCodeResponse } from '@archline/contracts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { consumeOneTimeToken, createOneTimeToken, issueToken } from '../../platform/auth/tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { unprocessable } from '../../platform/http/errors.ts';

interface Meta {
  ip: string;
  requestId: string;
  userAgent: string | null;
}

/**
 * A single-use code for the DIBS desktop viewer, bound to the caller and valid one minute. Only
 * its hash is stored; the deep link carries the code, never the browser's own session token.
 */
export async function createViewerSignInCode(
  ctx: AppContext,
  actor: Actor,
  meta: Meta,
): Promise<ViewerSignInCodeResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const { token, expiresAt } = await createOneTimeToken(trx, {
      kind: 'viewer_sign_in',
      userId: actor.userId,
      payload: { management: actor.profile === 'management' },
    });
    await recordAudit(trx, {
      ip: meta.ip,
      requestId: meta.requestId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'auth.viewer-code',
      entityType: 'user',
      entityId: actor.userId,
      outcome: 'success',
    });
    return { code: token, expires_at: expiresAt.toISOString() };
  });
}

/**
 * Redeems a viewer code (once, atomically, before it expires) for a new session of the same user:
 * the viewer's own token, which it can end without ending the browser's.
 */
export async function exchangeViewerSignInCode(
  ctx: AppContext,
  code: string,
  meta: Meta,
): Promise<{ access_token: string; expires_at: string }> {
  const invalid = () =>
    unprocessable(VIEWER_SIGN_IN_MESSAGES.invalidCode, { code: [VIEWER_SIGN_IN_MESSAGES.invalidCode] });
  return ctx.db.transaction().execute(async (trx) => {
    const row = await consumeOneTimeToken(trx, 'viewer_sign_in', code);
    if (!row || row.user_id === null) throw invalid();
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', '=', row.user_id)
      .where('deleted_at', 'is', null)
      .where('removed_at', 'is', null)
      .where('email_verified_at', 'is not', null)
      .executeTakeFirst();
    if (!user) throw invalid();
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as {
      management?: boolean;
    } | null;
    const issued = await issueToken(
      ctx,
      user.id,
      { management: payload?.management === true, ip: meta.ip, userAgent: meta.userAgent },
      trx,
    );
    await recordAudit(trx, {
      ip: meta.ip,
      requestId: meta.requestId,
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'auth.viewer-sign-in',
      entityType: 'user',
      entityId: user.id,
      outcome: 'success',
      details: { token_id: issued.tokenId },
    });
    return { access_token: issued.token, expires_at: issued.expiresAt.toISOString() };
  });
}
