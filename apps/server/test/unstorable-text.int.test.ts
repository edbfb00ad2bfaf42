import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse } from '@archline/contracts';
import { buildPatient } from '../src/db/seed/factories.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Text PostgreSQL cannot store (a NUL character, an unpaired surrogate) answers 400 naming the
 * field, on every route, before anything reaches the database.
 */
type H = { authorization: string };
let t: TestApp;
let org: number;
let admin: H;
let owner: H;
let patientId: number;

beforeAll(async () => {
  t = await createTestApp();
  org = await givenOrganization(t, { name: 'Bright Smiles' });
  const a = await givenUser(t, { roles: ['admin'] });
  const o = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  owner = bearer(await tokenFor(t, o.id));
  patientId = (await buildPatient(t.db, { organization_id: org, user_id: o.id })).id;
});
afterAll(() => t?.close());

async function send(method: 'GET' | 'POST' | 'PUT', url: string, headers: H, json?: string) {
  return t.app.inject({
    method,
    url: `${API}${url}`,
    headers: json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(json === undefined ? {} : { payload: json }),
  });
}

function expectRefused(res: Awaited<ReturnType<typeof send>>, field: string, name: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = ErrorResponse.strict().parse(res.json());
  const message = `The ${name} field contains a character that is not allowed.`;
  expect(body.errors?.[field]).toEqual([message]);
  expect(body.message).toBe(message);
}

describe('NUL characters', () => {
  it('in a query string', async () => {
    expectRefused(
      await send('GET', '/organizations?searchString=%00', admin),
      'searchString',
      'searchString',
    );
    expectRefused(await send('GET', '/locations?locationInfo=a%00', admin), 'locationInfo', 'locationInfo');
    expectRefused(
      await send('GET', '/patients/check_similar_patient?first_name=a&last_name=%00', owner),
      'last_name',
      'last name',
    );
  });

  it('in a path parameter', async () => {
    expectRefused(await send('GET', '/patients/%00', admin), 'id', 'id');
  });

  it('in a JSON body', async () => {
    expectRefused(
      await send('POST', `/patients/${patientId}/case-notes`, admin, '{"message":"\\u0000"}'),
      'message',
      'message',
    );
    expectRefused(
      await send(
        'PUT',
        '/profile',
        owner,
        '{"first_name":"a\\u0000b","last_name":"Doe","email":"x@example.test"}',
      ),
      'first_name',
      'first name',
    );
    expectRefused(
      await send('PUT', '/settings/announcements', admin, '{"visibility":"doctor","body":"Closed\\u0000"}'),
      'body',
      'body',
    );
    expectRefused(
      await send(
        'PUT',
        `/organizations/${org}`,
        admin,
        '{"name":"Bright Smiles","management_notes":"\\u0000"}',
      ),
      'management_notes',
      'management notes',
    );
  });

  it('in a nested field and in a key, each named by its path', async () => {
    const res = await send(
      'PUT',
      `/organizations/${org}`,
      admin,
      '{"name":"Bright\\u0000","billing":{"lines":["ok","\\u0000"]},"k\\u0000":1}',
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['billing.lines.1', 'k\ufffd', 'name']);
  });
});

describe('unpaired surrogates', () => {
  it('are refused like NUL, and nothing is written', async () => {
    expectRefused(
      await send(
        'PUT',
        `/patients/${patientId}/archive`,
        admin,
        '{"archived_by_name":"D","archived_reason":"\\ud800"}',
      ),
      'archived_reason',
      'archived reason',
    );
    expectRefused(
      await send('POST', `/patients/${patientId}/case-notes`, admin, '{"message":"end \\udfff"}'),
      'message',
      'message',
    );
    const row = await t.db
      .selectFrom('patients')
      .select(['deleted_kind', 'archived_reason'])
      .where('id', '=', patientId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deleted_kind: null, archived_reason: null });
  });

  it('paired surrogates (emoji) are ordinary text', async () => {
    const res = await send(
      'POST',
      `/patients/${patientId}/case-notes`,
      admin,
      JSON.stringify({ message: 'Looks good \ud83d\udc4d' }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});
