import { z } from 'zod';
import { pagingQuery, PaginationMeta } from './users.ts';

/**
 * Webhooks of a practice: HTTP endpoints that receive signed JSON events about the organization's
 * cases, requests and invoices. Spec: document 3 sections 2.5 (the account Webhooks tab), 7
 * (POST organizations/{id}/webhooks/set-enable {value}); document 1 section 2.4 (account tabs).
 *
 * Every delivery is an HTTP POST of a `WebhookEventPayload` with the headers below; the receiver
 * recomputes `v1` as the hex HMAC-SHA256 of `<t>.<raw body>` with the endpoint's signing secret.
 */

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'case.submitted',
  'case.status_changed',
  'request.completed',
  'case.shipped',
  'invoice.issued',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event of a test delivery ('Send test event'); never subscribed to. */
export const WEBHOOK_PING_EVENT = 'ping';
export type WebhookDeliveryEvent = WebhookEventType | typeof WEBHOOK_PING_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'case.submitted': 'Case submitted',
  'case.status_changed': 'Case status changed',
  'request.completed': 'Request completed',
  'case.shipped': 'Case shipped (with tracking number)',
  'invoice.issued': 'Invoice issued',
};

/** The request headers of a delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'Archline-Signature',
  event: 'Archline-Event',
  delivery: 'Archline-Delivery',
} as const;

/** Seconds a receiver has to answer; a 2xx answer is a success. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** Attempts of one delivery at most (the first one and five retries). */
export const WEBHOOK_MAX_ATTEMPTS = 6;
/** The wait before each retry, in seconds: 1 min, 5 min, 30 min, 2 h, 12 h. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 43_200] as const;

export const WEBHOOK_URL_MAX = 2000;
/** Endpoints one organization may have. */
export const WEBHOOK_MAX_ENDPOINTS = 10;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'The URL is required.',
  urlInvalid: 'The URL must be a valid http or https address.',
  urlTooLong: `The URL may not be longer than ${WEBHOOK_URL_MAX} characters.`,
  publicAddress: 'The endpoint must be a public address.',
  unresolvable: 'The endpoint host could not be resolved.',
  eventsRequired: 'Choose at least one event type.',
  eventInvalid: 'Unknown event type.',
  tooMany: `An organization may have at most ${WEBHOOK_MAX_ENDPOINTS} endpoints.`,
  notOffered: 'Webhooks are not available for this organization.',
  notFound: 'The webhook endpoint was not found.',
  enabled: 'Webhooks enabled.',
  disabled: 'Webhooks disabled.',
  created: 'Webhook endpoint added. Copy the signing secret now: it is shown only once.',
  updated: 'Webhook endpoint updated.',
  deleted: 'Webhook endpoint deleted.',
  rotated: 'Signing secret rotated. Copy the new secret now: it is shown only once.',
  testQueued: 'Test event queued.',
  noEndpoints: 'No webhook endpoints yet.',
  offered: 'Webhooks are now offered to this practice.',
  withdrawn: 'Webhooks are no longer offered to this practice.',
  noDeliveries: 'No deliveries yet.',
} as const;

const WebhookUrl = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (
        (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && !u.username && !u.password
      );
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.urlInvalid);

const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventInvalid }), {
    error: WEBHOOK_MESSAGES.eventsRequired,
  })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((e) => list.includes(e)));

export const SetWebhooksEnabledRequest = z.object({
  value: z.boolean({ error: 'The value must be true or false.' }),
});
export type SetWebhooksEnabledRequest = z.infer<typeof SetWebhooksEnabledRequest>;

export const SetWebhooksEnabledResponse = z.object({
  message: z.string(),
  webhooks_enabled: z.boolean(),
});
export type SetWebhooksEnabledResponse = z.infer<typeof SetWebhooksEnabledResponse>;

/**
 * Whether the provider offers webhooks to a practice (management, organization.webhooks.manage):
 * offered is webhooks_enabled not null (the practice's Webhooks tab shows); enabled is the
 * practice's own switch.
 */
