import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse } from '@archline/contracts';
import { buildPatient } from '../src/db/seed/factories.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Errors Fastify raises itself answer in the API's error shape with a status the description declares. */
type H = { authorization: string };
type OpenApiDocument = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
let t: TestApp;
let admin: H;
let notes: string;

beforeAll(async () => {
  t = await createTestApp();
  const org = await givenOrganization(t, { name: 'Bright Smiles' });
  const a = await givenUser(t, { roles: ['admin'] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  const patient = await buildPatient(t.db, { organization_id: org, user_id: a.id });
  notes = `${API}/patients/${patient.id}/case-notes`;
});
afterAll(() => t?.close());

function declared(path: string, method: string): string[] {
  const doc = t.app.swagger() as unknown as OpenApiDocument;
  return Object.keys(doc.paths[`${API}${path}`]?.[method]?.responses ?? {});
}

function expectErrorShape(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  status: number,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = ErrorResponse.strict().parse(JSON.parse(res.body));
  expect(body.message).toBeTruthy();
  return body;
}

describe('framework errors', () => {
  it('a path parameter over 100 characters: 414, declared', async () => {
    const res = await t.app.inject({ url: `${API}/patients/${'1'.repeat(101)}`, headers: admin });
    expect(expectErrorShape(res, 414).message).toBe('A part of the address is too long.');
    expect(declared('/patients/{id}', 'get')).toContain('414');
  });

  it('a malformed percent-encoding in the path: 400', async () => {
    const res = await t.app.inject({ url: `${API}/patients/%E0%A4%A`, headers: admin });
    expect(expectErrorShape(res, 400).message).toBe('The address is not valid.');
  });

  it('a body over 2 MiB: 413, declared', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: notes,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024 + 1) }),
    });
    expect(expectErrorShape(res, 413).message).toBe('The request body is too large.');
    expect(declared('/patients/{id}/case-notes', 'post')).toContain('413');
  });

  it('an unsupported content type: 415, declared', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: notes,
      headers: { ...admin, 'content-type': 'application/xml' },
      payload: '<message>hello</message>',
    });
    expect(expectErrorShape(res, 415).message).toBe('The content type of the request is not supported.');
    expect(declared('/patients/{id}/case-notes', 'post')).toContain('415');
  });

  it('malformed JSON and an empty JSON body: 400, declared', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: notes,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"message":',
    });
    expect(expectErrorShape(bad, 400).message).toBe('The request body is not valid JSON.');
    const empty = await t.app.inject({
      method: 'POST',
      url: notes,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '',
    });
    expectErrorShape(empty, 400);
    expect(declared('/patients/{id}/case-notes', 'post')).toContain('400');
  });

  it('an unknown API route: 404 in the error shape', async () => {
    const res = await t.app.inject({ url: `${API}/no-such-thing`, headers: admin });
    expectErrorShape(res, 404);
  });
});
