import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAY_CORRECTION_MESSAGES as M } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { uploadStl } from '../../../test/file-helpers.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient, buildRxForm } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let tech: H;
let otherTech: H;
let partner: H;
let doctor: { id: number; headers: H };
let doctorB: { id: number; headers: H };

async function req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers?: H, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function file(patientId: number, type: 1 | 2, name: string, tag: string | null = null) {
  const row = await t.db
    .insertInto('patient_files')
    .values({
      patient_id: patientId,
      patient_file_type_id: type,
      name,
      original_name: name,
      storage_path: `patients/${patientId}/${crypto.randomUUID()}/${name}`,
      tag,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function givenCase(o: { organization_id?: number; user_id?: number; print_assignment?: number } = {}) {
  const organization_id = o.organization_id ?? orgA;
  const user_id = o.user_id ?? doctor.id;
  const p = await buildPatient(t.db, { organization_id, user_id });
  await buildRxForm(t.db, {
    organization_id,
    user_id,
    patient_id: p.id,
    print_assignment: o.print_assignment ?? 2,
  });
  const ios = await file(p.id, 1, 'scan.zip');
  const upper = await file(p.id, 2, 'upper.stl', 'stl_maxillary');
  return { id: p.id, organizationId: organization_id, ios, upper };
}

const body = (c: { id: number; ios: number }, jaw: 1 | 2 = 1) => ({
  patient_id: c.id,
  arches: [{ jaw_type_id: jaw, ios_file_id: c.ios, is_flawed: true, print_id: 2 }],
});

async function givenTray() {
  const c = await givenCase();
  const res = await req('POST', `/organizations/${orgA}/arch`, doctor.headers, body(c));
  expect(res.statusCode, res.body).toBe(201);
  const tray = await t.db
    .selectFrom('flawed_trays')
    .selectAll()
    .where('customer_request_id', '=', res.json().customer_request.id)
    .executeTakeFirstOrThrow();
  return { ...c, trayId: tray.id, requestId: tray.customer_request_id };
}

async function trayState(id: number) {
  return t.db.selectFrom('flawed_trays').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const te2 = await givenUser(t, { roles: ['tech_support'] });
  const lp = await givenUser(t, { roles: ['lab_partner'] });
  const d = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const db = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  otherTech = bearer(await tokenFor(t, te2.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  doctor = { id: d.id, headers: bearer(await tokenFor(t, d.id)) };
  doctorB = { id: db.id, headers: bearer(await tokenFor(t, db.id)) };
  // The partner serves organization A only.
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: orgA, third_party_partner_user_id: lp.id })
    .execute();
});
afterAll(() => t?.close());

describe('hostile input on the tray correction calls', () => {
  it('answers malformed ids with 400 or 404, never 500', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', '1;drop table flawed_trays']) {
      for (const [m, path] of [
        ['GET', `/patients/${encodeURIComponent(id)}/tray-correction`],
        ['POST', `/organizations/${encodeURIComponent(id)}/arch`],
        ['POST', `/flawed_trays/${encodeURIComponent(id)}/correct`],
        ['PUT', `/flawed_trays/${encodeURIComponent(id)}`],
        ['DELETE', `/flawed_trays/${encodeURIComponent(id)}/corrected_file`],
      ] as const) {
        const res = await req(m, path, admin, m === 'DELETE' || m === 'GET' ? undefined : {});
        expect([400, 404], `${m} ${path}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });

  it('refuses bodies of the wrong shape (400) and creates nothing', async () => {
    const c = await givenCase();
    for (const payload of [
      { patient_id: c.id, arches: 'both' },
      { patient_id: `${c.id} or 1=1`, arches: body(c).arches },
      { patient_id: c.id, arches: [{ jaw_type_id: 1, ios_file_id: c.ios }] },
      { patient_id: c.id, arches: [{ ...body(c).arches[0], print_id: 3 }] },
      { patient_id: c.id, location_id: 5, arches: body(c).arches },
      { patient_id: c.id, arches: [...body(c).arches, ...body(c, 2).arches, ...body(c, 2).arches] },
    ]) {
      const res = await req('POST', `/organizations/${orgA}/arch`, doctor.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const made = await t.db.selectFrom('flawed_trays').select('id').where('patient_id', '=', c.id).execute();
    expect(made).toEqual([]);
  });

  it("will not name another patient's IOS file", async () => {
    const c = await givenCase();
    const other = await givenCase();
    const res = await req('POST', `/organizations/${orgA}/arch`, doctor.headers, {
      ...body(c),
      arches: body(other).arches,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['arches.0.ios_file_id']).toEqual([M.invalidIosFile]);
  });

  it("hides another organization's cases from a doctor, and the cases of organizations a partner does not serve", async () => {
    const b = await givenCase({ organization_id: orgB, user_id: doctorB.id, print_assignment: 3 });
    expect((await req('POST', `/organizations/${orgB}/arch`, doctor.headers, body(b))).statusCode).toBe(404);
    expect((await req('POST', `/organizations/${orgA}/arch`, doctorB.headers, body(b))).statusCode).toBe(404);
    expect((await req('POST', `/organizations/${orgB}/arch`, partner, body(b))).statusCode).toBe(404);
    expect((await req('GET', `/patients/${b.id}/tray-correction`, partner)).statusCode).toBe(404);
  });

  it('lets only one of two simultaneous requests on a case through', async () => {
    const c = await givenCase();
    const [a, b] = await Promise.all([
      req('POST', `/organizations/${orgA}/arch`, doctor.headers, body(c, 1)),
      req('POST', `/organizations/${orgA}/arch`, admin, body(c, 2)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const requests = await t.db
      .selectFrom('customer_requests')
      .select('id')
      .where('patient_id', '=', c.id)
      .execute();
    expect(requests).toHaveLength(1);
  });

  it("will not take someone else's upload, or an upload of another patient, as the corrected file", async () => {
    const c = await givenTray();
    const other = await givenCase();
    const foreign = await uploadStl(t, otherTech, c.id, 'theirs.stl');
    const notMine = await req('POST', `/flawed_trays/${c.trayId}/correct`, tech, {
      file_path: foreign,
      name: 'theirs.stl',
    });
    expect(notMine.statusCode).toBe(422);
    const elsewhere = await uploadStl(t, tech, other.id, 'elsewhere.stl');
    const wrongPatient = await req('POST', `/flawed_trays/${c.trayId}/correct`, tech, {
      file_path: elsewhere,
      name: 'elsewhere.stl',
    });
    expect(wrongPatient.statusCode).toBe(422);
    const otherFile = await req('POST', `/flawed_trays/${c.trayId}/correct`, tech, {
      corrected_file_id: other.upper,
    });
    expect(otherFile.statusCode).toBe(422);
    expect((await trayState(c.trayId)).status_id).toBe(1);
    const added = await t.db
      .selectFrom('patient_files')
      .select('id')
      .where('patient_id', '=', c.id)
      .where('name', 'in', ['theirs.stl', 'elsewhere.stl'])
      .execute();
    expect(added).toEqual([]);
  });

  it('refuses a renamed or traversing file name, and leaves the tray open', async () => {
    const c = await givenTray();
    const path = await uploadStl(t, tech, c.id, 'fix.stl');
    for (const name of ['fix.zip', '../../../etc/passwd.stl', 'fix.stl\u0000.zip']) {
      const res = await req('POST', `/flawed_trays/${c.trayId}/correct`, tech, { file_path: path, name });
      expect([400, 422], `${name}: ${res.body}`).toContain(res.statusCode);
    }
    expect((await trayState(c.trayId)).status_id).toBe(1);
  });

  it('answers a doctor who tries the staff operations with 403 and changes nothing', async () => {
    const c = await givenTray();
    expect((await req('PUT', `/flawed_trays/${c.trayId}`, doctor.headers, { print: true })).statusCode).toBe(
      403,
    );
    expect(
      (await req('POST', `/flawed_trays/${c.trayId}/correct`, doctor.headers, { corrected_file_id: c.upper }))
        .statusCode,
    ).toBe(403);
    expect(await trayState(c.trayId)).toMatchObject({ status_id: 1, print: false, corrected_file_id: null });
  });
});
