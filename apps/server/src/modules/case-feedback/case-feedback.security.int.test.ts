import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { completedCase } from '../../../test/feedback-helpers.ts';

/** Case feedback as an attacker would try it: other members' cases, forged users, lab partners, deleted cases. */
type H = { authorization: string };
let t: TestApp;
let owner: H;
let member: H;
let memberId: number;
let partner: H;
let orgA: number;
let ownersCase: number;
let membersCase: number;
let deletedCase: number;

const suggestion = (org: number, headers: H) =>
  t.app.inject({ method: 'GET', url: `${API}/organizations/${org}/feedback-suggestion`, headers });
const submit = (patient: number, payload: Record<string, unknown>, headers: H) =>
  t.app.inject({ method: 'POST', url: `${API}/patients/${patient}/submit-feedback`, payload, headers });

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t);
  const o = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  owner = bearer(await tokenFor(t, o.id));
  // A member without organization.patients.view-any sees only their own cases.
  const m = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_member' }] });
  memberId = m.id;
  member = bearer(await tokenFor(t, m.id));
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  ownersCase = (
    await completedCase(t.db, { organization_id: orgA, user_id: o.id, first_name: 'Owen', daysAgo: 1 })
  ).id;
  membersCase = (
    await completedCase(t.db, { organization_id: orgA, user_id: m.id, first_name: 'Mia', daysAgo: 5 })
  ).id;
  deletedCase = (
    await completedCase(t.db, {
      organization_id: orgA,
      user_id: o.id,
      first_name: 'Del',
      daysAgo: 0,
      deleted: true,
    })
  ).id;
});
afterAll(() => t?.close());

describe('case feedback under hostile input', () => {
  it("a member is asked only about cases they see, and cannot rate a colleague's case (404)", async () => {
    expect((await suggestion(orgA, member)).json().data.patient.id).toBe(membersCase);
    expect((await submit(ownersCase, { score: 10 }, member)).statusCode).toBe(404);
  });

  it('a deleted or archived case is neither suggested nor rated', async () => {
    expect((await suggestion(orgA, owner)).json().data.patient.id).toBe(ownersCase);
    expect((await submit(deletedCase, { score: 10 }, owner)).statusCode).toBe(404);
  });

  it('a lab partner (management profile) serving the organization is refused with 403', async () => {
    expect((await suggestion(orgA, partner)).statusCode).toBe(403);
  });

  it("a forged user id or extra fields in the body are ignored: the rating is the caller's", async () => {
    const res = await submit(
      ownersCase,
      {
        score: 10,
        user_id: memberId,
        rating: 1,
        disable_future: true,
        options: { disable: false, extra: 1 },
      },
      owner,
    );
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('case_feedbacks')
      .selectAll()
      .where('patient_id', '=', ownersCase)
      .executeTakeFirstOrThrow();
    expect([row.user_id === memberId, row.rating, row.disable_future]).toEqual([false, 10, false]);
  });

  it('a path id that is not a positive integer answers 400', async () => {
    expect((await submit(0, { score: 10 }, owner)).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${API}/organizations/abc/feedback-suggestion`,
          headers: owner,
        })
      ).statusCode,
    ).toBe(400);
  });
});
