import { sql } from 'kysely';
import { statementsDuring } from '../../../test/statement-log.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { auditFromRequest, recordAudit } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rowsOf = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('recordAudit', () => {
  it('appends who, what, which record, when, from where and the outcome', async () => {
    const before = Date.now();
    await recordAudit(t.db, {
      actorUserId: 42,
      actorEmail: 'doc@example.test',
      ip: '10.0.0.5',
      requestId: 'req-1',
      action: 'patients.read',
      entityType: 'patient',
      entityId: 99,
      organizationId: 7,
      outcome: 'success',
      details: { fields: ['first_name'] },
    });
    const [row] = await rowsOf('patients.read');
    expect(row).toMatchObject({
      actor_user_id: 42,
      actor_email: 'doc@example.test',
      ip: '10.0.0.5',
      request_id: 'req-1',
      entity_type: 'patient',
      entity_id: '99',
      organization_id: 7,
      outcome: 'success',
      details: { fields: ['first_name'] },
    });
    expect(new Date(row!.occurred_at as unknown as string).getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('records failed logins without an actor', async () => {
    await recordAudit(t.db, { actorEmail: 'nobody@example.test', action: 'auth.login', outcome: 'failure' });
    const [row] = await rowsOf('auth.login');
    expect(row).toMatchObject({
      actor_user_id: null,
      actor_email: 'nobody@example.test',
      outcome: 'failure',
      details: {},
    });
  });

  it('commits and rolls back with the transaction it is given', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordAudit(trx, { action: 'rolled.back', outcome: 'success' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await rowsOf('rolled.back')).toHaveLength(0);

    await t.db.transaction().execute(async (trx) => {
      await recordAudit(trx, { action: 'committed', outcome: 'success' });
    });
    expect(await rowsOf('committed')).toHaveLength(1);
  });

  it('refuses an outcome outside success, failure, denied', async () => {
    await expect(
      recordAudit(t.db, { action: 'odd', outcome: 'maybe' as unknown as 'success' }),
    ).rejects.toThrow();
  });
});

describe('recordAudit outside a transaction', () => {
  /** The audit inserts sent while `run` runs. */
  const auditInserts = async (run: () => Promise<unknown>): Promise<number> =>
    (await statementsDuring(run)).filter((s) => /insert into "audit_log"/i.test(s)).length;

  it('the reads of concurrent requests go in as one statement, each committed before its caller goes on', async () => {
    const inserts = await auditInserts(async () => {
      await Promise.all(
        [1, 2, 3, 4, 5].map(async (n) => {
          await recordAudit(t.db, { action: 'batched.read', entityId: n, outcome: 'success' });
          // Once the call returns, the row is there for anyone to read.
          const mine = await t.db
            .selectFrom('audit_log')
            .select('id')
            .where('action', '=', 'batched.read')
            .where('entity_id', '=', String(n))
            .execute();
          expect(mine).toHaveLength(1);
        }),
      );
    });
    expect(inserts).toBe(1);
    expect((await rowsOf('batched.read')).map((r) => r.entity_id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('a row that cannot be written fails its own caller only, and the others keep their order', async () => {
    const good = (n: number) =>
      recordAudit(t.db, { action: 'batched.good', entityId: n, outcome: 'success' });
    const results = await Promise.allSettled([
      good(1),
      // PostgreSQL refuses a NUL character in json
      recordAudit(t.db, { action: 'batched.bad', outcome: 'success', details: { note: 'a\u0000b' } }),
      good(2),
      good(3),
      good(4),
      good(5),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect((await rowsOf('batched.good')).map((r) => r.entity_id)).toEqual(['1', '2', '3', '4', '5']);
    expect(await rowsOf('batched.bad')).toHaveLength(0);
  });

  it('a later turn starts a batch of its own', async () => {
    const inserts = await auditInserts(async () => {
      await recordAudit(t.db, { action: 'batched.turn', entityId: 1, outcome: 'success' });
      await recordAudit(t.db, { action: 'batched.turn', entityId: 2, outcome: 'success' });
    });
    expect(inserts).toBe(2);
    expect(await rowsOf('batched.turn')).toHaveLength(2);
  });
});

describe('the audit trail is append-only', () => {
  it('an UPDATE of audit_log fails', async () => {
    await recordAudit(t.db, { action: 'immutable.update', outcome: 'success' });
    await expect(
      t.db
        .updateTable('audit_log')
        .set({ outcome: 'failure' })
        .where('action', '=', 'immutable.update')
        .execute(),
    ).rejects.toThrow(/append-only/);
    const [row] = await rowsOf('immutable.update');
    expect(row?.outcome).toBe('success');
  });

  it('a DELETE of audit_log fails', async () => {
    await recordAudit(t.db, { action: 'immutable.delete', outcome: 'success' });
    await expect(
      t.db.deleteFrom('audit_log').where('action', '=', 'immutable.delete').execute(),
    ).rejects.toThrow(/append-only/);
    expect(await rowsOf('immutable.delete')).toHaveLength(1);
  });

  it('a TRUNCATE of audit_log fails', async () => {
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    expect((await t.db.selectFrom('audit_log').select('id').execute()).length).toBeGreaterThan(0);
  });
});

describe('auditFromRequest and the denied-request hook', () => {
  it('takes the actor, IP and request id from the request', async () => {
    const u = await givenUser(t, { roles: ['tech_support'] });
    const token = await tokenFor(t, u.id, { management: true });
    // A 403 on any route produces a 'denied' row built by auditFromRequest.
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/users/${u.id}/toggle_custom_permission`,
      headers: { ...bearer(token), 'x-request-id': 'denied-1' },
      payload: { permission: 'patients.view-archived' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(403);
    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('request_id', '=', 'denied-1')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: u.id,
      actor_email: u.email,
      outcome: 'denied',
      ip: '203.0.113.9',
      entity_id: String(u.id),
      details: { method: 'PUT', status: 403, url: `${API}/users/${u.id}/toggle_custom_permission` },
    });
  });

  it('a signed-out request that ends in 401 is not recorded as denied', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/users/1/toggle_custom_permission`,
      headers: { 'x-request-id': 'signed-out-1' },
      payload: { permission: 'patients.view-archived' },
    });
    expect(res.statusCode).toBe(401);
    expect(
      await t.db.selectFrom('audit_log').selectAll().where('request_id', '=', 'signed-out-1').execute(),
    ).toHaveLength(0);
  });

  it('the entry given wins over what the request says', () => {
    const request = { actor: null, ip: '198.51.100.1', id: 'r-9' } as unknown as Parameters<
      typeof auditFromRequest
    >[0];
    expect(
      auditFromRequest(request, { action: 'auth.login', outcome: 'failure', actorEmail: 'x@example.test' }),
    ).toEqual({
      actorUserId: null,
      actorEmail: 'x@example.test',
      ip: '198.51.100.1',
      requestId: 'r-9',
      action: 'auth.login',
      outcome: 'failure',
    });
  });
});
