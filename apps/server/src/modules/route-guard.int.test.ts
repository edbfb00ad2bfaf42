import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('routes that need a session', () => {
  it('answer 401 before looking at the body: an invalid body without a token is 401, not a validation error', async () => {
    for (const [method, url] of [
      ['PUT', '/profile'],
      ['POST', '/users'],
      ['POST', '/locations'],
      ['PUT', '/users/1/toggle_custom_permission'],
    ] as const) {
      const res = await t.app.inject({ method, url: `${API}${url}`, payload: { nonsense: true } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('every route that is not declared public in the API document needs a session', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const checked: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (Array.isArray(op.security) && op.security.length === 0) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
        expect(res.statusCode, `${method.toUpperCase()} ${path}`).toBe(401);
        checked.push(`${method} ${path}`);
      }
    }
    expect(checked.length).toBeGreaterThan(30);
  });

  it('public routes stay open', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${API}/altcha/challenge` })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: `${API}/login`, payload: {} });
    expect(login.statusCode).toBe(400);
  });
});
