import {
  DEFAULT_LAYOUT,
  FORM_BUILDER_MESSAGES,
  type CreateFormBuilderRequest,
  type FormBuilderLayout,
  type UpdateFormBuilderRequest,
} from '@archline/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { conflict, fieldError, notFound } from '../../platform/http/errors.ts';
import { authorize } from '../../platform/permissions/index.ts';
import { requireVisibleOrganization } from '../../platform/permissions/organization-scope.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import * as repo from './repository.ts';

type CreateInput = z.output<typeof CreateFormBuilderRequest>;
type UpdateInput = z.output<typeof UpdateFormBuilderRequest>;

/** Which right edits a layout: the default one or an organization's own. */
function authorizeEdit(actor: Actor, organizationId: number | null): void {
  if (organizationId === null) authorize(actor, 'rx-forms.customize-default-layout');
  else authorize(actor, 'rx-forms.customize-organization-layout');
}

function toLayout(row: repo.LayoutRow | null, isDefault: boolean): FormBuilderLayout {
  if (!row)
    return { id: null, organization_id: null, is_default: true, form_data: DEFAULT_LAYOUT, updated_at: null };
  return {
    id: row.id,
    organization_id: row.organization_id,
    is_default: isDefault,
    form_data: row.form_data,
    updated_at: row.updated_at,
  };
}

async function defaultLayout(ctx: AppContext): Promise<FormBuilderLayout> {
  return toLayout(await repo.findLayoutOf(ctx.db, null), true);
}

/** GET /form-builder/default: the default layout (the built-in one until it is customized). */
export async function getDefaultLayout(ctx: AppContext): Promise<FormBuilderLayout> {
  return defaultLayout(ctx);
}

/** GET /organizations/{id}/form-builder: the organization's own layout, else the default. */
export async function getOrganizationLayout(ctx: AppContext, actor: Actor, organizationId: number) {
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  const own = await repo.findLayoutOf(ctx.db, organizationId);
  return own ? toLayout(own, false) : defaultLayout(ctx);
}

function audit(
  actor: Actor,
  meta: RequestMeta,
  action: string,
  layoutId: number,
  organizationId: number | null,
) {
  return {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action,
    entityType: 'form_builder_layout',
    entityId: layoutId,
    organizationId,
    outcome: 'success' as const,
  };
}

/** POST /form-builder: stores the default layout (first time) or an organization's own layout. */
export async function createLayout(ctx: AppContext, actor: Actor, input: CreateInput, meta: RequestMeta) {
  const organizationId = input.organization_id;
  if (organizationId !== null) await requireVisibleOrganization(ctx.db, actor, organizationId);
  authorizeEdit(actor, organizationId);
  if (input.form_builder_id) {
    const source = await repo.findLayout(ctx.db, input.form_builder_id);
    if (!source || (source.organization_id !== null && source.organization_id !== organizationId))
      throw fieldError('form_builder_id', 'The selected layout is invalid.');
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertLayout(trx, organizationId, input.form_data, actor.userId);
    if (!inserted)
      throw conflict(FORM_BUILDER_MESSAGES.layoutExists, {
        organization_id: [FORM_BUILDER_MESSAGES.layoutExists],
      });
    await recordAudit(trx, {
      ...audit(actor, meta, 'form-builder.create', inserted.id, organizationId),
      details: { form_builder_id: input.form_builder_id ?? null },
    });
    return inserted;
  });
  return { form_builder: toLayout(row, organizationId === null), message: FORM_BUILDER_MESSAGES.saved };
}

/** PUT /form-builder/{id} */
export async function updateLayout(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateInput,
  meta: RequestMeta,
) {
  const existing = await repo.findLayout(ctx.db, id);
  if (!existing) throw notFound();
  if (existing.organization_id !== null)
    await requireVisibleOrganization(ctx.db, actor, existing.organization_id);
  authorizeEdit(actor, existing.organization_id);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await repo.updateLayout(trx, id, input.form_data, actor.userId);
    await recordAudit(trx, audit(actor, meta, 'form-builder.update', id, existing.organization_id));
    return updated;
  });
  return { form_builder: toLayout(row, row.organization_id === null), message: FORM_BUILDER_MESSAGES.saved };
}

/** POST /organizations/{id}/form-builder/reset: the organization goes back to the default layout. */
export async function resetOrganizationLayout(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  meta: RequestMeta,
) {
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  authorizeEdit(actor, organizationId);
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await repo.deleteLayoutOf(trx, organizationId);
    if (removed !== null)
      await recordAudit(trx, audit(actor, meta, 'form-builder.reset', removed, organizationId));
  });
  return { form_builder: await defaultLayout(ctx), message: FORM_BUILDER_MESSAGES.reset };
}
