import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /services/api/v2/health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/services/api/v2/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { engine: t.database.engine, ok: true } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers 503 when the database is gone', async () => {
    // A server whose database is unreachable (nothing listens on port 1).
    const unreachable = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    const app = await buildApp({ config: t.config, database: unreachable });
    const res = await app.inject({ method: 'GET', url: '/services/api/v2/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', database: { ok: false } });
    await app.close();
    await unreachable.close();
  });

  it('answers unknown API routes with a 404 error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/services/api/v2/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not found/);
  });

  it('echoes a caller-supplied request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/services/api/v2/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});
