import {
  DIBS_OPTION_ONLINE,
  VIEWER_OPEN_MESSAGES,
  VIEWER_SIGN_IN_MESSAGES,
  type GenerateStreamingUrlRequest,
} from '@archline/contracts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { peekOneTimeToken } from '../../platform/auth/tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { seesPatient } from '../../platform/permissions/patient-scope.ts';
import {
  DIBS_STREAMING_APPLICATION,
  DIBS_STREAMING_FLEET,
  DIBS_STREAMING_STACK,
  streamingService,
} from '../../platform/streaming/index.ts';
import { allowedDibsOptions } from '../installers/service.ts';

/** How long a streaming URL may be used to start the session. */
const STREAMING_URL_SECONDS = 60;

async function patientOrganization(ctx: AppContext, actor: Actor, patientId: number): Promise<number> {
  if (!(await seesPatient(ctx.db, actor, patientId))) throw notFound();
  const row = await ctx.db
    .selectFrom('patients')
    .select('organization_id')
    .where('id', '=', patientId)
    .executeTakeFirstOrThrow();
  return Number(row.organization_id);
}

/** GET /patients/{id}/viewer-options: the case's organization and the DIBS options it allows. */
export async function viewerOptions(ctx: AppContext, actor: Actor, patientId: number) {
  const organizationId = await patientOrganization(ctx, actor, patientId);
  return {
    data: {
      organization_id: organizationId,
      allowed_dibs_options: await allowedDibsOptions(ctx, organizationId),
    },
  };
}

/**
 * POST /dibs-on-demand/generate-streaming-url: starts DIBS online for the caller. The launch code
 * is the caller's own live viewer sign-in code (it is handed to the streamed application, which
 * exchanges it for its session); the case's organization must allow the Online option.
 */
export async function generateStreamingUrl(
  ctx: AppContext,
  actor: Actor,
  input: GenerateStreamingUrlRequest,
  meta: RequestMeta,
) {
  const invalid = () =>
    unprocessable(VIEWER_SIGN_IN_MESSAGES.invalidCode, {
      dibs_launch_code: [VIEWER_SIGN_IN_MESSAGES.invalidCode],
    });
  const code = await peekOneTimeToken(ctx.db, 'viewer_sign_in', input.dibs_launch_code);
  if (!code || code.user_id === null || Number(code.user_id) !== actor.userId) throw invalid();
  let organizationId: number | null = null;
  if (input.q !== undefined) organizationId = await patientOrganization(ctx, actor, input.q);
  else if (actor.profile !== 'management') organizationId = actor.currentOrganizationId;
  if (organizationId !== null) {
    const options = await allowedDibsOptions(ctx, organizationId);
    if (!options.includes(DIBS_OPTION_ONLINE)) throw forbidden(VIEWER_OPEN_MESSAGES.onlineNotAllowed);
  }
  const session = await streamingService(ctx.config).createStreamingURL({
    StackName: DIBS_STREAMING_STACK,
    FleetName: DIBS_STREAMING_FLEET,
    ApplicationId: DIBS_STREAMING_APPLICATION,
    UserId: String(actor.userId),
    Validity: STREAMING_URL_SECONDS,
    SessionContext: JSON.stringify({ code: input.dibs_launch_code, q: input.q ?? null }),
  });
  await recordAudit(ctx.db, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: 'success',
    action: 'dibs-on-demand.streaming-url',
    entityType: 'patient',
    entityId: input.q ?? null,
    organizationId,
  });
  return { streaming_url: session.StreamingURL };
}
