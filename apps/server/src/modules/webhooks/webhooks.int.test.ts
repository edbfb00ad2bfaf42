import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type ListWebhookDeliveriesResponse } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

let t: TestApp;
let orgId: number;
let otherOrgId: number;
let owner: { authorization: string };
let member: { authorization: string };
let otherOwner: { authorization: string };
let notOfferedOwner: { authorization: string };
let notOfferedOrgId: number;

async function ownerOf(
  organizationId: number,
  role: 'organization_owner' | 'organization_member' = 'organization_owner',
) {
  const user = await givenUser(t, { roles: ['doctor'], organizations: [{ id: organizationId, role }] });
  return bearer(await tokenFor(t, user.id));
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = await givenOrganization(t);
  otherOrgId = await givenOrganization(t);
  notOfferedOrgId = await givenOrganization(t);
  await t.db
    .updateTable('organizations')
    .set({ webhooks_enabled: false })
    .where('id', 'in', [orgId, otherOrgId])
    .execute();
  owner = await ownerOf(orgId);
  member = await ownerOf(orgId, 'organization_member');
  otherOwner = await ownerOf(otherOrgId);
  notOfferedOwner = await ownerOf(notOfferedOrgId);
});
afterAll(() => t?.close());

const base = (id: number) => `${API}/organizations/${id}/webhooks`;
const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const valid = { url: 'http://127.0.0.1:9/hook', events: ['case.submitted', 'invoice.issued'] };

