/** What other modules use of webhooks: emitting an event in their own transaction. */
export { emitWebhookEvent } from './service.ts';
