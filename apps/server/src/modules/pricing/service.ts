import {
  ORGANIZATION_MESSAGES,
  PRICING_MESSAGES,
  type Pricing,
  type UpdatePricingValues,
} from '@archline/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { authorize, can } from '../../platform/permissions/index.ts';
import { seesOrganization } from '../../platform/permissions/organization-scope.ts';
import { customControls, type LayoutItem } from '@archline/contracts/form-builder';
import * as formBuilder from '../form-builder/service.ts';
import * as repo from './repository.ts';

type Db = AppContext['db'];

/**
 * Pricing (Customize Fees). The global price list (organization_id null) needs pricing.update;
 * an organization's own list needs organization.pricing.update, and another organization's answers
 * 404 before any 403. Money is integer cents here; the repository converts the dollar columns.
 */

async function globalPricing(db: Db): Promise<Pricing> {
  return (await repo.findPricing(db, null))?.pricing ?? repo.emptyPricing(null);
}

/**
 * The prices that apply to an organization, in cents: its own list when it has one, else the
 * global list (is_custom false). For other modules (the billing run): no access check here.
 */
export async function effectivePricing(
  ctx: Pick<AppContext, 'db'>,
  organizationId: number,
): Promise<Pricing> {
  const own = await repo.findPricing(ctx.db, organizationId);
  if (own) return own.pricing;
  return { ...(await globalPricing(ctx.db)), organization_id: organizationId, is_custom: false };
}

/** The global price list, in cents (for other modules; no access check). */
export async function globalPriceList(ctx: Pick<AppContext, 'db'>): Promise<Pricing> {
  return globalPricing(ctx.db);
}

/** The organization, visible to the actor and not archived from view (404 otherwise). */
async function visibleOrganization(ctx: AppContext, actor: Actor, organizationId: number) {
  if (!seesOrganization(actor, organizationId)) throw notFound();
  const org = await ctx.db
    .selectFrom('organizations')
    .select(['id', 'deleted_at', 'disabled_at'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!org) throw notFound();
  if (org.deleted_at && !can(actor, 'organization.view-archived')) throw notFound();
  return org;
}

function assertWritable(org: { deleted_at: Date | null; disabled_at: Date | null }) {
  if (org.deleted_at) throw conflict(ORGANIZATION_MESSAGES.readOnlyArchived);
  if (org.disabled_at) throw conflict(ORGANIZATION_MESSAGES.readOnlyDisabled);
}

function audit(
  executor: Db,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  organizationId: number | null,
  details: Record<string, unknown>,
) {
  return recordAudit(executor, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: 'success',
    action,
    entityType: 'pricing',
    entityId: organizationId,
    organizationId,
    details,
  });
}

/**
 * The custom Rx form fields a price list prices: every fee-enabled control with options of the
 * layout the list applies to, each option with its saved price (0 until one is set). Saved prices
 * of controls no longer in the layout are left out (a save drops them).
 */
function withLayoutFields(pricing: Pricing, layout: readonly unknown[]): Pricing {
  const saved = new Map(pricing.custom_rxform.map((f) => [f.id, f]));
  const custom_rxform = customControls(layout as LayoutItem[])
    .filter((c) => c.fee_enabled && (c.props.options?.length ?? 0) > 0)
    .map((c) => {
      const old = saved.get(c.id) ?? (c.custom_system_name ? saved.get(c.custom_system_name) : undefined);
      return {
        id: c.id,
        label: c.props.label,
        options: (c.props.options ?? []).map((o) => ({
          id: o.id,
          label: o.name,
          price: old?.options.find((x) => x.id === o.id)?.price ?? 0,
        })),
      };
    });
  return { ...pricing, custom_rxform };
}

/** GET /pricing: with the default layout's priced fields. */
export async function getGlobalPricing(ctx: AppContext, actor: Actor): Promise<Pricing> {
  authorize(actor, 'pricing.update');
  const layout = await formBuilder.getDefaultLayout(ctx);
  return withLayoutFields(await globalPricing(ctx.db), layout.form_data);
}

/** PUT /pricing: the whole global price list. */
export async function updateGlobalPricing(
  ctx: AppContext,
  actor: Actor,
  values: UpdatePricingValues,
  meta: RequestMeta,
): Promise<{ message: string; pricing: Pricing }> {
  authorize(actor, 'pricing.update');
  await ctx.db.transaction().execute(async (trx) => {
    await repo.savePricing(trx, null, values, actor.userId);
    await audit(trx, actor, meta, 'pricing.update', null, { values });
  });
  return { message: PRICING_MESSAGES.updated, pricing: await getGlobalPricing(ctx, actor) };
}

/** GET /organizations/{id}/pricing: its own list, or the global one (is_custom false). */
export async function getOrganizationPricing(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
): Promise<Pricing> {
  await visibleOrganization(ctx, actor, organizationId);
  authorize(actor, 'organization.pricing.update');
  return effectivePricing(ctx, organizationId);
}

/** PUT /organizations/{id}/pricing: the organization's own list (archived or disabled: 409). */
export async function updateOrganizationPricing(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  values: UpdatePricingValues,
  meta: RequestMeta,
): Promise<{ message: string; pricing: Pricing }> {
  const org = await visibleOrganization(ctx, actor, organizationId);
  authorize(actor, 'organization.pricing.update');
  assertWritable(org);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.savePricing(trx, organizationId, values, actor.userId);
    await audit(trx, actor, meta, 'organization.pricing.update', organizationId, { values });
  });
  return {
    message: PRICING_MESSAGES.updated,
    pricing: await getOrganizationPricing(ctx, actor, organizationId),
  };
}

/** DELETE /organizations/{id}/pricing: the organization goes back to the global prices. */
export async function resetOrganizationPricing(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  meta: RequestMeta,
): Promise<{ message: string; pricing: Pricing }> {
  const org = await visibleOrganization(ctx, actor, organizationId);
  authorize(actor, 'organization.pricing.update');
  assertWritable(org);
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await repo.deleteOrganizationPricing(trx, organizationId);
    if (removed) await audit(trx, actor, meta, 'organization.pricing.reset', organizationId, {});
  });
  return {
    message: PRICING_MESSAGES.reset,
    pricing: await getOrganizationPricing(ctx, actor, organizationId),
  };
}
