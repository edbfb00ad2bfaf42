/**
 * Case feedback (document 1 sections 3, 5, 7; document 3 section 7): after a case is completed or
 * shipped, the practice is asked how it went (Great=10, Ok=5, Bad=1); the feedbacks report reads
 * the answers.
 *
 * Gates, enforced here: practice users only (management answers 403); an organization or a patient
 * outside the caller's scope answers 404 before any 403. A user who ticked "Don't ask again" is
 * never asked again; the option is offered once the user has rated a case before.
 */
import {
  CASE_FEEDBACK_MESSAGES,
  type CaseFeedback,
  type CaseFeedbackSuggestion,
  type SubmitFeedbackRequest,
} from '@archline/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { requireVisibleOrganization } from '../../platform/permissions/organization-scope.ts';
import { patientScopeOf, patientScopeSql } from '../../platform/permissions/patient-scope.ts';
import * as repo from './repository.ts';

type SubmitInput = z.output<typeof SubmitFeedbackRequest>;

function requirePractice(actor: Actor): void {
  if (actor.profile !== 'practice') throw forbidden(CASE_FEEDBACK_MESSAGES.practiceOnly);
}

/** GET /organizations/{id}/feedback-suggestion: the case to ask about, or null. */
export async function feedbackSuggestion(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
): Promise<{ data: CaseFeedbackSuggestion | null }> {
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  requirePractice(actor);
  const history = await repo.feedbackHistory(ctx.db, actor.userId);
  if (history.disabled) return { data: null };
  const scope = patientScopeSql(patientScopeOf(actor), { patient: 'p' });
  const patient = await repo.suggestedPatient(ctx.db, organizationId, actor.userId, scope);
  return { data: patient ? { patient, showDisableOption: history.rated } : null };
}

/** POST /patients/{id}/submit-feedback: the user's rating of a finished case (a second one replaces it). */
export async function submitFeedback(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
  input: SubmitInput,
  meta: RequestMeta,
): Promise<{ message: string; data: CaseFeedback }> {
  const patient = await repo.findPatient(
    ctx.db,
    patientId,
    patientScopeSql(patientScopeOf(actor), { patient: 'p' }),
  );
  if (!patient) throw notFound();
  requirePractice(actor);
  if (!patient.finished) throw unprocessable(CASE_FEEDBACK_MESSAGES.notFinished);
  const disableFuture = input.options.disable === true;
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.saveFeedback(trx, {
      patientId: patient.id,
      userId: actor.userId,
      rating: input.score,
      disableFuture,
    });
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip,
      requestId: meta.requestId,
      action: 'case-feedback.submit',
      entityType: 'case_feedback',
      entityId: row.id,
      organizationId: patient.organizationId,
      outcome: 'success',
      details: { patient_id: patient.id, rating: row.rating, disable_future: row.disabled },
    });
    return row;
  });
  return {
    message: CASE_FEEDBACK_MESSAGES.submitted,
    data: { patient: { id: patient.id, name: patient.name }, rating: saved.rating, disabled: saved.disabled },
  };
}
