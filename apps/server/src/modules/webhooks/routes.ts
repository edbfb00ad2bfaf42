import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateWebhookRequest,
  ListWebhookDeliveriesQuery,
  ListWebhookDeliveriesResponse,
  ListWebhooksResponse,
  MessageResponse,
  OrganizationIdParams,
  SetWebhooksEnabledRequest,
  SetWebhooksOfferRequest,
  SetWebhooksOfferResponse,
  WebhooksOfferResponse,
  SetWebhooksEnabledResponse,
  UpdateWebhookRequest,
  WebhookEndpointParams,
  WebhookEventPayload,
  WebhookMessageResponse,
  WebhookSecretResponse,
  WebhookTestResponse,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import { registerWebhookDelivery } from './delivery.ts';
import * as service from './service.ts';

const tags = ['webhooks'];
const errors = errorResponses(400, 401, 403, 404, 422);

/**
 * What a receiver gets, as an OpenAPI callback of the create call: the JSON event payload, POSTed
 * to the endpoint URL with the Archline-Signature, Archline-Event and Archline-Delivery headers.
 */
const eventCallback = {
  webhookEvent: {
    '{$request.body#/url}': {
      post: {
        requestBody: {
          description: WebhookEventPayload.description,
          required: true,
          content: {
            'application/json': { schema: z.toJSONSchema(WebhookEventPayload, { target: 'openapi-3.0' }) },
          },
        },
        responses: {
          '2XX': { description: 'Received. Any other answer, or none within 10 seconds, is retried.' },
        },
      },
    },
  },
};

/** The Webhooks tab: enable switch, endpoints, signing secrets, delivery log and test event. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  registerWebhookDelivery(ctx);

  app.get(
    '/organizations/:id/webhooks/offer',
    {
      schema: {
        tags,
        summary:
          'Whether the provider offers webhooks to the practice, whether the practice has them on, and its endpoints (management, organization.webhooks.manage)',
        params: OrganizationIdParams,
        response: { 200: WebhooksOfferResponse, ...errors },
      },
    },
    async (request) => service.getOffer(ctx, requireActor(request), request.params.id),
  );

  app.put(
    '/organizations/:id/webhooks/offer',
    {
      schema: {
        tags,
        summary:
          'Offers webhooks to the practice (its Webhooks tab shows, webhooks off) or withdraws them (the tab hides, nothing is delivered; endpoints are kept) (management, organization.webhooks.manage)',
        params: OrganizationIdParams,
        body: SetWebhooksOfferRequest,
        response: { 200: SetWebhooksOfferResponse, ...errors },
      },
    },
    async (request) =>
      service.setOffer(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.offered,
        requestMeta(request),
      ),
  );

  app.post(
    '/organizations/:id/webhooks/set-enable',
    {
      schema: {
        tags,
        summary: "Switches the organization's webhooks on or off (organization.webhooks.manage)",
        params: OrganizationIdParams,
        body: SetWebhooksEnabledRequest,
        response: { 200: SetWebhooksEnabledResponse, ...errors },
      },
    },
    async (request) =>
      service.setEnabled(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.value,
        requestMeta(request),
      ),
  );

  app.get(
    '/organizations/:id/webhooks',
    {
      schema: {
        tags,
        summary: "The organization's webhook endpoints (never their signing secrets)",
        params: OrganizationIdParams,
        response: { 200: ListWebhooksResponse, ...errors },
      },
    },
    async (request) => service.listEndpoints(ctx, requireActor(request), request.params.id),
  );

  app.post(
    '/organizations/:id/webhooks',
    {
      schema: {
        tags,
        summary: 'Adds an endpoint; the answer carries its signing secret, shown this once',
        description:
          'In production the URL must resolve to a public address (422 "The endpoint must be a public address."). ' +
          'Deliveries are signed: Archline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>.',
        params: OrganizationIdParams,
        body: CreateWebhookRequest,
        response: { 201: WebhookSecretResponse, ...errors },
        callbacks: eventCallback,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createEndpoint(
            ctx,
            requireActor(request),
            request.params.id,
            request.body,
            requestMeta(request),
          ),
        ),
  );

  app.get(
    '/organizations/:id/webhooks/deliveries',
    {
      schema: {
        tags,
        summary: "The organization's deliveries, newest first (optionally of one endpoint)",
        params: OrganizationIdParams,
        querystring: ListWebhookDeliveriesQuery,
        response: { 200: ListWebhookDeliveriesResponse, ...errors },
      },
    },
    async (request) => service.listDeliveries(ctx, requireActor(request), request.params.id, request.query),
  );

  app.put(
    '/organizations/:id/webhooks/:webhookId',
    {
      schema: {
        tags,
        summary: 'Updates an endpoint (URL, event types, enabled)',
        params: WebhookEndpointParams,
        body: UpdateWebhookRequest,
        response: { 200: WebhookMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateEndpoint(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.webhookId,
        request.body,
        requestMeta(request),
      ),
  );

  app.delete(
    '/organizations/:id/webhooks/:webhookId',
    {
      schema: {
        tags,
        summary: 'Deletes an endpoint and its delivery log',
        params: WebhookEndpointParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) =>
      service.deleteEndpoint(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.webhookId,
        requestMeta(request),
      ),
  );

  app.post(
    '/organizations/:id/webhooks/:webhookId/rotate-secret',
    {
      schema: {
        tags,
        summary: 'Replaces the signing secret; the answer carries the new one, shown this once',
        params: WebhookEndpointParams,
        response: { 200: WebhookSecretResponse, ...errors },
      },
    },
    async (request) =>
      service.rotateSecret(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.webhookId,
        requestMeta(request),
      ),
  );

  app.post(
    '/organizations/:id/webhooks/:webhookId/test',
    {
      schema: {
        tags,
        summary: 'Queues a ping delivery to the endpoint (data: {webhook_id})',
        params: WebhookEndpointParams,
        response: { 202: WebhookTestResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await service.sendTest(
            ctx,
            requireActor(request),
            request.params.id,
            request.params.webhookId,
            requestMeta(request),
          ),
        ),
  );
};