describe('webhooks', () => {
  it('set-enable switches the organization on and off; the list reports it', async () => {
    const on = await inject('POST', `${base(orgId)}/set-enable`, owner, { value: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ message: WEBHOOK_MESSAGES.enabled, webhooks_enabled: true });
    const list = await inject('GET', base(orgId), owner);
    expect(list.json()).toEqual({ webhooks_enabled: true, webhooks: [] });
    const off = await inject('POST', `${base(orgId)}/set-enable`, owner, { value: false });
    expect(off.json().message).toBe(WEBHOOK_MESSAGES.disabled);
    const row = await t.db
      .selectFrom('organizations')
      .select('webhooks_enabled')
      .where('id', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(row.webhooks_enabled).toBe(false);
    expect((await inject('POST', `${base(orgId)}/set-enable`, owner, {})).json().errors.value).toBeDefined();
  });

  it('creates, lists, updates, rotates and deletes an endpoint; the secret only on create and rotate', async () => {
    const created = await inject('POST', base(orgId), owner, valid);
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.message).toBe(WEBHOOK_MESSAGES.created);
    expect(body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(body.webhook).toMatchObject({ url: valid.url, events: valid.events, enabled: true });
    const id = body.webhook.id as number;

    const list = await inject('GET', base(orgId), owner);
    expect(list.json().webhooks).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(body.secret);

    const updated = await inject('PUT', `${base(orgId)}/${id}`, owner, {
      url: 'https://127.0.0.1:9/other',
      events: ['request.completed', 'case.shipped'],
      enabled: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: WEBHOOK_MESSAGES.updated,
      webhook: {
        url: 'https://127.0.0.1:9/other',
        events: ['request.completed', 'case.shipped'],
        enabled: false,
      },
    });
    expect(updated.json().secret).toBeUndefined();

    const rotated = await inject('POST', `${base(orgId)}/${id}/rotate-secret`, owner);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().message).toBe(WEBHOOK_MESSAGES.rotated);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(body.secret);

    const deleted = await inject('DELETE', `${base(orgId)}/${id}`, owner);
    expect(deleted.json()).toEqual({ message: WEBHOOK_MESSAGES.deleted });
    expect((await inject('GET', base(orgId), owner)).json().webhooks).toEqual([]);
    expect((await inject('DELETE', `${base(orgId)}/${id}`, owner)).statusCode).toBe(404);
  });

  it('validates the URL and the event types with the product texts', async () => {
    const cases: [unknown, string, string][] = [
      [{ events: ['case.submitted'] }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [{ url: '', events: ['case.submitted'] }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [{ url: 'ftp://example.com/x', events: ['case.submitted'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'not a url', events: ['case.submitted'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [
        { url: 'https://user:pw@example.com/', events: ['case.submitted'] },
        'url',
        WEBHOOK_MESSAGES.urlInvalid,
      ],
      [
        { url: `https://example.com/${'a'.repeat(2100)}`, events: ['case.submitted'] },
        'url',
        WEBHOOK_MESSAGES.urlTooLong,
      ],
      [{ url: valid.url, events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: valid.url }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: valid.url, events: ['case.deleted'] }, 'events.0', WEBHOOK_MESSAGES.eventInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const res = await inject('POST', base(orgId), owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(res.json())).toContain(message);
    }
  });

  it('queues a test event and lists the delivery, newest first', async () => {
    const created = (await inject('POST', base(orgId), owner, valid)).json();
    const test = await inject('POST', `${base(orgId)}/${created.webhook.id}/test`, owner);
    expect(test.statusCode).toBe(202);
    expect(test.json()).toMatchObject({
      message: WEBHOOK_MESSAGES.testQueued,
      delivery: { event: 'ping', webhook_id: created.webhook.id, attempts: 0, status: 'pending' },
    });
    await inject('POST', `${base(orgId)}/${created.webhook.id}/test`, owner);
    const page = await inject('GET', `${base(orgId)}/deliveries?per_page=1`, owner);
    expect(page.statusCode).toBe(200);
    const log = page.json() as ListWebhookDeliveriesResponse;
    expect(log.meta).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    expect(log.data[0]!.id).toBeGreaterThan(test.json().delivery.id);
    const filtered = await inject('GET', `${base(orgId)}/deliveries?webhook_id=${created.webhook.id}`, owner);
    expect(filtered.json().meta.total).toBe(2);
    expect((await inject('GET', `${base(orgId)}/deliveries?page=0`, owner)).statusCode).toBe(400);
  });

  it('answers 401 without a session on every call', async () => {
    for (const [method, url] of [
      ['POST', `${base(orgId)}/set-enable`],
      ['GET', base(orgId)],
      ['POST', base(orgId)],
      ['PUT', `${base(orgId)}/1`],
      ['DELETE', `${base(orgId)}/1`],
      ['POST', `${base(orgId)}/1/rotate-secret`],
      ['POST', `${base(orgId)}/1/test`],
      ['GET', `${base(orgId)}/deliveries`],
    ] as const)
      expect((await inject(method, url, {}, method === 'GET' ? undefined : {})).statusCode, url).toBe(401);
  });

  it('answers 403 to a member without webhooks.manage and to an organization not offered webhooks', async () => {
    const id = (await inject('POST', base(orgId), owner, valid)).json().webhook.id as number;
    for (const [headers, org] of [
      [member, orgId],
      [notOfferedOwner, notOfferedOrgId],
    ] as const) {
      for (const [method, url, payload] of [
        ['POST', `${base(org)}/set-enable`, { value: true }],
        ['GET', base(org), undefined],
        ['POST', base(org), valid],
        ['PUT', `${base(org)}/${id}`, valid],
        ['DELETE', `${base(org)}/${id}`, undefined],
        ['POST', `${base(org)}/${id}/rotate-secret`, undefined],
        ['POST', `${base(org)}/${id}/test`, undefined],
        ['GET', `${base(org)}/deliveries`, undefined],
      ] as const)
        expect((await inject(method, url, headers, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const notOffered = await inject('GET', base(notOfferedOrgId), notOfferedOwner);
    expect(notOffered.json().message).toBe(WEBHOOK_MESSAGES.notOffered);
  });

  it("answers 404 for another organization and for another organization's endpoint", async () => {
    const id = (await inject('POST', base(orgId), owner, valid)).json().webhook.id as number;
    for (const [method, url, payload] of [
      ['POST', `${base(orgId)}/set-enable`, { value: true }],
      ['GET', base(orgId), undefined],
      ['POST', base(orgId), valid],
      ['PUT', `${base(orgId)}/${id}`, valid],
      ['DELETE', `${base(orgId)}/${id}`, undefined],
      ['POST', `${base(orgId)}/${id}/rotate-secret`, undefined],
      ['POST', `${base(orgId)}/${id}/test`, undefined],
      ['GET', `${base(orgId)}/deliveries`, undefined],
    ] as const)
      expect((await inject(method, url, otherOwner, payload)).statusCode, `${method} ${url}`).toBe(404);
    // The other owner naming this endpoint under their own organization.
    for (const [method, url, payload] of [
      ['PUT', `${base(otherOrgId)}/${id}`, valid],
      ['DELETE', `${base(otherOrgId)}/${id}`, undefined],
      ['POST', `${base(otherOrgId)}/${id}/rotate-secret`, undefined],
      ['POST', `${base(otherOrgId)}/${id}/test`, undefined],
      ['GET', `${base(otherOrgId)}/deliveries?webhook_id=${id}`, undefined],
    ] as const) {
      const res = await inject(method, url, otherOwner, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await inject('GET', `${base(999_999)}`, owner)).statusCode).toBe(404);
  });
});

describe('the webhook offer (management)', () => {
  let admin: { authorization: string };
  let tech: { authorization: string };
  let practiceId: number;
  let practiceOwner: { authorization: string };

  beforeAll(async () => {
    const a = await givenUser(t, { roles: ['admin'] });
    admin = bearer(await tokenFor(t, a.id, { management: true }));
    const te = await givenUser(t, { roles: ['tech_support'] });
    tech = bearer(await tokenFor(t, te.id, { management: true }));
    practiceId = await givenOrganization(t);
    practiceOwner = await ownerOf(practiceId);
  });

  it('offering shows the practice its tab with webhooks off; withdrawing hides it again and keeps nothing on', async () => {
    const before = await inject('GET', `${base(practiceId)}/offer`, admin);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ offered: false, enabled: false, endpoints: 0 });
    expect((await inject('GET', base(practiceId), practiceOwner)).json().message).toBe(
      WEBHOOK_MESSAGES.notOffered,
    );

    const offered = await inject('PUT', `${base(practiceId)}/offer`, admin, { offered: true });
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toEqual({
      message: WEBHOOK_MESSAGES.offered,
      offered: true,
      enabled: false,
      endpoints: 0,
    });
    // The practice now manages its webhooks.
    expect(
      (await inject('POST', `${base(practiceId)}/set-enable`, practiceOwner, { value: true })).statusCode,
    ).toBe(200);
    expect((await inject('POST', base(practiceId), practiceOwner, valid)).statusCode).toBe(201);
    // Offering again keeps the practice's own switch.
    expect((await inject('PUT', `${base(practiceId)}/offer`, admin, { offered: true })).json()).toMatchObject(
      {
        enabled: true,
        endpoints: 1,
      },
    );

    const withdrawn = await inject('PUT', `${base(practiceId)}/offer`, admin, { offered: false });
    expect(withdrawn.json()).toEqual({
      message: WEBHOOK_MESSAGES.withdrawn,
      offered: false,
      enabled: false,
      endpoints: 1,
    });
    const list = await inject('GET', base(practiceId), practiceOwner);
    expect(list.statusCode).toBe(403);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'webhooks.set-offer')
      .where('entity_id', '=', String(practiceId))
      .execute();
    expect(audit).toHaveLength(3);
  });

  it('401 without a session, 403 for staff without the permission and for the practice itself, 404 for an unknown organization, 400 naming the field', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base(practiceId)}/offer` })).statusCode).toBe(401);
    expect((await inject('PUT', `${base(practiceId)}/offer`, tech, { offered: true })).statusCode).toBe(403);
    expect((await inject('PUT', `${base(orgId)}/offer`, owner, { offered: true })).statusCode).toBe(403);
    expect((await inject('GET', `${base(orgId)}/offer`, owner)).statusCode).toBe(403);
    expect((await inject('GET', `${base(999_999)}/offer`, admin)).statusCode).toBe(404);
    // Another organization's practice user: 404 before any 403.
    expect((await inject('PUT', `${base(orgId)}/offer`, otherOwner, { offered: false })).statusCode).toBe(404);
    const bad = await inject('PUT', `${base(practiceId)}/offer`, admin, { offered: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.offered).toEqual(['The value must be true or false.']);
  });
});
