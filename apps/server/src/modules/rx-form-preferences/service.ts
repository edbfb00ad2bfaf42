import {
  ASSIGNMENT_THIRD_PARTY,
  DEFAULT_RX_FORM_PREFERENCE,
  EXISTING_FIELDS,
  HIDEABLE_FIELDS,
  RX_FORM_PREFERENCE_MESSAGES,
  type RxFormPreferenceResponse,
  type UpdateRxFormPreferenceRequest,
} from '@archline/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { notFound, unprocessable } from '../../platform/http/errors.ts';
import { authorize } from '../../platform/permissions/index.ts';
import { seesOrganization } from '../../platform/permissions/organization-scope.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import * as repo from './repository.ts';

type UpdateInput = z.output<typeof UpdateRxFormPreferenceRequest>;

async function load(ctx: AppContext, actor: Actor, organizationId: number) {
  if (!seesOrganization(actor, organizationId)) throw notFound();
  const found = await repo.findPreference(ctx.db, organizationId);
  if (!found) throw notFound();
  return found;
}

type Loaded = NonNullable<Awaited<ReturnType<typeof repo.findPreference>>>;

function toResponse(found: Loaded): RxFormPreferenceResponse {
  const d = DEFAULT_RX_FORM_PREFERENCE;
  return {
    data: {
      organization_id: found.organization_id,
      initial_setup_assignments: found.initial_setup_assignments ?? d.initial_setup_assignments,
      print_assignments: found.print_assignments ?? d.print_assignments,
      insert_brackets_assignments: found.insert_brackets_assignments ?? d.insert_brackets_assignments,
      allowed_dibs_options: found.allowed_dibs_options ?? d.allowed_dibs_options,
      hidden_fields: found.hidden_fields ?? d.hidden_fields,
      rush_case_enabled: found.rush_case_enabled ?? d.rush_case_enabled,
      updated_at: found.updated_at,
    },
    metadata: {
      hidden_fields: HIDEABLE_FIELDS.map((name) => ({ name, label: EXISTING_FIELDS[name].label })),
      third_party_partner: found.third_party_partner,
    },
  };
}

/** GET /organizations/{id}/rx_form_preference: anyone who sees the organization (the case form reads it). */
export async function getPreference(ctx: AppContext, actor: Actor, organizationId: number) {
  return toResponse(await load(ctx, actor, organizationId));
}

/** PUT /organizations/{id}/rx_form_preference (organization.rx-form-preference.update). */
export async function updatePreference(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  input: UpdateInput,
  meta: RequestMeta,
) {
  const before = await load(ctx, actor, organizationId);
  authorize(actor, 'organization.rx-form-preference.update');
  if (!before.third_party_partner) {
    const errors: Record<string, string[]> = {};
    for (const field of [
      'initial_setup_assignments',
      'print_assignments',
      'insert_brackets_assignments',
    ] as const)
      if ((input[field] as number[]).includes(ASSIGNMENT_THIRD_PARTY))
        errors[field] = [RX_FORM_PREFERENCE_MESSAGES.thirdPartyWithoutPartner];
    if (Object.keys(errors).length > 0)
      throw unprocessable(RX_FORM_PREFERENCE_MESSAGES.thirdPartyWithoutPartner, errors);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.upsertPreference(trx, organizationId, {
      initial_setup_assignments: input.initial_setup_assignments,
      print_assignments: input.print_assignments,
      insert_brackets_assignments: input.insert_brackets_assignments,
      allowed_dibs_options: input.allowed_dibs_options,
      hidden_fields: input.hidden_fields,
      rush_case_enabled: input.rush_case_enabled,
    });
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip,
      requestId: meta.requestId,
      action: 'organizations.rx-form-preference.update',
      entityType: 'organization',
      entityId: organizationId,
      organizationId,
      outcome: 'success',
      details: { ...input },
    });
  });
  const after = await load(ctx, actor, organizationId);
  return { ...toResponse(after), message: RX_FORM_PREFERENCE_MESSAGES.saved };
}
