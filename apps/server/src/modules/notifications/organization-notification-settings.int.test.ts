import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRACKET_TEETH,
  NOTIFICATION_SETTINGS_MESSAGES,
  ORGANIZATION_MESSAGES,
  ORGANIZATION_NOTIFICATION_KEYS,
  type OrganizationNotificationSettingsResponse,
} from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { readOutbox } from '../../platform/mail/delivery.ts';
import { readSmsOutbox } from '../../platform/sms/provider.ts';
import { notifyUser } from './service.ts';

let t: TestApp;
let orgA: number;
let orgB: number;
let admin: { authorization: string };
let tech: { authorization: string };
let ownerA: { id: number; headers: { authorization: string } };
let managerA: { id: number; headers: { authorization: string } };
let memberA: { authorization: string };

const url = (org: number) => `${API}/organizations/${org}/notification-settings`;
const call = (
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: path,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  const te = await givenUser(t, { roles: ['tech_support'] });
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  const o = await givenUser(t, {
    email: 'owner@bright.test',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  ownerA = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  const m = await givenUser(t, {
    email: 'manager@bright.test',
    organizations: [{ id: orgA, role: 'organization_manager' }],
  });
  managerA = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  const mem = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_member' }] });
  memberA = bearer(await tokenFor(t, mem.id));
});
afterAll(() => t?.close());

describe('GET /organizations/{id}/notification-settings', () => {
  it('without a token answers 401', async () => {
    expect((await call('GET', url(orgA), {})).statusCode).toBe(401);
  });

  it('without organization.notification-settings.update answers 403 (technician, member)', async () => {
    for (const headers of [tech, memberA]) {
      const res = await call('GET', url(orgA), headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    }
  });

  it("another organization's settings answer 404; an unknown organization 404", async () => {
    expect((await call('GET', url(orgB), ownerA.headers)).statusCode).toBe(404);
    expect((await call('GET', url(999999), admin)).statusCode).toBe(404);
  });

  it('lists every key with its defaults and the members’ e-mails as suggestions', async () => {
    const res = await call('GET', url(orgA), admin);
    expect(res.statusCode).toBe(200);
    const body = res.json() as OrganizationNotificationSettingsResponse;
    expect(body.data.map((d) => d.key)).toEqual([...ORGANIZATION_NOTIFICATION_KEYS]);
    expect(body.data[0]).toEqual({
      key: 'low_bracket_inventory',
      label: 'Low Bracket Inventory',
      enabled: true,
      additional_emails: [],
      is_disable_default_recipients: false,
      phone_numbers: [],
    });
    expect(body.metadata.email_suggestions).toEqual(
      expect.arrayContaining(['manager@bright.test', 'owner@bright.test']),
    );
    // The practice's owner and manager manage their own organization's settings.
    expect((await call('GET', url(orgA), ownerA.headers)).statusCode).toBe(200);
    expect((await call('GET', url(orgA), managerA.headers)).statusCode).toBe(200);
  });

  it('rejects a malformed id naming the field', async () => {
    const res = await call('GET', `${API}/organizations/abc/notification-settings`, admin);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['id']);
  });
});

describe('PUT /organizations/{id}/notification-settings', () => {
  const paymentFailed = {
    enabled: true,
    additional_emails: ['billing@bright.test'],
    is_disable_default_recipients: true,
    phone_numbers: ['(512) 555-0100'],
  };

  it('without a token answers 401; without the permission 403; another organization 404', async () => {
    expect((await call('PUT', url(orgA), {}, { payment_failed: paymentFailed })).statusCode).toBe(401);
    expect((await call('PUT', url(orgA), tech, { payment_failed: paymentFailed })).statusCode).toBe(403);
    expect((await call('PUT', url(orgA), memberA, { payment_failed: paymentFailed })).statusCode).toBe(403);
    expect((await call('PUT', url(orgB), ownerA.headers, { payment_failed: paymentFailed })).statusCode).toBe(
      404,
    );
    const rows = await t.db.selectFrom('organization_notification_settings').select('key').execute();
    expect(rows).toEqual([]);
  });

  it('saves the keys given, keeps the others, and writes an audit row', async () => {
    const res = await call('PUT', url(orgA), managerA.headers, { payment_failed: paymentFailed });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Notification settings successfully updated.');
    expect(body.data.find((d: { key: string }) => d.key === 'payment_failed')).toEqual({
      key: 'payment_failed',
      label: 'Payment Failed',
      ...paymentFailed,
    });
    const again = await call('PUT', url(orgA), admin, { monthly_invoice: { enabled: false } });
    expect(again.statusCode).toBe(200);
    const read = (await call('GET', url(orgA), admin)).json() as OrganizationNotificationSettingsResponse;
    expect(read.data.find((d) => d.key === 'payment_failed')).toMatchObject(paymentFailed);
    expect(read.data.find((d) => d.key === 'monthly_invoice')).toMatchObject({ enabled: false });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'organizations.notification-settings.update')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actor_user_id: managerA.id,
      entity_type: 'organization',
      entity_id: String(orgA),
      outcome: 'success',
    });
  });

  it('names invalid e-mails and phones, duplicates and disabling default recipients without an e-mail', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { case_on_hold: { enabled: true, additional_emails: ['not-an-email'] } },
        { 'case_on_hold.additional_emails.0': [NOTIFICATION_SETTINGS_MESSAGES.invalidEmail] },
      ],
      [
        { case_on_hold: { enabled: true, phone_numbers: ['555-0100'] } },
        { 'case_on_hold.phone_numbers.0': [NOTIFICATION_SETTINGS_MESSAGES.invalidPhone] },
      ],
      [
        { case_on_hold: { enabled: true, is_disable_default_recipients: true } },
        { 'case_on_hold.is_disable_default_recipients': [NOTIFICATION_SETTINGS_MESSAGES.disableNeedsEmail] },
      ],
      [
        { case_on_hold: { enabled: true, phone_numbers: ['5125550100', '+1 512 555 0100'] } },
        { 'case_on_hold.phone_numbers': [NOTIFICATION_SETTINGS_MESSAGES.duplicatePhone] },
      ],
      [
        { case_on_hold: { enabled: 'yes' } },
        { 'case_on_hold.enabled': [NOTIFICATION_SETTINGS_MESSAGES.enabledBoolean] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await call('PUT', url(orgA), admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const row = await t.db
      .selectFrom('organization_notification_settings')
      .select('key')
      .where('key', '=', 'case_on_hold')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('an archived or disabled organization is read-only (409)', async () => {
    const org = await givenOrganization(t);
    await t.db.updateTable('organizations').set({ disabled_at: new Date() }).where('id', '=', org).execute();
    const res = await call('PUT', url(org), admin, { payment_failed: paymentFailed });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORGANIZATION_MESSAGES.readOnlyDisabled);
  });
});

