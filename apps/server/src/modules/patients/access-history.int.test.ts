import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient } from '../../db/seed/factories.ts';

let t: TestApp;
let orgA: number;
let orgB: number;
let owner: { id: number };
let admin: string;
let superAdmin: string;
let ownerToken: string;
let otherOwnerToken: string;
let supervisor: string;
let patientId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t);
  orgB = await givenOrganization(t);
  owner = await givenUser(t, {
    first_name: 'Olive',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const other = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  const a = await givenUser(t, { roles: ['admin'], first_name: 'Ada', last_name: 'Admin' });
  const s = await givenUser(t, { roles: ['super_admin'], first_name: 'Sam', last_name: 'Super' });
  const sup = await givenUser(t, { roles: ['supervisor'] });
  admin = await tokenFor(t, a.id, { management: true });
  superAdmin = await tokenFor(t, s.id, { management: true });
  supervisor = await tokenFor(t, sup.id, { management: true });
  ownerToken = await tokenFor(t, owner.id);
  otherOwnerToken = await tokenFor(t, other.id);
  patientId = (await buildPatient(t.db, { organization_id: orgA, user_id: owner.id })).id;
});
afterAll(() => t?.close());

const get = (path: string, token?: string, ip?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API}${path}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(ip ? { remoteAddress: ip } : {}),
  });

describe('GET /patients/{id}/access-history', () => {
  it('lists who read the patient, newest first, with the address and the action', async () => {
    expect((await get(`/patients/${patientId}`, ownerToken, '10.1.0.1')).statusCode).toBe(200);
    expect((await get(`/patients/${patientId}`, admin, '10.1.0.2')).statusCode).toBe(200);
    const res = await get(`/patients/${patientId}/access-history`, superAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.meta).toEqual({ page: 1, per_page: 25, has_more: false });
    expect(body.data.map((e: { action: string }) => e.action)).toEqual(['patients.read', 'patients.read']);
    expect(body.data[0]).toMatchObject({ ip: '10.1.0.2', outcome: 'success', user: { name: 'Ada Admin' } });
    expect(body.data[1]).toMatchObject({
      ip: '10.1.0.1',
      user: { id: owner.id, name: expect.stringContaining('Olive') },
    });
    expect(new Date(body.data[0].occurred_at).getTime()).toBeGreaterThanOrEqual(
      new Date(body.data[1].occurred_at).getTime(),
    );
  });

  it('pages through the history and filters by user', async () => {
    const p = (await buildPatient(t.db, { organization_id: orgA, user_id: owner.id })).id;
    for (let i = 0; i < 3; i++) await get(`/patients/${p}`, ownerToken);
    for (let i = 0; i < 2; i++) await get(`/patients/${p}`, admin);
    const first = (await get(`/patients/${p}/access-history?per_page=2`, admin)).json();
    expect(first.data).toHaveLength(2);
    expect(first.meta).toEqual({ page: 1, per_page: 2, has_more: true });
    const last = (await get(`/patients/${p}/access-history?per_page=2&page=3`, admin)).json();
    expect(last.data).toHaveLength(1);
    expect(last.meta.has_more).toBe(false);
    const ids = new Set([...first.data, ...last.data].map((e: { id: number }) => e.id));
    expect(ids.size).toBe(3);
    const mine = (await get(`/patients/${p}/access-history?user_id=${owner.id}`, admin)).json();
    expect(mine.data).toHaveLength(3);
    expect(mine.data.every((e: { user: { id: number } }) => e.user.id === owner.id)).toBe(true);
    const users = await get(`/patients/${p}/access-history/users`, admin);
    expect(users.statusCode).toBe(200);
    expect(users.json().data.map((u: { name: string }) => u.name)).toEqual(
      expect.arrayContaining(['Ada Admin', expect.stringContaining('Olive')]),
    );
    expect(users.json().data).toHaveLength(2);
  });

  it('answers an empty page for a patient nobody opened', async () => {
    const p = (await buildPatient(t.db, { organization_id: orgB, user_id: owner.id })).id;
    const res = await get(`/patients/${p}/access-history`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], meta: { page: 1, per_page: 25, has_more: false } });
  });

  it('needs a session (401)', async () => {
    expect((await get(`/patients/${patientId}/access-history`)).statusCode).toBe(401);
    expect((await get(`/patients/${patientId}/access-history/users`)).statusCode).toBe(401);
  });

  it('is refused to practice users and to management below admin (403)', async () => {
    for (const token of [ownerToken, supervisor]) {
      const res = await get(`/patients/${patientId}/access-history`, token);
      expect(res.statusCode).toBe(403);
      expect((await get(`/patients/${patientId}/access-history/users`, token)).statusCode).toBe(403);
    }
  });

  it("answers 404 for another organization's patient and for an unknown one", async () => {
    expect((await get(`/patients/${patientId}/access-history`, otherOwnerToken)).statusCode).toBe(404);
    expect((await get(`/patients/${patientId}/access-history/users`, otherOwnerToken)).statusCode).toBe(404);
    expect((await get(`/patients/99999999/access-history`, admin)).statusCode).toBe(404);
  });

  it('validates the page, the page size and the user', async () => {
    const res = await get(`/patients/${patientId}/access-history?page=0&per_page=500&user_id=abc`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      page: ['The page must be at least 1.'],
      per_page: ['The per page must not be greater than 100.'],
      user_id: ['The user must be a number.'],
    });
  });

  it('reads one range of an index per page', async () => {
    for (const filter of [sql``, sql`and actor_user_id = ${owner.id}`]) {
      const text = await t.db.transaction().execute(async (trx) => {
        // The test table is tiny: tell the planner to prefer indexes as it would on a full one.
        await sql`set local enable_seqscan = off`.execute(trx);
        const plan = await sql<{ 'QUERY PLAN': string }>`explain select * from audit_log
          where entity_type = 'patient' and entity_id = ${String(patientId)} ${filter}
          order by occurred_at desc, id desc limit 26`.execute(trx);
        return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(text).toMatch(/Index Scan using audit_log_entity_(actor_)?time_idx/);
      expect(text).not.toMatch(/Sort/);
    }
  });
});
