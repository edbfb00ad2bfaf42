import { EVENTS, type AnnouncementUpdatedEvent, type NotificationEvent } from '@archline/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, bearer, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { collect, eventually, listen, settle, socketClients } from '../../../test/realtime-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notifyUser } from './service.ts';

let t: TestApp;
let url: string;
const { connect, disconnectAll } = socketClients(() => url);

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterEach(disconnectAll);
afterAll(() => t?.close());

describe('real-time delivery of notifications', () => {
  it("notifyUser reaches the user's own channel and nobody else's", async () => {
    const me = await givenUser(t, { roles: ['doctor'] });
    const other = await givenUser(t, { roles: ['doctor'] });
    const mine = collect<NotificationEvent>(await connect(await tokenFor(t, me.id)), EVENTS.notification);
    const theirs = collect<NotificationEvent>(
      await connect(await tokenFor(t, other.id)),
      EVENTS.notification,
    );

    const created = await notifyUser(t.ctx, t.db, {
      userId: me.id,
      message: 'Case ready for approval',
      link: '/patients',
      type: 'rush_case',
    });

    await eventually(() => expect(mine).toHaveLength(1));
    expect(mine[0]!.notification).toEqual(created);
    expect(mine[0]!.notification).toMatchObject({
      message: 'Case ready for approval',
      type: 'rush_case',
      read_at: null,
    });
    await settle();
    expect(theirs).toHaveLength(0);
  });

  it('marking read tells the other sessions of the same user to refresh', async () => {
    const me = await givenUser(t, { roles: ['doctor'] });
    const token = await tokenFor(t, me.id);
    const refreshes = collect<unknown>(await connect(await tokenFor(t, me.id)), EVENTS.refreshNotifications);
    const { id } = await notifyUser(t.ctx, t.db, { userId: me.id, message: 'one' });
    await notifyUser(t.ctx, t.db, { userId: me.id, message: 'two' });

    const one = await t.app.inject({
      method: 'PATCH',
      url: `${API}/notifications/${id}/mark-as-read`,
      headers: bearer(token),
    });
    expect(one.statusCode).toBe(200);
    await eventually(() => expect(refreshes).toHaveLength(1));
    const all = await t.app.inject({
      method: 'PATCH',
      url: `${API}/notifications/mark-all-as-read`,
      headers: bearer(token),
    });
    expect(all.json().updated).toBe(1);
    await eventually(() => expect(refreshes).toHaveLength(2));
  });
});

describe('real-time announcement updates', () => {
  it("announces 'announcement-updated' on general to everyone, without the text", async () => {
    const admin = await givenUser(t, { roles: ['super_admin'] });
    const doctor = await givenUser(t, { roles: ['doctor'] });
    const doctorEvents = collect<AnnouncementUpdatedEvent>(
      await connect(await tokenFor(t, doctor.id)),
      EVENTS.announcementUpdated,
    );
    const adminToken = await tokenFor(t, admin.id, { management: true });

    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/settings/announcements`,
      headers: bearer(adminToken),
      payload: { visibility: 'internal', body: 'Staff only: inventory count on Friday' },
    });
    expect(res.statusCode).toBe(200);
    await eventually(() => expect(doctorEvents).toHaveLength(1));
    expect(doctorEvents[0]).toEqual({ visibility: 'internal' });
    expect(JSON.stringify(doctorEvents[0])).not.toContain('inventory');
  });

  it('a refused update publishes nothing', async () => {
    const doctor = await givenUser(t, { roles: ['doctor'] });
    const token = await tokenFor(t, doctor.id);
    const events = collect<unknown>(await connect(token), EVENTS.announcementUpdated);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/settings/announcements`,
      headers: bearer(token),
      payload: { visibility: 'doctor', body: 'x' },
    });
    expect(res.statusCode).toBe(403);
    await settle();
    expect(events).toHaveLength(0);
  });
});
