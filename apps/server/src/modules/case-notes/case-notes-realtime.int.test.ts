import { CASE_NOTE_EVENT, patientChannel } from '@archline/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { eventually, listen, socketClients, subscribe } from '../../../test/realtime-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildPatient } from '../../db/seed/factories.ts';

let t: TestApp;
let url: string;
const { connect, disconnectAll } = socketClients(() => url);

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterEach(disconnectAll);
afterAll(() => t?.close());

describe('case notes in real time', () => {
  it("a new case note reaches the patient's channel subscribers, and only them", async () => {
    const orgA = await givenOrganization(t);
    const orgB = await givenOrganization(t);
    const doctor = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
    const outsider = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
    const admin = await givenUser(t, { roles: ['admin'] });
    const patient = await buildPatient(t.db, { organization_id: orgA, user_id: doctor.id });
    const other = await buildPatient(t.db, { organization_id: orgA, user_id: doctor.id });

    const watcher = await connect(await tokenFor(t, doctor.id));
    const seen: unknown[] = [];
    watcher.on(CASE_NOTE_EVENT, (payload: unknown) => seen.push(payload));
    expect(await subscribe(watcher, patientChannel(patient.id))).toMatchObject({ ok: true });
    const stranger = await connect(await tokenFor(t, outsider.id));
    expect(await subscribe(stranger, patientChannel(patient.id))).toMatchObject({ ok: false });

    // a note on another patient does not reach this channel
    await t.app.inject({
      method: 'POST',
      url: `${API}/patients/${other.id}/case-notes`,
      headers: bearer(await tokenFor(t, admin.id, { management: true })),
      payload: { message: 'Elsewhere' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/patients/${patient.id}/case-notes`,
      headers: bearer(await tokenFor(t, admin.id, { management: true })),
      payload: { message: 'Scans look good' },
    });
    expect(res.statusCode).toBe(201);
    const noteId = res.json().data.id;
    await eventually(() => expect(seen).toEqual([{ patient_id: patient.id, case_note_id: noteId }]));
  });
});
