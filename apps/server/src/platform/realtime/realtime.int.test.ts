import {
  EVENTS,
  GENERAL_CHANNEL,
  INTERNAL_CHANNEL,
  organizationChannel,
  patientChannel,
  REALTIME_TEXTS,
  UNSUBSCRIBE_EVENT,
  userChannel,
} from '@archline/contracts';
import http from 'node:http';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import {
  listen,
  settle,
  socketClients,
  subscribe,
  type ClientSocket,
} from '../../../test/realtime-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { issueToken, revokeToken } from '../auth/tokens.ts';
import { createRealtime } from './index.ts';

let t: TestApp;
let url: string;
const { connect, disconnectAll } = socketClients(() => url);

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterEach(disconnectAll);
afterAll(() => t?.close());

/** Resolves with the next payload of `event`, or rejects after `ms`. */
function next(socket: ClientSocket, event: string, ms = 5000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const on = (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, on);
  });
}

/** Collects every payload of `event` the socket receives from now on. */
function record(socket: ClientSocket, event: string): unknown[] {
  const seen: unknown[] = [];
  socket.on(event, (payload: unknown) => seen.push(payload));
  return seen;
}

async function member(orgId: number, roles: ('doctor' | 'staff_member')[] = ['doctor']) {
  const user = await givenUser(t, { roles, organizations: [{ id: orgId, role: 'organization_member' }] });
  return { ...user, token: await tokenFor(t, user.id) };
}

async function manager(role: 'admin' | 'tech_support' | 'lab_partner') {
  const user = await givenUser(t, { roles: [role] });
  return { ...user, token: await tokenFor(t, user.id, { management: true }) };
}

