import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  WEBHOOK_HEADERS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_PING_EVENT,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { PermanentJobError } from '../../platform/jobs/index.ts';
import { resolveEndpoint, type ResolvedEndpoint } from './address-guard.ts';
import * as repo from './repository.ts';
import { openSecret, signatureHeader } from './signing.ts';

/**
 * Webhook deliveries on the durable jobs queue. Each attempt is one job carrying the delivery id:
 * it signs the stored payload, POSTs it (10 s at most, no redirects followed, to the address the
 * SSRF guard checked) and records the outcome on the delivery. A 2xx answer delivers it; anything
 * else schedules the next attempt as a new job after 1 min, 5 min, 30 min, 2 h and 12 h, and the
 * sixth failure fails the delivery. An attempt job that crashes is run again by the queue; a
 * delivery that is no longer pending is left alone, so a doubled job posts nothing twice.
 */
export const WEBHOOK_QUEUE = 'webhook-delivery';

/** Adds the job of one attempt; pass the caller's transaction so it exists only if that commits. */
export async function enqueueAttempt(
  ctx: AppContext,
  executor: Kysely<DB>,
  deliveryId: number,
  runAt?: Date,
): Promise<void> {
  await ctx.jobs.enqueue(
    executor,
    WEBHOOK_QUEUE,
    { delivery_id: deliveryId },
    { ...(runAt ? { runAt } : {}), maxAttempts: 3 },
  );
}

/** The wait before the attempt after `attempts` failed ones (undefined: no attempt left). */
export function retryDelaySeconds(attempts: number): number | undefined {
  if (attempts >= WEBHOOK_MAX_ATTEMPTS) return undefined;
  return WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1];
}

/** POSTs the body to the checked address; resolves with the status code of the answer. */
function post(
  url: URL,
  target: ResolvedEndpoint,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<number> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Archline-Webhooks/1.0',
        },
      },
      (response) => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_SECONDS} seconds.`)),
      timeoutMs,
    );
    request.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    request.end(body);
  });
}

const short = (text: string) => (text.length > 500 ? `${text.slice(0, 497)}...` : text);

/** Runs one attempt of a delivery and records it (see the file comment). */
export async function attemptDelivery(ctx: AppContext, deliveryId: number): Promise<void> {
  const d = await repo.findDelivery(ctx.db, deliveryId);
  if (!d || d.status !== 'pending') return;

  let responseStatus: number | null = null;
  let error: string | null = null;
  let durationMs: number | null = null;
  const switchedOff = d.event !== WEBHOOK_PING_EVENT && (!d.endpoint_enabled || d.webhooks_enabled !== true);
  if (switchedOff) error = 'Not sent: the endpoint or webhooks were switched off.';
  else {
    const started = Date.now();
    try {
      const url = new URL(d.url);
      const target = await resolveEndpoint(url, {
        allowPrivate: ctx.config.webhooksAllowPrivate,
        messages: WEBHOOK_MESSAGES,
      });
      const secret = await openSecret(ctx, d.secret);
      const body = JSON.stringify(d.payload);
      responseStatus = await post(
        url,
        target,
        body,
        {
          [WEBHOOK_HEADERS.signature]: signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
          [WEBHOOK_HEADERS.event]: d.event,
          [WEBHOOK_HEADERS.delivery]: String(d.id),
        },
        WEBHOOK_TIMEOUT_SECONDS * 1000,
      );
      if (responseStatus < 200 || responseStatus > 299) error = `The endpoint answered ${responseStatus}.`;
    } catch (err) {
      error = short((err instanceof Error ? err.message : String(err)) || 'The request failed.');
    }
    durationMs = Date.now() - started;
  }

  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockPendingDelivery(trx, deliveryId);
    if (!locked) return;
    const attempts = locked.attempts + 1;
    const base = { attempts, response_status: responseStatus, duration_ms: durationMs };
    if (error === null) {
      await repo.recordAttempt(trx, deliveryId, {
        ...base,
        status: 'delivered',
        error: null,
        next_retry_at: null,
      });
      return;
    }
    const delay = switchedOff ? undefined : retryDelaySeconds(attempts);
    if (delay === undefined) {
      await repo.recordAttempt(trx, deliveryId, { ...base, status: 'failed', error, next_retry_at: null });
      return;
    }
    const next = new Date(Date.now() + delay * 1000);
    await repo.recordAttempt(trx, deliveryId, { ...base, status: 'pending', error, next_retry_at: next });
    await enqueueAttempt(ctx, trx, deliveryId, next);
  });
  if (error !== null)
    ctx.log.info(
      { delivery: deliveryId, event: d.event, status: responseStatus, err: error },
      'webhook delivery failed',
    );
}

/** Registers the handler of the delivery queue. */
export function registerWebhookDelivery(ctx: AppContext): void {
  ctx.jobs.register(WEBHOOK_QUEUE, async (payload) => {
    const id = Number(payload.delivery_id);
    if (!Number.isInteger(id) || id <= 0) throw new PermanentJobError('a webhook delivery needs delivery_id');
    await attemptDelivery(ctx, id);
  });
}
