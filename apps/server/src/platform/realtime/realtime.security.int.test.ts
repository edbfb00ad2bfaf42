import { patientChannel, REALTIME_TEXTS } from '@archline/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { listen, socketClients, subscribe } from '../../../test/realtime-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildPatient, buildRxForm } from '../../db/seed/factories.ts';

/**
 * Real-time channels as an attacker would try them: a channel of a case the API answers 404 for
 * is refused. Later hardening of the real-time area adds its cases here.
 */
let t: TestApp;
let url: string;
const { connect, disconnectAll } = socketClients(() => url);
const refused = { ok: false, message: REALTIME_TEXTS.forbiddenChannel };

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterEach(disconnectAll);
afterAll(() => t?.close());

async function practiceUser(orgId: number, role: 'organization_owner' | 'organization_member') {
  const user = await givenUser(t, { roles: ['doctor'], organizations: [{ id: orgId, role }] });
  return { ...user, token: await tokenFor(t, user.id) };
}

/** The API's answer and the join's answer for one caller and one case. */
async function both(token: string, patientId: number) {
  const api = await t.app.inject({
    method: 'GET',
    url: `${API}/patients/${patientId}`,
    headers: bearer(token),
  });
  const join = await subscribe(await connect(token), patientChannel(patientId));
  return { api: api.statusCode, join };
}

describe('patient.{id} joins follow the API visibility rule', () => {
  it("a member without organization-wide case access: only the member's own cases", async () => {
    const orgId = await givenOrganization(t);
    const owner = await practiceUser(orgId, 'organization_owner');
    const member = await practiceUser(orgId, 'organization_member');
    const ownersCase = await buildPatient(t.db, { organization_id: orgId, user_id: owner.id });
    const membersCase = await buildPatient(t.db, { organization_id: orgId, user_id: member.id });
    expect(await both(member.token, ownersCase.id)).toEqual({ api: 404, join: refused });
    expect(await both(member.token, membersCase.id)).toEqual({ api: 200, join: { ok: true } });
    expect(await both(owner.token, ownersCase.id)).toEqual({ api: 200, join: { ok: true } });
  });

  it("another organization's case is refused", async () => {
    const orgId = await givenOrganization(t);
    const otherOrgId = await givenOrganization(t);
    const owner = await practiceUser(orgId, 'organization_owner');
    const outsider = await practiceUser(otherOrgId, 'organization_owner');
    const patient = await buildPatient(t.db, { organization_id: orgId, user_id: owner.id });
    expect(await both(outsider.token, patient.id)).toEqual({ api: 404, join: refused });
  });

  it('a lab partner: only cases with a third-party assignment of the organizations it serves', async () => {
    const orgId = await givenOrganization(t);
    const owner = await practiceUser(orgId, 'organization_owner');
    const lp = await givenUser(t, { roles: ['lab_partner'] });
    const token = await tokenFor(t, lp.id, { management: true });
    await t.db
      .insertInto('organization_preferences')
      .values({ organization_id: orgId, third_party_partner_user_id: lp.id })
      .execute();
    const inHouse = await buildPatient(t.db, { organization_id: orgId, user_id: owner.id });
    await buildRxForm(t.db, { organization_id: orgId, user_id: owner.id, patient_id: inHouse.id });
    const thirdParty = await buildPatient(t.db, { organization_id: orgId, user_id: owner.id });
    await buildRxForm(t.db, {
      organization_id: orgId,
      user_id: owner.id,
      patient_id: thirdParty.id,
      print_assignment: 3,
    });
    expect(await both(token, inHouse.id)).toEqual({ api: 404, join: refused });
    expect(await both(token, thirdParty.id)).toEqual({ api: 200, join: { ok: true } });
  });
});