async function givenPatient(organizationId: number): Promise<number> {
  const owner = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: organizationId, role: 'organization_owner' }],
  });
  const row = await t.db
    .insertInto('patients')
    .values({ organization_id: organizationId, user_id: owner.id, first_name: 'Ada', last_name: 'Lovelace' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('connecting', () => {
  it('when no token is given, refuses the connection', async () => {
    await expect(connect(undefined)).rejects.toThrow(REALTIME_TEXTS.unauthenticated);
  });

  it('when the token is unknown, refuses the connection', async () => {
    await expect(connect('not-a-real-token')).rejects.toThrow(REALTIME_TEXTS.unauthenticated);
  });

  it('when the token was revoked, refuses the connection', async () => {
    const user = await givenUser(t);
    const issued = await issueToken(t.ctx, user.id);
    await revokeToken(t.db, issued.tokenId);
    await expect(connect(issued.token)).rejects.toThrow(REALTIME_TEXTS.unauthenticated);
  });

  it('accepts a valid token, also with a "Bearer " prefix', async () => {
    const user = await givenUser(t);
    const token = await tokenFor(t, user.id);
    expect((await connect(token)).connected).toBe(true);
    expect((await connect(`Bearer ${token}`)).connected).toBe(true);
  });

  it('disconnectToken ends the sockets of that session only', async () => {
    const user = await givenUser(t);
    const revoked = await issueToken(t.ctx, user.id);
    const other = await issueToken(t.ctx, user.id);
    const a = await connect(revoked.token);
    const b = await connect(other.token);
    const gone = new Promise((resolve) => a.once('disconnect', resolve));
    await t.ctx.realtime.disconnectToken(revoked.tokenId);
    expect(await gone).toBe('io server disconnect');
    await settle();
    expect(b.connected).toBe(true);
  });

  it('disconnectUser ends every socket of that user', async () => {
    const user = await givenUser(t);
    const a = await connect(await tokenFor(t, user.id));
    const b = await connect(await tokenFor(t, user.id));
    const gone = Promise.all([a, b].map((s) => new Promise((resolve) => s.once('disconnect', resolve))));
    await t.ctx.realtime.disconnectUser(user.id);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('signing out through POST /logout ends the sockets of that session', async () => {
    const user = await givenUser(t);
    const token = await tokenFor(t, user.id);
    const socket = await connect(token);
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    const res = await t.app.inject({
      method: 'POST',
      url: '/services/api/v2/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('automatic channels', () => {
  it('every socket receives its own user channel and general without subscribing', async () => {
    const orgId = await givenOrganization(t);
    const alice = await member(orgId);
    const bob = await member(orgId);
    const a = await connect(alice.token);
    const b = await connect(bob.token);
    const bobSaw = record(b, EVENTS.notification);

    const general = Promise.all([next(a, EVENTS.announcementUpdated), next(b, EVENTS.announcementUpdated)]);
    await t.ctx.realtime.publish(GENERAL_CHANNEL, EVENTS.announcementUpdated, { id: 1 });
    expect(await general).toEqual([{ id: 1 }, { id: 1 }]);

    const toAlice = next(a, EVENTS.notification);
    await t.ctx.realtime.publish(userChannel(alice.id), EVENTS.notification, { type: 'rush_case' });
    expect(await toAlice).toEqual({ type: 'rush_case' });
    await settle();
    expect(bobSaw).toEqual([]);
  });
});

describe('subscribing', () => {
  it('internal: management may join, practice may not', async () => {
    const admin = await manager('tech_support');
    const orgId = await givenOrganization(t);
    const doctor = await member(orgId);
    expect(await subscribe(await connect(admin.token), INTERNAL_CHANNEL)).toEqual({ ok: true });
    expect(await subscribe(await connect(doctor.token), INTERNAL_CHANNEL)).toEqual({
      ok: false,
      message: REALTIME_TEXTS.forbiddenChannel,
    });
  });

  it('general: everyone signed in may join', async () => {
    const orgId = await givenOrganization(t);
    const staff = await member(orgId, ['staff_member']);
    expect(await subscribe(await connect(staff.token), GENERAL_CHANNEL)).toEqual({ ok: true });
  });

  it("user: only the user's own channel", async () => {
    const me = await givenUser(t);
    const someoneElse = await givenUser(t);
    const admin = await manager('admin');
    const socket = await connect(await tokenFor(t, me.id));
    expect(await subscribe(socket, userChannel(me.id))).toEqual({ ok: true });
    expect(await subscribe(socket, userChannel(someoneElse.id))).toEqual({
      ok: false,
      message: REALTIME_TEXTS.forbiddenChannel,
    });
    expect(await subscribe(await connect(admin.token), userChannel(me.id))).toEqual({
      ok: false,
      message: REALTIME_TEXTS.forbiddenChannel,
    });
  });

  it('organization: members and management may join; another organization and a lab partner without it may not', async () => {
    const orgId = await givenOrganization(t);
    const otherOrgId = await givenOrganization(t);
    const inside = await member(orgId);
    const outside = await member(otherOrgId);
    const admin = await manager('admin');
    const partner = await manager('lab_partner');
    expect(await subscribe(await connect(inside.token), organizationChannel(orgId))).toEqual({ ok: true });
    expect(await subscribe(await connect(admin.token), organizationChannel(orgId))).toEqual({ ok: true });
    expect(await subscribe(await connect(outside.token), organizationChannel(orgId))).toEqual({
      ok: false,
      message: REALTIME_TEXTS.forbiddenChannel,
    });
    expect(await subscribe(await connect(partner.token), organizationChannel(orgId))).toEqual({
      ok: false,
      message: REALTIME_TEXTS.forbiddenChannel,
    });
    // A lab partner assigned to the organization may.
    const assigned = await givenUser(t, {
      roles: ['lab_partner'],
      organizations: [{ id: orgId, role: 'organization_member' }],
    });
    const assignedToken = await tokenFor(t, assigned.id, { management: true });
    expect(await subscribe(await connect(assignedToken), organizationChannel(orgId))).toEqual({ ok: true });
  });

  it("patient: the patient's organization and management may join; others may not; an unknown patient is refused", async () => {
    const orgId = await givenOrganization(t);
    const otherOrgId = await givenOrganization(t);
    const patientId = await givenPatient(orgId);
    // Sees every case of the organization (a member without that permission: see the security tests).
    const inside = await givenUser(t, {
      roles: ['doctor'],
      organizations: [{ id: orgId, role: 'organization_owner' }],
    }).then(async (u) => ({ ...u, token: await tokenFor(t, u.id) }));
    const outside = await member(otherOrgId);
    const admin = await manager('admin');
    const partner = await manager('lab_partner');
    const refused = { ok: false, message: REALTIME_TEXTS.forbiddenChannel };
    expect(await subscribe(await connect(inside.token), patientChannel(patientId))).toEqual({ ok: true });
    expect(await subscribe(await connect(admin.token), patientChannel(patientId))).toEqual({ ok: true });
    expect(await subscribe(await connect(outside.token), patientChannel(patientId))).toEqual(refused);
    expect(await subscribe(await connect(partner.token), patientChannel(patientId))).toEqual(refused);
    expect(await subscribe(await connect(admin.token), patientChannel(patientId + 1000))).toEqual(refused);
  });

  it('refuses names that are no channel and requests without a channel', async () => {
    const user = await givenUser(t);
    const socket = await connect(await tokenFor(t, user.id));
    const unknown = { ok: false, message: REALTIME_TEXTS.unknownChannel };
    expect(await subscribe(socket, 'private-anything')).toEqual(unknown);
    expect(await subscribe(socket, 'user.abc')).toEqual(unknown);
    expect(await subscribe(socket, 'token:1')).toEqual(unknown);
    expect(await subscribe(socket, undefined)).toEqual({ ok: false, message: REALTIME_TEXTS.invalidRequest });
    expect(await subscribe(socket, 42)).toEqual({ ok: false, message: REALTIME_TEXTS.invalidRequest });
  });
});

describe('publishing', () => {
  it('an event reaches the subscribers of the channel and no one else; after unsubscribing, no more', async () => {
    const orgId = await givenOrganization(t);
    const otherOrgId = await givenOrganization(t);
    const inside = await member(orgId);
    const outside = await member(otherOrgId);
    const a = await connect(inside.token);
    const b = await connect(outside.token);
    expect(await subscribe(a, organizationChannel(orgId))).toEqual({ ok: true });
    expect(await subscribe(b, organizationChannel(otherOrgId))).toEqual({ ok: true });
    const outsideSaw = record(b, EVENTS.onboardingChanges);

    const received = next(a, EVENTS.onboardingChanges);
    await t.ctx.realtime.publish(organizationChannel(orgId), EVENTS.onboardingChanges, { step: 2 });
    expect(await received).toEqual({ step: 2 });

    expect(
      await a.timeout(5000).emitWithAck(UNSUBSCRIBE_EVENT, { channel: organizationChannel(orgId) }),
    ).toEqual({
      ok: true,
    });
    const insideSaw = record(a, EVENTS.onboardingChanges);
    await t.ctx.realtime.publish(organizationChannel(orgId), EVENTS.onboardingChanges, { step: 3 });
    await settle();
    expect(insideSaw).toEqual([]);
    expect(outsideSaw).toEqual([]);
  });

  it('new-message on patient.{id} reaches the subscribed practice', async () => {
    const orgId = await givenOrganization(t);
    const patientId = await givenPatient(orgId);
    const inside = await givenUser(t, {
      roles: ['doctor'],
      organizations: [{ id: orgId, role: 'organization_owner' }],
    }).then(async (u) => ({ ...u, token: await tokenFor(t, u.id) }));
    const socket = await connect(inside.token);
    expect(await subscribe(socket, patientChannel(patientId))).toEqual({ ok: true });
    const received = next(socket, EVENTS.newMessage);
    await t.ctx.realtime.publish(patientChannel(patientId), EVENTS.newMessage, { patient_id: patientId });
    expect(await received).toEqual({ patient_id: patientId });
  });
});

describe('several server processes', () => {
  it('on PostgreSQL, a client on one instance receives what another instance publishes; on PGlite, one process delivers', async () => {
    const user = await givenUser(t, { roles: ['admin'] });
    const issued = await issueToken(t.ctx, user.id, { management: true });
    const onA = await connect(issued.token);
    expect(await subscribe(onA, INTERNAL_CHANNEL)).toEqual({ ok: true });

    if (t.database.engine === 'pglite') {
      // Embedded mode is a single process: the in-memory adapter delivers.
      const received = next(onA, EVENTS.refreshNotifications);
      await t.ctx.realtime.publish(INTERNAL_CHANNEL, EVENTS.refreshNotifications, { from: 'a' });
      expect(await received).toEqual({ from: 'a' });
      return;
    }

    // A second server process on the same database.
    const database = await openDatabase({ databaseUrl: t.database.connectionString!, poolMax: 2 });
    const b = await buildApp({ config: t.config, database });
    try {
      const urlB = await listen(b);
      const onB = await connect(issued.token, urlB);
      expect(await subscribe(onB, INTERNAL_CHANNEL)).toEqual({ ok: true });

      // Instance B publishes until A's LISTEN connection is up (it starts asynchronously).
      const received = next(onA, EVENTS.refreshNotifications, 15_000);
      let delivered = false;
      void received.then(
        () => (delivered = true),
        () => undefined,
      );
      for (let i = 0; i < 100 && !delivered; i++) {
        await b.ctx.realtime.publish(INTERNAL_CHANNEL, EVENTS.refreshNotifications, { from: 'b' });
        await new Promise((r) => setTimeout(r, 150));
      }
      expect(await received).toEqual({ from: 'b' });

      // And the other way round.
      const onBReceived = next(onB, EVENTS.announcementUpdated, 15_000);
      await t.ctx.realtime.publish(INTERNAL_CHANNEL, EVENTS.announcementUpdated, { from: 'a' });
      expect(await onBReceived).toEqual({ from: 'a' });

      // Revoking the session on A disconnects its socket on B too.
      const gone = new Promise((resolve) => onB.once('disconnect', resolve));
      await t.ctx.realtime.disconnectToken(issued.tokenId);
      expect(await gone).toBe('io server disconnect');
    } finally {
      await b.close();
      await database.close();
    }
  });
});

describe('closing', () => {
  it('the server closes while clients are still connected', async () => {
    const app = await buildApp({ config: t.config, database: t.database });
    const at = await listen(app);
    const user = await givenUser(t);
    const socket = await connect(await tokenFor(t, user.id), at);
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    await app.close();
    expect(await gone).toBe('io server disconnect');
  });
});

describe('closing while starting', () => {
  it('closing while the LISTEN connection is being set up finishes promptly', async () => {
    if (t.database.engine !== 'postgres') return; // embedded mode has no LISTEN connection
    // Hold every LISTEN for a moment, and close exactly then: the adapter has its connection
    // from the pool but has not yet kept it.
    let listening!: () => void;
    const listenSent = new Promise<void>((resolve) => (listening = resolve));
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (typeof args[0] === 'string' && args[0].startsWith('LISTEN')) {
        listening();
        return new Promise((r) => setTimeout(r, 300)).then(() =>
          (query as (...a: unknown[]) => unknown).apply(this, args),
        );
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const server = http.createServer();
    try {
      const realtime = createRealtime(() => t.ctx);
      await realtime.attach(server);
      await listenSent;
      const closed = realtime.close().then(() => 'closed');
      const stuck = new Promise((r) => setTimeout(r, 3000, 'still closing after 3 s'));
      expect(await Promise.race([closed, stuck])).toBe('closed');
    } finally {
      pg.Client.prototype.query = query;
      server.close();
    }
  });
});
