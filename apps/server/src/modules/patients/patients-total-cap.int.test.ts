import { PATIENTS_TOTAL_CAP } from '@archline/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
const EXTRA = 7;

beforeAll(async () => {
  t = await createTestApp();
  const organization = await givenOrganization(t);
  const doctor = await givenUser(t, { organizations: [{ id: organization, role: 'organization_owner' }] });
  headers = bearer(await tokenFor(t, doctor.id));
  await sql`
    insert into patients (organization_id, user_id, first_name, last_name)
    select ${organization}, ${doctor.id}, 'Bulk', 'Patient ' || n
    from generate_series(1, ${PATIENTS_TOTAL_CAP + EXTRA}) as n`.execute(t.db);
});
afterAll(() => t?.close());

async function list(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `${API}/patients?${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { id: number }[]; meta: Record<string, unknown> };
}

describe('GET /patients on a very long list', () => {
  it('counts no further than the cap and says so; pages beyond it still answer', async () => {
    const first = await list('status=all&per_page=100');
    expect(first.data).toHaveLength(100);
    expect(first.meta).toEqual({
      page: 1,
      per_page: 100,
      total: PATIENTS_TOTAL_CAP,
      total_capped: true,
      last_page: PATIENTS_TOTAL_CAP / 100,
    });
    // The last EXTRA patients live past the counted range and can still be paged to.
    const beyond = await list(`status=all&per_page=100&page=${PATIENTS_TOTAL_CAP / 100 + 1}`);
    expect(beyond.data).toHaveLength(EXTRA);
    expect(beyond.meta).toMatchObject({ total: PATIENTS_TOTAL_CAP, total_capped: true });
  });

  it('a narrower search counts exactly again', async () => {
    const narrow = await list(`search=${encodeURIComponent(`Bulk Patient ${PATIENTS_TOTAL_CAP + 3}`)}`);
    expect(narrow.data).toHaveLength(1);
    expect(narrow.meta).toMatchObject({ total: 1, total_capped: false, last_page: 1 });
  });
});
