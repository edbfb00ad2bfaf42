import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient } from '../../db/seed/factories.ts';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  const organization_id = await givenOrganization(t, { name: 'Bright Smiles', account_number: 'BRIGHT-01' });
  const doctor = await givenUser(t, { organizations: [{ id: organization_id, role: 'organization_owner' }] });
  for (let i = 0; i < 25; i++) {
    await buildPatient(t.db, {
      organization_id,
      user_id: doctor.id,
      first_name: `Patient${i}`,
      last_name: 'Molar',
    });
  }
  const a = await givenUser(t, { roles: ['admin'] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
});
afterAll(async () => {
  await t.close();
});

const list = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/patients?per_page=25`,
    headers: { ...admin, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed API answers', () => {
  it('sends a patient list brotli-compressed to a client that accepts it, decompressing to the same JSON', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await list('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const plain = await list();
    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/patients?per_page=1&search=nobody-matches`,
      headers: { ...admin, 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ data: [] });
  });
});
