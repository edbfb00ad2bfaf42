/**
 * Webhooks of a practice. Spec: document 3 sections 2.5 (the account Webhooks tab) and 7
 * (POST organizations/{id}/webhooks/set-enable {value}); document 1 section 2.4.
 *
 * Gates, enforced here: the organization must be visible to the actor (404 otherwise, before any
 * 403); then organization.webhooks.manage, which for a practice user counts only in their current
 * organization; then the organization must be offered webhooks (webhooks_enabled not null, 403).
 * An endpoint of another organization answers 404. Signing secrets leave the server only in the
 * answers of create and rotate.
 */
import crypto from 'node:crypto';
import {
  WEBHOOK_MAX_ENDPOINTS,
  ORGANIZATION_MESSAGES,
  WEBHOOK_MESSAGES,
  WEBHOOK_PING_EVENT,
  type CreateWebhookRequest,
  type ListWebhookDeliveriesQuery,
  type WebhookDeliveryEvent,
  type WebhookEventPayload,
  type WebhookEventType,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordActorAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, fieldError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { paginate } from '../../platform/http/paginate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { authorize } from '../../platform/permissions/index.ts';
import { requireVisibleOrganization } from '../../platform/permissions/organization-scope.ts';
import { EndpointAddressError, resolveEndpoint } from './address-guard.ts';
import { enqueueAttempt } from './delivery.ts';
import * as repo from './repository.ts';
import { generateSecret, sealSecret } from './signing.ts';

type Db = Kysely<DB>;
type EndpointInput = z.output<typeof CreateWebhookRequest>;
type DeliveriesQuery = { page: number; per_page: number; webhook_id?: number };
export type { ListWebhookDeliveriesQuery };

/** The organization (visible, offered webhooks) the actor manages webhooks of. */
async function managedOrganization(
  db: Db,
  actor: Actor,
  organizationId: number,
  opts: { forUpdate?: boolean } = {},
) {
  await requireVisibleOrganization(db, actor, organizationId);
  authorize(actor, 'organization.webhooks.manage');
  if (actor.profile === 'practice' && actor.currentOrganizationId !== organizationId) throw forbidden();
  const org = await repo.findOrganization(db, organizationId, opts);
  if (!org) throw notFound();
  if (org.webhooks_enabled === null) throw forbidden(WEBHOOK_MESSAGES.notOffered);
  return { id: Number(org.id), webhooksEnabled: org.webhooks_enabled };
}

async function endpointOf(db: Db, organizationId: number, id: number, opts: { forUpdate?: boolean } = {}) {
  const row = await repo.findEndpoint(db, organizationId, id, opts);
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

/** Refuses an endpoint that is not a public address (unless private addresses are allowed). */
async function checkUrl(ctx: AppContext, url: string): Promise<void> {
  if (ctx.config.webhooksAllowPrivate) return;
  try {
    await resolveEndpoint(new URL(url), { allowPrivate: false, messages: WEBHOOK_MESSAGES });
  } catch (err) {
    if (err instanceof EndpointAddressError) throw fieldError('url', err.message);
    throw err;
  }
}

async function audit(
  db: Db,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  organizationId: number,
  entityId: number,
  details: Record<string, unknown>,
) {
  await recordActorAudit(db, actor, meta, {
    action,
    entityType:
      action === 'webhooks.set-enable' || action === 'webhooks.set-offer' ? 'organization' : 'webhook',
    entityId,
    organizationId,
    details,
  });
}

/** POST /organizations/{id}/webhooks/set-enable {value} */
export async function setEnabled(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  value: boolean,
  meta: RequestMeta,
) {
  await managedOrganization(ctx.db, actor, organizationId);
  await ctx.db.transaction().execute(async (trx) => {
    await managedOrganization(trx, actor, organizationId, { forUpdate: true });
    await repo.setWebhooksEnabled(trx, organizationId, value);
    await audit(trx, actor, meta, 'webhooks.set-enable', organizationId, organizationId, { value });
  });
  return { message: value ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.disabled, webhooks_enabled: value };
}

/**
 * The organization whose webhook offer a member of the provider's staff manages: visible (404
 * otherwise), organization.webhooks.manage, the management profile (a practice never offers
 * itself webhooks: 403).
 */
async function offeringOrganization(
  db: Db,
  actor: Actor,
  organizationId: number,
  opts: { forUpdate?: boolean } = {},
) {
  await requireVisibleOrganization(db, actor, organizationId);
  authorize(actor, 'organization.webhooks.manage');
  if (actor.profile !== 'management') throw forbidden();
  const org = await repo.findOrganization(db, organizationId, opts);
  if (!org) throw notFound();
  return org;
}

async function offerOf(db: Db, organizationId: number, webhooksEnabled: boolean | null) {
  return {
    offered: webhooksEnabled !== null,
    enabled: webhooksEnabled === true,
    endpoints: await repo.countEndpoints(db, organizationId),
  };
}

/** GET /organizations/{id}/webhooks/offer (management) */
export async function getOffer(ctx: AppContext, actor: Actor, organizationId: number) {
  const org = await offeringOrganization(ctx.db, actor, organizationId);
  return offerOf(ctx.db, organizationId, org.webhooks_enabled);
}

/**
 * PUT /organizations/{id}/webhooks/offer {offered} (management): offering shows the practice its
 * Webhooks tab with webhooks off; withdrawing hides the tab and stops every delivery (endpoints and
 * secrets are kept for a later offer).
 */
export async function setOffer(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  offered: boolean,
  meta: RequestMeta,
) {
  await offeringOrganization(ctx.db, actor, organizationId);
  return ctx.db.transaction().execute(async (trx) => {
    const org = await offeringOrganization(trx, actor, organizationId, { forUpdate: true });
    if (org.deleted_at) throw conflict(ORGANIZATION_MESSAGES.readOnlyArchived);
    await repo.setWebhooksOffered(trx, organizationId, offered);
    await audit(trx, actor, meta, 'webhooks.set-offer', organizationId, organizationId, { offered });
    const after = await repo.findOrganization(trx, organizationId);
    return {
      message: offered ? WEBHOOK_MESSAGES.offered : WEBHOOK_MESSAGES.withdrawn,
      ...(await offerOf(trx, organizationId, after?.webhooks_enabled ?? null)),
    };
  });
}

/** GET /organizations/{id}/webhooks */
export async function listEndpoints(ctx: AppContext, actor: Actor, organizationId: number) {
  const org = await managedOrganization(ctx.db, actor, organizationId);
  const rows = await repo.listEndpoints(ctx.db, organizationId);
  return { webhooks_enabled: org.webhooksEnabled === true, webhooks: rows.map(repo.toEndpoint) };
}

/** POST /organizations/{id}/webhooks: answers the signing secret, this once. */
export async function createEndpoint(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  input: EndpointInput,
  meta: RequestMeta,
) {
  await managedOrganization(ctx.db, actor, organizationId);
  await checkUrl(ctx, input.url);
  const secret = generateSecret();
  const sealed = await sealSecret(ctx, secret);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await managedOrganization(trx, actor, organizationId, { forUpdate: true });
    if ((await repo.countEndpoints(trx, organizationId)) >= WEBHOOK_MAX_ENDPOINTS)
      throw unprocessable(WEBHOOK_MESSAGES.tooMany);
    const inserted = await repo.insertEndpoint(trx, {
      organization_id: organizationId,
      url: input.url,
      events: input.events,
      enabled: input.enabled,
      secret: sealed,
    });
    await audit(trx, actor, meta, 'webhooks.create', organizationId, Number(inserted.id), {
      url: input.url,
      events: input.events,
    });
    return inserted;
  });
  return { message: WEBHOOK_MESSAGES.created, webhook: repo.toEndpoint(row), secret };
}

