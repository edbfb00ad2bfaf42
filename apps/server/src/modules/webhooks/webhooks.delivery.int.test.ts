import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS, WebhookEventPayload } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient, buildRxForm } from '../../db/seed/factories.ts';
import { emitWebhookEvent } from './index.ts';

/** Deliveries to a receiver on 127.0.0.1: signatures, retries after a failure, the transaction rule. */
let t: TestApp;
let orgId: number;
let owner: { authorization: string };
let server: http.Server;
let receiverUrl: string;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
/** Status codes the receiver answers with, in turn; 200 once used up. */
let answers: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  orgId = await givenOrganization(t);
  await t.db.updateTable('organizations').set({ webhooks_enabled: true }).where('id', '=', orgId).execute();
  const user = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: orgId, role: 'organization_owner' }],
  });
  owner = bearer(await tokenFor(t, user.id));
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});
beforeEach(() => {
  received.length = 0;
  answers = [];
});

async function createEndpoint(events: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/organizations/${orgId}/webhooks`,
    headers: owner,
    payload: { url: receiverUrl, events },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { webhook: { id: number }; secret: string };
}

/** Checks the Archline-Signature header of a received request with the secret. */
function verify(request: (typeof received)[number], secret: string) {
  const header = String(request.headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(match, header).not.toBeNull();
  const expected = crypto.createHmac('sha256', secret).update(`${match![1]}.${request.body}`).digest('hex');
  expect(crypto.timingSafeEqual(Buffer.from(match![2]!, 'hex'), Buffer.from(expected, 'hex'))).toBe(true);
  expect(Math.abs(Number(match![1]) - Date.now() / 1000)).toBeLessThan(60);
}

const deliveriesOf = (webhookId: number) =>
  t.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('id')
    .execute();

describe('webhook deliveries', () => {
  it('delivers a signed test event that the receiver verifies with the secret', async () => {
    const { webhook, secret } = await createEndpoint(['case.submitted']);
    const test = await t.app.inject({
      method: 'POST',
      url: `${API}/organizations/${orgId}/webhooks/${webhook.id}/test`,
      headers: owner,
    });
    expect(test.statusCode).toBe(202);
    await t.ctx.jobs.drain();
    expect(received).toHaveLength(1);
    const request = received[0]!;
    verify(request, secret);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers[WEBHOOK_HEADERS.event.toLowerCase()]).toBe('ping');
    expect(request.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]).toBe(String(test.json().delivery.id));
    const payload = WebhookEventPayload.parse(JSON.parse(request.body));
    expect(payload).toMatchObject({ type: 'ping', organization_id: orgId, data: { webhook_id: webhook.id } });
    expect(payload.id).toBe(test.json().delivery.event_id);

    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      error: null,
      next_retry_at: null,
    });
    expect(row!.duration_ms).toBeGreaterThanOrEqual(0);
    // A secret that does not match fails the check.
    expect(() => verify(request, `${secret}x`)).toThrow();
  });

  it('retries after a 500 with the backoff, and the retry succeeds with the same event id', async () => {
    const { webhook, secret } = await createEndpoint(['invoice.issued']);
    answers = [500];
    const queued = await t.db
      .transaction()
      .execute((trx) =>
        emitWebhookEvent(t.ctx, trx, orgId, 'invoice.issued', { order_id: 7, total: 12_345 }),
      );
    expect(queued).toBe(1);
    await t.ctx.jobs.drain();
    expect(received).toHaveLength(1);
    let [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: 500,
      error: 'The endpoint answered 500.',
    });
    const wait = new Date(row!.next_retry_at!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);

    // Not due yet: nothing runs. Then the retry falls due.
    await t.ctx.jobs.drain();
    expect(received).toHaveLength(1);
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date() })
      .where('queue', '=', 'webhook-delivery')
      .where('status', '=', 'pending')
      .execute();
    await t.ctx.jobs.drain();
    expect(received).toHaveLength(2);
    verify(received[1]!, secret);
    expect(JSON.parse(received[1]!.body).id).toBe(JSON.parse(received[0]!.body).id);
    expect(JSON.parse(received[1]!.body)).toMatchObject({
      type: 'invoice.issued',
      data: { order_id: 7, total: 12_345 },
    });
    [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({
      status: 'delivered',
      attempts: 2,
      response_status: 200,
      error: null,
      next_retry_at: null,
    });

    const log = await t.app.inject({
      method: 'GET',
      url: `${API}/organizations/${orgId}/webhooks/deliveries?webhook_id=${webhook.id}`,
      headers: owner,
    });
    expect(log.json().data[0]).toMatchObject({
      event: 'invoice.issued',
      status: 'delivered',
      attempts: 2,
      response_status: 200,
    });
  });

  it('fails a delivery after six attempts', async () => {
    const { webhook } = await createEndpoint(['case.shipped']);
    answers = [503, 503, 503, 503, 503, 503];
    await t.db
      .transaction()
      .execute((trx) => emitWebhookEvent(t.ctx, trx, orgId, 'case.shipped', { tracking_number: '1Z999' }));
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      await t.ctx.jobs.drain();
      const [row] = await deliveriesOf(webhook.id);
      if (row!.next_retry_at)
        delays.push(Math.round((new Date(row!.next_retry_at).getTime() - Date.now()) / 60_000));
      await t.db
        .updateTable('jobs')
        .set({ run_at: new Date() })
        .where('queue', '=', 'webhook-delivery')
        .where('status', '=', 'pending')
        .execute();
    }
    expect(received).toHaveLength(6);
    expect(delays).toEqual([1, 5, 30, 120, 720]);
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 6, response_status: 503, next_retry_at: null });
  });

  it('emits only to enabled endpoints subscribed to the event, only when webhooks are on, and nothing on rollback', async () => {
    await t.db.deleteFrom('webhooks').where('organization_id', '=', orgId).execute();
    const subscribed = await createEndpoint(['case.status_changed']);
    await createEndpoint(['request.completed']);
    const emit = () =>
      t.db
        .transaction()
        .execute((trx) => emitWebhookEvent(t.ctx, trx, orgId, 'case.status_changed', { patient_id: 1 }));
    expect(await emit()).toBe(1);
    await t.ctx.jobs.drain();
    expect(received).toHaveLength(1);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await emitWebhookEvent(t.ctx, trx, orgId, 'case.status_changed', { patient_id: 2 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveriesOf(subscribed.webhook.id)).toHaveLength(1);

    await t.db
      .updateTable('organizations')
      .set({ webhooks_enabled: false })
      .where('id', '=', orgId)
      .execute();
    expect(await emit()).toBe(0);
    await t.db.updateTable('organizations').set({ webhooks_enabled: true }).where('id', '=', orgId).execute();
    // Queued while the endpoint was on, switched off before it went out: not sent.
    await t.db.transaction().execute(async (trx) => {
      expect(await emitWebhookEvent(t.ctx, trx, orgId, 'case.status_changed', { patient_id: 3 })).toBe(1);
      await trx
        .updateTable('webhooks')
        .set({ enabled: false })
        .where('id', '=', subscribed.webhook.id)
        .execute();
    });
    expect(await emit()).toBe(0);
    await t.ctx.jobs.drain();
    expect(received).toHaveLength(1);
    const rows = await deliveriesOf(subscribed.webhook.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['delivered', 1],
      ['failed', 1],
    ]);
  });

  it('a case completed through the API reaches the endpoint as case.status_changed, after the answer', async () => {
    await t.db.deleteFrom('webhooks').where('organization_id', '=', orgId).execute();
    await t.db.updateTable('organizations').set({ webhooks_enabled: true }).where('id', '=', orgId).execute();
    const { secret } = await createEndpoint(['case.status_changed']);
    const doctor = await givenUser(t, {
      roles: ['doctor'],
      organizations: [{ id: orgId, role: 'organization_member' }],
    });
    const patient = await buildPatient(t.db, {
      organization_id: orgId,
      user_id: doctor.id,
      first_name: 'Ana',
      last_name: 'Lopez',
    });
    await buildRxForm(t.db, { organization_id: orgId, user_id: doctor.id, patient_id: patient.id });
    const tech = await givenUser(t, { roles: ['tech_support'] });
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/patients/${patient.id}/complete_setup`,
      headers: bearer(await tokenFor(t, tech.id, { management: true })),
    });
    expect(res.statusCode).toBe(200);
    await t.ctx.jobs.drain();
    const event = received
      .map((r) => ({ r, body: JSON.parse(r.body) }))
      .find((e) => e.body.type === 'case.status_changed');
    expect(event?.body).toMatchObject({
      organization_id: orgId,
      data: { patient_id: patient.id, patient_name: 'Ana Lopez', status: 'completed' },
    });
    verify(event!.r, secret);
  });
});
