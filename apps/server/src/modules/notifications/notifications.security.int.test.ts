import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MAX_EMAILS, NOTIFICATION_SETTINGS_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { readSmsOutbox, SmsProviderError, twilioSmsProvider } from '../../platform/sms/provider.ts';
import { notifyUser } from './service.ts';

/**
 * The Email and Text Notifications of an organization as an attacker would try them: another
 * organization's settings, header injection in addresses, floods of recipients, forged providers.
 */
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: { authorization: string };
let managerAB: { id: number; headers: { authorization: string } };
let partner: { authorization: string };

const url = (org: number) => `${API}/organizations/${org}/notification-settings`;
const put = (org: number, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: url(org), headers, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t);
  orgB = await givenOrganization(t);
  const a = await givenUser(t, { roles: ['admin'] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  // Manager of A (current), only a member of B.
  const m = await givenUser(t, {
    organizations: [
      { id: orgA, role: 'organization_manager' },
      { id: orgB, role: 'organization_member' },
    ],
    current_organization_id: orgA,
  });
  managerAB = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  const p = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  partner = bearer(await tokenFor(t, p.id, { management: true }));
});
afterAll(() => t?.close());

describe('organization notification settings under attack', () => {
  it("a manager of one organization cannot read or change another organization's settings where only a member", async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: url(orgB), headers: managerAB.headers })).statusCode,
    ).toBe(403);
    const res = await put(orgB, managerAB.headers, {
      payment_failed: { enabled: true, phone_numbers: ['5125550100'] },
    });
    expect(res.statusCode).toBe(403);
    expect(
      await t.db
        .selectFrom('organization_notification_settings')
        .select('key')
        .where('organization_id', '=', orgB)
        .execute(),
    ).toEqual([]);
  });

  it('a lab partner serving the organization cannot redirect its texts', async () => {
    const res = await put(orgA, partner, {
      payment_failed: { enabled: true, phone_numbers: ['5125550100'] },
    });
    expect([403, 404]).toContain(res.statusCode);
  });

  it('refuses addresses carrying header injection, NUL or control characters', async () => {
    for (const email of ['a@x.test\r\nBcc: evil@x.test', 'a@x.test\nSubject: hi', 'a\u0000@x.test']) {
      const res = await put(orgA, admin, { payment_failed: { enabled: true, additional_emails: [email] } });
      expect(res.statusCode, email).toBe(400);
    }
    for (const phone of [
      '5125550100\nhi',
      '5125550100; rm -rf',
      '+1 512 555 0100 ext 9',
      '\u0000 5125550100',
    ]) {
      const res = await put(orgA, admin, { payment_failed: { enabled: true, phone_numbers: [phone] } });
      expect(res.statusCode, phone).toBe(400);
    }
  });

  it('refuses floods of recipients and non-array lists', async () => {
    const emails = Array.from({ length: NOTIFICATION_MAX_EMAILS + 1 }, (_, i) => `r${i}@x.test`);
    const many = await put(orgA, admin, { payment_failed: { enabled: true, additional_emails: emails } });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toEqual({
      'payment_failed.additional_emails': [NOTIFICATION_SETTINGS_MESSAGES.tooManyEmails],
    });
    const phones = Array.from({ length: 11 }, (_, i) => `51255501${String(i).padStart(2, '0')}`);
    const manyPhones = await put(orgA, admin, { payment_failed: { enabled: true, phone_numbers: phones } });
    expect(manyPhones.statusCode).toBe(400);
    const notArray = await put(orgA, admin, {
      payment_failed: { enabled: true, phone_numbers: '5125550100' },
    });
    expect(notArray.statusCode).toBe(400);
  });

  it('unknown keys and keys of the user settings are not stored', async () => {
    const res = await put(orgA, admin, {
      rush_case: { enabled: true, phone_numbers: ['5125550100'] },
      "x'); drop table users; --": { enabled: true },
    });
    expect(res.statusCode).toBe(200);
    expect(
      await t.db
        .selectFrom('organization_notification_settings')
        .select('key')
        .where('organization_id', '=', orgA)
        .execute(),
    ).toEqual([]);
  });

  it('a very long notification message is cut to one text message limit (1600 characters)', async () => {
    await put(orgA, admin, { case_on_hold: { enabled: true, phone_numbers: ['5125550123'] } });
    const before = readSmsOutbox(t.dataDir).length;
    await t.db.transaction().execute(async (trx) => {
      await notifyUser(t.ctx, trx, {
        userId: managerAB.id,
        message: 'x'.repeat(5000),
        type: 'case_on_hold',
        organizationId: orgA,
      });
    });
    await t.ctx.jobs.drain();
    const texts = readSmsOutbox(t.dataDir).slice(before);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body.length).toBe(1600);
  });
});

describe('the Twilio adapter', () => {
  let server: http.Server;
  let apiUrl: string;
  const seen: { url: string; authorization: string; form: URLSearchParams }[] = [];
  let answer: { status: number; body: unknown } = { status: 201, body: {} };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        seen.push({
          url: req.url ?? '',
          authorization: req.headers.authorization ?? '',
          form: new URLSearchParams(raw),
        });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("posts To, From and Body to the account's Messages resource and returns sid and status", async () => {
    answer = { status: 201, body: { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' } };
    const provider = twilioSmsProvider({ accountSid: 'AC123', authToken: 'secret', apiUrl });
    const result = await provider.send({ to: '+15125550100', from: '+15005550006', body: 'Hello & bye' });
    expect(result).toEqual({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' });
    const request = seen.at(-1)!;
    expect(request.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request.authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(Object.fromEntries(request.form)).toEqual({
      To: '+15125550100',
      From: '+15005550006',
      Body: 'Hello & bye',
    });
  });

  it('a 400 (invalid number) is permanent; a 500 or 429 may be retried; an account sid cannot escape the path', async () => {
    const provider = twilioSmsProvider({ accountSid: '../../evil?x=', authToken: 't', apiUrl });
    answer = { status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } };
    const bad = await provider.send({ to: '+1', from: '+15005550006', body: 'x' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(SmsProviderError);
    expect((bad as SmsProviderError).permanent).toBe(true);
    expect((bad as Error).message).toContain('21211');
    expect(seen.at(-1)!.url).toBe(
      `/2010-04-01/Accounts/${encodeURIComponent('../../evil?x=')}/Messages.json`,
    );
    for (const status of [500, 429]) {
      answer = { status, body: {} };
      const err = await provider
        .send({ to: '+15125550100', from: '+15005550006', body: 'x' })
        .catch((e: unknown) => e);
      expect((err as SmsProviderError).permanent).toBe(false);
    }
  });
});