describe('a notification of a key with phone numbers sends a text message', () => {
  it('low bracket inventory texts each phone once and mails each additional email once', async () => {
    const saved = await call('PUT', url(orgA), admin, {
      low_bracket_inventory: {
        enabled: true,
        additional_emails: ['stock@bright.test'],
        is_disable_default_recipients: false,
        phone_numbers: ['(512) 555-0100', '+44 20 7946 0958'],
      },
    });
    expect(saved.statusCode).toBe(200);
    const library = await t.db
      .insertInto('bracket_libraries')
      .values({ organization_id: orgA, label: 'Damon Q', file_name: 'damon.zip' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inventory = (increment: number, stocks = [{ tooth_number: 'UR1', increment }]) =>
      call('POST', `${API}/organizations/${orgA}/bracket-libraries/${library.id}/inventory`, admin, {
        stocks,
        low_stock_threshold: 3,
        reason: 'Count',
      });
    const first = await inventory(
      10,
      BRACKET_TEETH.map((tooth_number) => ({ tooth_number, increment: 10 })),
    );
    expect(first.statusCode, first.body).toBe(200);
    const before = readSmsOutbox(t.dataDir).length;
    const low = await inventory(-8);
    expect(low.statusCode, low.body).toBe(200);
    // The owner and the manager get the in-app notification; the organization's numbers one text each.
    const notified = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', 'low_bracket_inventory')
      .execute();
    expect(new Set(notified.map((n) => Number(n.user_id)))).toEqual(new Set([ownerA.id, managerA.id]));
    await t.ctx.jobs.drain();
    const texts = readSmsOutbox(t.dataDir).slice(before);
    expect(texts.map((m) => m.to).sort()).toEqual(['+15125550100', '+442079460958']);
    for (const m of texts) {
      expect(m).toMatchObject({ from: t.config.sms.from, status: 'sent' });
      expect(m.sid).toMatch(/^SM[0-9a-f]{32}$/);
      expect(m.body).toContain('Low bracket inventory: Damon Q (UR1).');
      expect(m.body).toContain(`/organizations/${orgA}/brackets?id=${library.id}`);
    }
    const mails = readOutbox(t.dataDir).filter((m) => m.to === 'stock@bright.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Archline: Low Bracket Inventory');
  });

  it('a key switched off, a key without phones and an untyped notification send no text', async () => {
    await call('PUT', url(orgA), admin, {
      payment_failed: { enabled: false, phone_numbers: ['5125550199'] },
      initial_case_setup_completed: { enabled: true },
    });
    const before = readSmsOutbox(t.dataDir).length;
    await t.db.transaction().execute(async (trx) => {
      for (const type of ['payment_failed', 'initial_case_setup_completed', 'general'])
        await notifyUser(t.ctx, trx, {
          userId: ownerA.id,
          message: `About ${type}`,
          type,
          organizationId: orgA,
        });
    });
    await t.ctx.jobs.drain();
    expect(readSmsOutbox(t.dataDir).slice(before)).toEqual([]);
  });

  it('a notification about a patient texts the numbers of the patient’s organization', async () => {
    await call('PUT', url(orgA), admin, {
      case_on_hold: { enabled: true, phone_numbers: ['512-555-0177'] },
    });
    const patient = await t.db
      .insertInto('patients')
      .values({ organization_id: orgA, user_id: ownerA.id, first_name: 'Pat', last_name: 'Jones' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = readSmsOutbox(t.dataDir).length;
    await t.db.transaction().execute(async (trx) => {
      await notifyUser(t.ctx, trx, {
        userId: ownerA.id,
        message: 'Pat Jones was put on hold.',
        type: 'case_on_hold',
        patientId: patient.id,
        link: `/patient-details/${patient.id}`,
      });
    });
    await t.ctx.jobs.drain();
    expect(readSmsOutbox(t.dataDir).slice(before)).toMatchObject([
      { to: '+15125550177', body: expect.stringContaining('Pat Jones was put on hold.') },
    ]);
  });

  it('the notified user gets it by e-mail too, unless the organization disabled its default recipients or the key', async () => {
    const notify = async (message: string) => {
      await t.db.transaction().execute(async (trx) => {
        await notifyUser(t.ctx, trx, {
          userId: managerA.id,
          message,
          type: 'initial_case_setup_completed',
          organizationId: orgA,
          link: '/patients',
        });
      });
      await t.ctx.jobs.drain();
      return readOutbox(t.dataDir).filter((m) => m.text?.includes(message));
    };
    // Never saved for this key: on, with the default recipients.
    expect((await notify('Setup ready for Ana Diaz')).map((m) => m.to)).toEqual(['manager@bright.test']);
    const [mail] = await notify('Setup ready for Ben Ortiz');
    expect(mail!.subject).toBe('Archline: Initial Case Setup Completed');
    expect(mail!.text).toContain(`${t.config.publicUrl}/patients`);

    await call('PUT', url(orgA), admin, {
      initial_case_setup_completed: {
        enabled: true,
        additional_emails: ['front-desk@bright.test'],
        is_disable_default_recipients: true,
      },
    });
    expect((await notify('Setup ready for Cleo Park')).map((m) => m.to)).toEqual(['front-desk@bright.test']);

    await call('PUT', url(orgA), admin, {
      initial_case_setup_completed: { enabled: false, is_disable_default_recipients: false },
    });
    expect(await notify('Setup ready for Dan Wu')).toEqual([]);
    // The in-app notification is raised either way.
    const rows = await t.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', managerA.id)
      .where('type', '=', 'initial_case_setup_completed')
      .execute();
    expect(rows.map((r) => r.message)).toContain('Setup ready for Dan Wu');
  });

  it('a case put on hold and a case note from the lab reach the doctor by e-mail and the numbers by text, per their keys', async () => {
    await call('PUT', url(orgA), admin, {
      case_on_hold: { enabled: true, phone_numbers: ['512-555-0123'], is_disable_default_recipients: false },
      new_case_note_for_doctor: { enabled: false },
    });
    const patient = await t.db
      .insertInto('patients')
      .values({ organization_id: orgA, user_id: ownerA.id, first_name: 'Rosa', last_name: 'Lind' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [mailsBefore, textsBefore] = [readOutbox(t.dataDir).length, readSmsOutbox(t.dataDir).length];
    const held = await call('PUT', `${API}/patients/${patient.id}/toggle_hold`, admin, {
      name: 'Dana Admin',
      reason: 'Scan incomplete',
      notify_office: true,
    });
    expect(held.statusCode, held.body).toBe(200);
    const note = await call('POST', `${API}/patients/${patient.id}/case-notes`, admin, {
      message: 'Please rescan the lower arch',
    });
    expect(note.statusCode, note.body).toBe(201);
    await t.ctx.jobs.drain();

    const mails = readOutbox(t.dataDir).slice(mailsBefore);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['owner@bright.test', 'Archline: Case On Hold']]);
    expect(mails[0]!.text).toContain('Rosa Lind was put on hold: Scan incomplete');
    expect(readSmsOutbox(t.dataDir).slice(textsBefore)).toMatchObject([
      { to: '+15125550123', body: expect.stringContaining('Rosa Lind was put on hold') },
    ]);
    // The case note's key is off: no e-mail, but the doctor still sees it in the app.
    const inApp = await t.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', ownerA.id)
      .where('patient_id', '=', patient.id)
      .orderBy('id')
      .execute();
    expect(inApp).toEqual([
      { type: 'case_on_hold', message: 'Rosa Lind was put on hold: Scan incomplete' },
      { type: 'new_case_note_for_doctor', message: 'New case note on Rosa Lind' },
    ]);
  });

  it('a notification whose transaction rolls back sends nothing', async () => {
    const before = readSmsOutbox(t.dataDir).length;
    await t.db
      .transaction()
      .execute(async (trx) => {
        await notifyUser(t.ctx, trx, {
          userId: ownerA.id,
          message: 'Never',
          type: 'case_on_hold',
          organizationId: orgA,
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await t.ctx.jobs.drain();
    expect(readSmsOutbox(t.dataDir).length).toBe(before);
  });
});
