import {
  EVENTS,
  ONBOARDING_MESSAGES,
  completedSteps,
  missingOnboardingInput,
  nextOnboardingStep,
  onboardingStatusFor,
  organizationChannel,
  practiceInputKeys,
  practiceMayComplete,
  type ListOnboardingsQuery,
  type Onboarding,
  type OnboardingChangesEvent,
} from '@archline/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { conflict, fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { authorize, can, organizationScope } from '../../platform/permissions/index.ts';
import { paginate } from '../../platform/http/paginate.ts';
import * as repo from './repository.ts';

/** Management may read onboardings with an onboarding permission or by seeing every organization. */
const MANAGEMENT_READ = [
  'onboardings.manage',
  'onboardings.proceed',
  'onboardings.update-metadata',
  'organizations.view-any',
] as const;

function isManagement(actor: Actor): boolean {
  return actor.profile === 'management';
}

/**
 * The onboarding as the actor may see it: management within its organization scope, practice
 * users in their own organizations (holding organization.onboarding.view). Others: 404.
 */
async function loadOnboarding(ctx: AppContext, actor: Actor, id: number): Promise<Onboarding> {
  if (isManagement(actor)) {
    authorize(actor, ...MANAGEMENT_READ);
    const found = await repo.findOnboarding(ctx.db, id, organizationScope(actor));
    if (!found) throw notFound();
    return found;
  }
  const found = await repo.findOnboarding(ctx.db, id, actor.organizationIds);
  if (!found) throw notFound();
  authorize(actor, 'organization.onboarding.view');
  return found;
}

/**
 * A practice user acts with the permissions of their current organization, so writes are allowed
 * only in that one.
 */
function practiceMay(actor: Actor, onboarding: Onboarding, permission: 'organization.onboarding.proceed') {
  return actor.currentOrganizationId === onboarding.organization_id && can(actor, permission);
}

async function publishChange(ctx: AppContext, onboarding: Onboarding): Promise<void> {
  const payload: OnboardingChangesEvent = {
    onboarding_id: onboarding.id,
    organization_id: onboarding.organization_id,
    status: onboarding.status,
    current_step: onboarding.current_step,
  };
  try {
    await ctx.realtime.publish(
      organizationChannel(onboarding.organization_id),
      EVENTS.onboardingChanges,
      payload,
    );
  } catch (err) {
    ctx.log.warn({ err, onboardingId: onboarding.id }, 'could not publish an onboarding-changes event');
  }
}

async function reload(ctx: AppContext, id: number): Promise<Onboarding> {
  const found = await repo.findOnboarding(ctx.db, id, 'all');
  if (!found) throw notFound();
  return found;
}

export async function listOnboardings(ctx: AppContext, actor: Actor, query: ListOnboardingsQuery) {
  if (!isManagement(actor)) throw forbidden();
  authorize(actor, ...MANAGEMENT_READ);
  const scope = organizationScope(actor);
  const filter = {
    searchOrganizationName: query.searchOrganizationName || undefined,
    status: query.status,
    order: query.order,
    page: query.page,
    perPage: query.perPage,
  };
  const { data, meta } = await paginate(filter, (page) =>
    repo.listOnboardings(ctx.db, scope, { ...filter, ...page }),
  );
  return { onboardings: data, meta };
}

export async function getOnboarding(ctx: AppContext, actor: Actor, id: number): Promise<Onboarding> {
  return loadOnboarding(ctx, actor, id);
}

/**
 * PUT metadata: management with onboardings.update-metadata or onboardings.manage fills in any
 * input; a practice user with organization.onboarding.proceed only the inputs of the sub-steps the
 * practice completes itself (doctor_allowed_steps).
 */
export async function updateMetadata(
  ctx: AppContext,
  actor: Actor,
  id: number,
  metadata: Record<string, string>,
  meta: RequestMeta,
) {
  const onboarding = await loadOnboarding(ctx, actor, id);
  if (isManagement(actor)) {
    authorize(actor, 'onboardings.update-metadata', 'onboardings.manage');
  } else {
    if (!practiceMay(actor, onboarding, 'organization.onboarding.proceed')) throw forbidden();
    const allowed = practiceInputKeys(onboarding.doctor_allowed_steps);
    const foreign = Object.keys(metadata).find((k) => !allowed.includes(k));
    if (foreign) throw forbidden(ONBOARDING_MESSAGES.notYourField);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.mergeMetadata(trx, onboarding.id, metadata);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip,
      requestId: meta.requestId,
      outcome: 'success',
      action: 'onboardings.update-metadata',
      entityType: 'onboarding',
      entityId: onboarding.id,
      organizationId: onboarding.organization_id,
      details: { keys: Object.keys(metadata) },
    });
  });
  const after = await reload(ctx, onboarding.id);
  await publishChange(ctx, after);
  return { message: ONBOARDING_MESSAGES.updated, onboarding: after };
}

/**
 * POST proceed_next_step: completes sub-step current_step + 1. Management with onboardings.proceed
 * or onboardings.manage completes any step; a practice user with organization.onboarding.proceed
 * only those in doctor_allowed_steps. A step whose required input is empty cannot be completed.
 */
export async function proceedNextStep(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const onboarding = await loadOnboarding(ctx, actor, id);
  const next = nextOnboardingStep(onboarding);
  if (isManagement(actor)) {
    authorize(actor, 'onboardings.proceed', 'onboardings.manage', 'organization.onboarding.proceed');
  } else {
    if (!practiceMay(actor, onboarding, 'organization.onboarding.proceed')) throw forbidden();
    if (next !== null && !practiceMayComplete(next, onboarding.doctor_allowed_steps))
      throw forbidden(ONBOARDING_MESSAGES.teamStep);
  }
  if (next === null) throw fieldError('current_step', ONBOARDING_MESSAGES.alreadyCompleted);
  const missing = missingOnboardingInput(next, onboarding.metadata);
  if (missing) throw fieldError(missing.key, ONBOARDING_MESSAGES.required(missing.label));

  const from = completedSteps(onboarding);
  const to = { current_step: next, status: onboardingStatusFor(next) };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.advance(trx, onboarding.id, from, to)))
      throw conflict(ONBOARDING_MESSAGES.changedMeanwhile);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip,
      requestId: meta.requestId,
      outcome: 'success',
      action: 'onboardings.proceed',
      entityType: 'onboarding',
      entityId: onboarding.id,
      organizationId: onboarding.organization_id,
      details: { from_step: from, to_step: to.current_step, status: to.status },
    });
  });
  const after = await reload(ctx, onboarding.id);
  await publishChange(ctx, after);
  return { message: ONBOARDING_MESSAGES.updated, onboarding: after };
}
