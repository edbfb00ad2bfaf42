import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_MARKED_READ_MESSAGE,
  NOTIFICATION_NOT_FOUND_MESSAGE,
  NOTIFICATIONS_MARKED_READ_MESSAGE,
  type NotificationListResponse,
} from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { notifyUser } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function givenSignedInDoctor() {
  const organizationId = await givenOrganization(t);
  const user = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: organizationId, role: 'organization_owner' }],
  });
  const token = await tokenFor(t, user.id);
  return { user, token, organizationId };
}

async function givenPatient(organizationId: number, doctorId: number, first = 'Ada', last = 'Lovelace') {
  const row = await t.db
    .insertInto('patients')
    .values({ organization_id: organizationId, user_id: doctorId, first_name: first, last_name: last })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a notification with an explicit creation time (ordering tests). */
async function givenNotification(
  userId: number,
  message: string,
  createdAt: Date,
  readAt: Date | null = null,
) {
  const row = await t.db
    .insertInto('notifications')
    .values({ user_id: userId, message, type: 'general', created_at: createdAt, read_at: readAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('notifyUser', () => {
  it('inserts the notification in the caller transaction, with the patient name and organization', async () => {
    const { user, organizationId } = await givenSignedInDoctor();
    const patientId = await givenPatient(organizationId, user.id, 'Grace', 'Hopper');
    const created = await t.db.transaction().execute((trx) =>
      notifyUser(t.ctx, trx, {
        userId: user.id,
        message: 'Rush case submitted.',
        link: `/patient-details/${patientId}`,
        type: 'rush_case',
        patientId,
      }),
    );
    expect(created).toMatchObject({
      message: 'Rush case submitted.',
      link: `/patient-details/${patientId}`,
      type: 'rush_case',
      patient_id: patientId,
      patient_name: 'Grace Hopper',
      read_at: null,
    });
    const row = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);
    expect(row.organization_id).toBe(organizationId);
  });

  it('writes nothing when the caller transaction rolls back', async () => {
    const { user } = await givenSignedInDoctor();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await notifyUser(t.ctx, trx, { userId: user.id, message: 'Never seen' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await t.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('defaults the type to general and the link to none', async () => {
    const { user } = await givenSignedInDoctor();
    const created = await notifyUser(t.ctx, t.db, { userId: user.id, message: 'Hello' });
    expect(created).toMatchObject({ type: 'general', link: null, patient_id: null, patient_name: null });
  });
});

describe('GET /notifications', () => {
  it('without a token answers 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/notifications` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it("lists only the caller's own notifications, newest first by created_at, with the unread count", async () => {
    const { user, token } = await givenSignedInDoctor();
    const other = await givenSignedInDoctor();
    const base = Date.parse('2026-03-01T10:00:00Z');
    await givenNotification(user.id, 'oldest', new Date(base));
    await givenNotification(user.id, 'newest', new Date(base + 2 * 60_000));
    await givenNotification(user.id, 'middle', new Date(base + 60_000), new Date(base + 3 * 60_000));
    await givenNotification(other.user.id, 'not mine', new Date(base + 10 * 60_000));

    const res = await t.app.inject({ method: 'GET', url: `${API}/notifications`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as NotificationListResponse;
    expect(body.data.map((n) => n.message)).toEqual(['newest', 'middle', 'oldest']);
    expect(body.unread_count).toBe(2);
    expect(body.next_cursor).toBeNull();
    expect(body.data[1]).toMatchObject({
      read_at: new Date(base + 3 * 60_000).toISOString(),
      created_at: new Date(base + 60_000).toISOString(),
    });
  });

  it('pages with next_cursor until the last page', async () => {
    const { user, token } = await givenSignedInDoctor();
    const base = Date.parse('2026-04-01T10:00:00Z');
    // Two share a creation time: the id keeps the order stable across pages.
    for (let i = 0; i < 5; i++)
      await givenNotification(user.id, `n${i}`, new Date(base + Math.min(i, 3) * 1000));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `${API}/notifications?per_page=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const body = res.json() as NotificationListResponse;
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((n) => n.message));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
  });

  it('rejects a per_page above 100 naming the field', async () => {
    const { token } = await givenSignedInDoctor();
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/notifications?per_page=101`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The per page must not be greater than 100.',
      errors: { per_page: ['The per page must not be greater than 100.'] },
    });
  });

  it('rejects a per_page below 1 and a malformed cursor', async () => {
    const { token } = await givenSignedInDoctor();
    const low = await t.app.inject({
      method: 'GET',
      url: `${API}/notifications?per_page=0`,
      headers: bearer(token),
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors).toEqual({ per_page: ['The per page must be at least 1.'] });
    const bad = await t.app.inject({
      method: 'GET',
      url: `${API}/notifications?cursor=abc`,
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ cursor: ['The cursor is invalid.'] });
  });
});

describe('PATCH /notifications/{id}/mark-as-read', () => {
  it('without a token answers 401', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `${API}/notifications/1/mark-as-read` });
    expect(res.statusCode).toBe(401);
  });

  it('marks the notification read, keeps others unread and writes an audit row', async () => {
    const { user, token } = await givenSignedInDoctor();
    const first = await givenNotification(user.id, 'first', new Date());
    await givenNotification(user.id, 'second', new Date());
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${API}/notifications/${first}/mark-as-read`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(NOTIFICATION_MARKED_READ_MESSAGE);
    expect(body.notification).toMatchObject({ id: first, message: 'first' });
    expect(body.notification.read_at).not.toBeNull();
    expect(body.unread_count).toBe(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'notifications.mark-as-read')
      .where('entity_id', '=', String(first))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: user.id, outcome: 'success' });
  });

  it('keeps the first read time when marked again', async () => {
    const { user, token } = await givenSignedInDoctor();
    const readAt = new Date('2026-01-02T03:04:05Z');
    const id = await givenNotification(user.id, 'already read', new Date('2026-01-01T00:00:00Z'), readAt);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${API}/notifications/${id}/mark-as-read`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().notification.read_at).toBe(readAt.toISOString());
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const { token } = await givenSignedInDoctor();
    const other = await givenSignedInDoctor();
    const theirs = await givenNotification(other.user.id, 'theirs', new Date());
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${API}/notifications/${theirs}/mark-as-read`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NOTIFICATION_NOT_FOUND_MESSAGE });
    const row = await t.db
      .selectFrom('notifications')
      .select('read_at')
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(row.read_at).toBeNull();
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const { token } = await givenSignedInDoctor();
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: `${API}/notifications/999999/mark-as-read`,
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `${API}/notifications/abc/mark-as-read`,
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('id');
  });
});

describe('PATCH /notifications/mark-all-as-read', () => {
  it('without a token answers 401', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `${API}/notifications/mark-all-as-read` });
    expect(res.statusCode).toBe(401);
  });

  it("marks all of the caller's notifications read and nobody else's", async () => {
    const { user, token } = await givenSignedInDoctor();
    const other = await givenSignedInDoctor();
    await givenNotification(user.id, 'a', new Date());
    await givenNotification(user.id, 'b', new Date());
    await givenNotification(user.id, 'c', new Date(), new Date());
    const theirs = await givenNotification(other.user.id, 'theirs', new Date());

    const res = await t.app.inject({
      method: 'PATCH',
      url: `${API}/notifications/mark-all-as-read`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: NOTIFICATIONS_MARKED_READ_MESSAGE, updated: 2, unread_count: 0 });

    const list = await t.app.inject({ method: 'GET', url: `${API}/notifications`, headers: bearer(token) });
    expect(list.json().unread_count).toBe(0);
    expect((list.json() as NotificationListResponse).data.every((n) => n.read_at !== null)).toBe(true);
    const row = await t.db
      .selectFrom('notifications')
      .select('read_at')
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(row.read_at).toBeNull();
  });
});