/** PUT /organizations/{id}/webhooks/{webhookId} */
export async function updateEndpoint(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  id: number,
  input: EndpointInput,
  meta: RequestMeta,
) {
  await managedOrganization(ctx.db, actor, organizationId);
  await endpointOf(ctx.db, organizationId, id);
  await checkUrl(ctx, input.url);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await endpointOf(trx, organizationId, id, { forUpdate: true });
    const updated = await repo.updateEndpoint(trx, id, {
      url: input.url,
      events: input.events,
      enabled: input.enabled,
    });
    await audit(trx, actor, meta, 'webhooks.update', organizationId, id, {
      url: input.url,
      events: input.events,
      enabled: input.enabled,
    });
    return updated;
  });
  return { message: WEBHOOK_MESSAGES.updated, webhook: repo.toEndpoint(row) };
}

/** DELETE /organizations/{id}/webhooks/{webhookId} (its deliveries go with it). */
export async function deleteEndpoint(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  id: number,
  meta: RequestMeta,
) {
  await managedOrganization(ctx.db, actor, organizationId);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await endpointOf(trx, organizationId, id, { forUpdate: true });
    await repo.deleteEndpoint(trx, id);
    await audit(trx, actor, meta, 'webhooks.delete', organizationId, id, { url: row.url });
  });
  return { message: WEBHOOK_MESSAGES.deleted };
}