export const WebhooksOfferResponse = z.object({
  offered: z.boolean(),
  enabled: z.boolean(),
  endpoints: z.number().int(),
});
export type WebhooksOfferResponse = z.infer<typeof WebhooksOfferResponse>;

export const SetWebhooksOfferRequest = z.object({
  offered: z.boolean({ error: 'The value must be true or false.' }),
});
export type SetWebhooksOfferRequest = z.infer<typeof SetWebhooksOfferRequest>;

export const SetWebhooksOfferResponse = WebhooksOfferResponse.extend({ message: z.string() });
export type SetWebhooksOfferResponse = z.infer<typeof SetWebhooksOfferResponse>;

export const WebhookEndpointParams = z.object({
  id: z.coerce.number().int().positive(),
  webhookId: z.coerce.number().int().positive(),
});

/** An endpoint as listed: its signing secret is never part of it. */
export const WebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const ListWebhooksResponse = z.object({
  webhooks_enabled: z.boolean(),
  webhooks: z.array(WebhookEndpoint),
});
export type ListWebhooksResponse = z.infer<typeof ListWebhooksResponse>;

export const CreateWebhookRequest = z.object({
  url: WebhookUrl,
  events: WebhookEvents,
  enabled: z.boolean().default(true),
});
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequest>;

export const UpdateWebhookRequest = CreateWebhookRequest;
export type UpdateWebhookRequest = z.input<typeof UpdateWebhookRequest>;

export const WebhookMessageResponse = z.object({ message: z.string(), webhook: WebhookEndpoint });
export type WebhookMessageResponse = z.infer<typeof WebhookMessageResponse>;

/** Create and rotate: the only answers that carry the signing secret. */
export const WebhookSecretResponse = z.object({
  message: z.string(),
  webhook: WebhookEndpoint,
  secret: z.string().describe('The signing secret (whsec_...). Shown this once; store it on the receiver.'),
});
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponse>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDelivery = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  url: z.string(),
  event: z.string(),
  /** The event id (the payload's id, the same on every attempt). */
  event_id: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  response_status: z.number().int().nullable(),
  attempts: z.number().int(),
  next_retry_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
export const ListWebhookDeliveriesQuery = z.object({
  ...pagingQuery(WEBHOOK_DELIVERIES_PAGE_SIZE, 100),
  webhook_id: z.coerce.number().int().positive().optional(),
});
export type ListWebhookDeliveriesQuery = z.input<typeof ListWebhookDeliveriesQuery>;

export const ListWebhookDeliveriesResponse = z.object({
  data: z.array(WebhookDelivery),
  meta: PaginationMeta,
});
export type ListWebhookDeliveriesResponse = z.infer<typeof ListWebhookDeliveriesResponse>;

export const WebhookTestResponse = z.object({ message: z.string(), delivery: WebhookDelivery });
export type WebhookTestResponse = z.infer<typeof WebhookTestResponse>;

/** The JSON body of every delivery (documented in the OpenAPI description). */
export const WebhookEventPayload = z
  .object({
    id: z.string().describe('The event id (evt_...), the same on every attempt of a delivery'),
    type: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_PING_EVENT]),
    created_at: z.string().describe('When the event happened (ISO 8601)'),
    organization_id: z.number().int(),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        'case.submitted: {patient_id, rx_form_id, patient_name, case_number, doctor_id}; ' +
          'case.status_changed: {patient_id, rx_form_id, patient_name, status: ready_for_approval | completed | cancelled}; ' +
          'request.completed and case.shipped: {request_id, patient_id, type, tracking_number}; ' +
          'invoice.issued: {order_id, invoice_id, invoice_date, payment_due_date, total (cents)}; ping: {webhook_id}',
      ),
  })
  .describe(
    'POSTed as application/json with the headers Archline-Event (the type), Archline-Delivery (the delivery id) and ' +
      'Archline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the signing secret>. ' +
      'Answer 2xx within 10 seconds; otherwise the delivery is retried after 1 min, 5 min, 30 min, 2 h and 12 h (6 attempts).',
  );
export type WebhookEventPayload = z.infer<typeof WebhookEventPayload>;
