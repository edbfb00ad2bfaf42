import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { isNonPublicAddress } from './address-guard.ts';
import { sealSecret } from './signing.ts';

/**
 * Webhooks as an attacker would try them: endpoints inside the network (server-side request
 * forgery, at save time and again at delivery time), the signing secret read back, another
 * organization's endpoints.
 */
let t: TestApp;
let orgId: number;
let otherOrgId: number;
let owner: { authorization: string };
let otherOwner: { authorization: string };
let server: http.Server;
let hits = 0;
let receiverUrl: string;

async function ownerOf(organizationId: number) {
  const user = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: organizationId, role: 'organization_owner' }],
  });
  return bearer(await tokenFor(t, user.id));
}

beforeAll(async () => {
  // Private addresses refused, as in production.
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: '0' });
  orgId = await givenOrganization(t);
  otherOrgId = await givenOrganization(t);
  await t.db
    .updateTable('organizations')
    .set({ webhooks_enabled: true })
    .where('id', 'in', [orgId, otherOrgId])
    .execute();
  owner = await ownerOf(orgId);
  otherOwner = await ownerOf(otherOrgId);
  server = http.createServer((_req, res) => {
    hits++;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const base = (id: number) => `${API}/organizations/${id}/webhooks`;

describe('webhooks under attack', () => {
  it('classifies private, link-local, loopback and unspecified addresses as not public', () => {
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '127.255.0.9',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      'not-an-ip',
    ])
      expect(isNonPublicAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isNonPublicAddress(address), address).toBe(false);
  });

  it('refuses endpoints on private, link-local or loopback addresses with the product text', async () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://localhost:8080/hook',
      'https://10.0.0.5/hook',
      'https://192.168.0.10/',
      'https://172.20.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: base(orgId),
        headers: owner,
        payload: { url, events: ['case.submitted'] },
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url, url).toEqual([WEBHOOK_MESSAGES.publicAddress]);
    }
    expect(await t.db.selectFrom('webhooks').select('id').execute()).toEqual([]);
  });

  it('refuses to change an endpoint to a private address', async () => {
    const row = await t.db
      .insertInto('webhooks')
      .values({
        organization_id: orgId,
        url: 'https://93.184.215.14/hook',
        events: ['case.submitted'],
        secret: await sealSecret(t.ctx, 'whsec_x'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'PUT',
      url: `${base(orgId)}/${row.id}`,
      headers: owner,
      payload: { url: 'http://127.0.0.1:9/', events: ['case.submitted'], enabled: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.url).toEqual([WEBHOOK_MESSAGES.publicAddress]);
    await t.db.deleteFrom('webhooks').where('id', '=', row.id).execute();
  });

  it('checks the address again at delivery time: an endpoint now inside the network gets nothing', async () => {
    // As if the host resolved to a public address when saved and to loopback now (DNS rebinding).
    const row = await t.db
      .insertInto('webhooks')
      .values({
        organization_id: orgId,
        url: receiverUrl,
        events: ['case.submitted'],
        secret: await sealSecret(t.ctx, 'whsec_test'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const test = await t.app.inject({ method: 'POST', url: `${base(orgId)}/${row.id}/test`, headers: owner });
    expect(test.statusCode).toBe(202);
    await t.ctx.jobs.drain();
    expect(hits).toBe(0);
    const delivery = await t.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: null,
      error: WEBHOOK_MESSAGES.publicAddress,
    });
    await t.db.deleteFrom('webhooks').where('id', '=', row.id).execute();
  });

  it('never answers the signing secret again, and keeps it encrypted at rest', async () => {
    await t.db
      .insertInto('webhooks')
      .values({
        organization_id: orgId,
        url: 'https://93.184.215.14/a',
        events: ['invoice.issued'],
        secret: await sealSecret(t.ctx, 'whsec_known'),
      })
      .execute();
    const created = await t.app.inject({
      method: 'POST',
      url: base(orgId),
      headers: owner,
      payload: { url: 'https://93.184.215.14/b', events: ['invoice.issued'] },
    });
    // 93.184.215.14 is a public address: accepted without resolving anything.
    expect(created.statusCode).toBe(201);
    const { secret, webhook } = created.json();
    const stored = await t.db
      .selectFrom('webhooks')
      .select('secret')
      .where('id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret);
    expect(stored.secret).not.toContain(secret.slice(6));
    const answers = [
      await t.app.inject({ method: 'GET', url: base(orgId), headers: owner }),
      await t.app.inject({
        method: 'PUT',
        url: `${base(orgId)}/${webhook.id}`,
        headers: owner,
        payload: { url: 'https://93.184.215.14/c', events: ['invoice.issued'] },
      }),
      await t.app.inject({ method: 'GET', url: `${base(orgId)}/deliveries`, headers: owner }),
      await t.app.inject({
        method: 'POST',
        url: `${base(orgId)}/set-enable`,
        headers: owner,
        payload: { value: true },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBeLessThan(300);
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('whsec_');
      expect(res.body).not.toContain(stored.secret);
    }
    // A forged secret in the body is ignored.
    const forged = await t.app.inject({
      method: 'POST',
      url: base(orgId),
      headers: owner,
      payload: { url: 'https://93.184.215.14/d', events: ['invoice.issued'], secret: 'whsec_chosen' },
    });
    expect(forged.statusCode).toBe(201);
    expect(forged.json().secret).not.toBe('whsec_chosen');
  });

  it("keeps another organization's endpoints and deliveries out of reach", async () => {
    const mine = (await t.app.inject({ method: 'GET', url: base(orgId), headers: owner })).json().webhooks;
    expect(mine.length).toBeGreaterThan(0);
    const id = mine[0].id;
    const theirs = await t.app.inject({ method: 'GET', url: base(otherOrgId), headers: otherOwner });
    expect(theirs.json().webhooks).toEqual([]);
    const log = await t.app.inject({
      method: 'GET',
      url: `${base(otherOrgId)}/deliveries`,
      headers: otherOwner,
    });
    expect(log.json().data).toEqual([]);
    for (const [method, url] of [
      ['POST', `${base(otherOrgId)}/${id}/rotate-secret`],
      ['POST', `${base(otherOrgId)}/${id}/test`],
      ['DELETE', `${base(otherOrgId)}/${id}`],
      ['POST', `${base(orgId)}/${id}/rotate-secret`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: otherOwner });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('whsec_');
    }
    expect((await t.db.selectFrom('webhooks').select('id').where('id', '=', id).executeTakeFirst())?.id).toBe(
      id,
    );
  });

  it('refuses more than the maximum number of endpoints', async () => {
    const count = (
      await t.db.selectFrom('webhooks').select('id').where('organization_id', '=', otherOrgId).execute()
    ).length;
    for (let i = count; i < 10; i++)
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: base(otherOrgId),
            headers: otherOwner,
            payload: { url: `https://93.184.215.14/${i}`, events: ['case.submitted'] },
          })
        ).statusCode,
      ).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: base(otherOrgId),
      headers: otherOwner,
      payload: { url: 'https://93.184.215.14/x', events: ['case.submitted'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(WEBHOOK_MESSAGES.tooMany);
  });
});