/** POST /organizations/{id}/webhooks/{webhookId}/rotate-secret: a new secret, shown this once. */
export async function rotateSecret(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  id: number,
  meta: RequestMeta,
) {
  await managedOrganization(ctx.db, actor, organizationId);
  await endpointOf(ctx.db, organizationId, id);
  const secret = generateSecret();
  const sealed = await sealSecret(ctx, secret);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await endpointOf(trx, organizationId, id, { forUpdate: true });
    const updated = await repo.updateEndpoint(trx, id, { secret: sealed });
    await audit(trx, actor, meta, 'webhooks.rotate-secret', organizationId, id, {});
    return updated;
  });
  return { message: WEBHOOK_MESSAGES.rotated, webhook: repo.toEndpoint(row), secret };
}

/** GET /organizations/{id}/webhooks/deliveries: newest first, optionally of one endpoint. */
export async function listDeliveries(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  query: DeliveriesQuery,
) {
  await managedOrganization(ctx.db, actor, organizationId);
  if (query.webhook_id !== undefined) await endpointOf(ctx.db, organizationId, query.webhook_id);
  return paginate({ page: query.page, perPage: query.per_page }, (page) =>
    repo.listDeliveries(ctx.db, organizationId, page, query.webhook_id),
  );
}

function eventPayload(
  organizationId: number,
  type: WebhookDeliveryEvent,
  data: Record<string, unknown>,
): WebhookEventPayload {
  return {
    id: `evt_${crypto.randomBytes(12).toString('hex')}`,
    type,
    created_at: new Date().toISOString(),
    organization_id: organizationId,
    data,
  };
}

/** Queues one delivery of `payload` to the endpoint, in `executor`'s transaction. */
async function queueDelivery(
  ctx: AppContext,
  executor: Db,
  webhookId: number,
  payload: WebhookEventPayload,
): Promise<number> {
  const { id } = await repo.insertDelivery(executor, {
    webhook_id: webhookId,
    event: payload.type,
    event_id: payload.id,
    payload,
  });
  await enqueueAttempt(ctx, executor, Number(id));
  return Number(id);
}

/** POST /organizations/{id}/webhooks/{webhookId}/test: queues a `ping` delivery to the endpoint. */
export async function sendTest(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  id: number,
  meta: RequestMeta,
) {
  await managedOrganization(ctx.db, actor, organizationId);
  await endpointOf(ctx.db, organizationId, id);
  const deliveryId = await ctx.db.transaction().execute(async (trx) => {
    await endpointOf(trx, organizationId, id, { forUpdate: true });
    const queued = await queueDelivery(
      ctx,
      trx,
      id,
      eventPayload(organizationId, WEBHOOK_PING_EVENT, { webhook_id: id }),
    );
    await audit(trx, actor, meta, 'webhooks.test', organizationId, id, { delivery_id: queued });
    return queued;
  });
  const row = await repo.findDelivery(ctx.db, deliveryId);
  return { message: WEBHOOK_MESSAGES.testQueued, delivery: repo.toDelivery(row!) };
}

/**
 * Emits an event to the organization's webhooks: one delivery (and its job) per enabled endpoint
 * subscribed to `type`, when the organization has webhooks switched on. Pass the caller's
 * transaction: a write that rolls back emits nothing, and nothing is sent before it commits. The
 * request that caused the event never waits for a receiver. Returns how many deliveries it queued.
 */
export async function emitWebhookEvent(
  ctx: AppContext,
  executor: Db,
  organizationId: number | null | undefined,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<number> {
  if (organizationId === null || organizationId === undefined) return 0;
  const endpoints = await repo.subscribedEndpoints(executor, organizationId, type);
  if (endpoints.length === 0) return 0;
  const payload = eventPayload(organizationId, type, data);
  for (const e of endpoints) await queueDelivery(ctx, executor, Number(e.id), payload);
  return endpoints.length;
}
