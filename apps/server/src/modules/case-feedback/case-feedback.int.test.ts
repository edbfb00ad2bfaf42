import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_FEEDBACK_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { completedCase, shippedCase } from '../../../test/feedback-helpers.ts';
import { buildPatient } from '../../db/seed/factories.ts';

/** Case feedback: the suggestion, the rating, the "Don't ask again" option and the feedbacks report. */
type H = { authorization: string };
let t: TestApp;
let doctor: H;
let doctorId: number;
let otherDoctor: H;
let admin: H;
let superAdmin: H;
let orgA: number;
let completed: number;
let shipped: number;
let older: number;
let active: number;

const suggestion = (org: number, headers?: H) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/organizations/${org}/feedback-suggestion`,
    ...(headers ? { headers } : {}),
  });
const submit = (patient: number, payload: unknown, headers?: H) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/patients/${patient}/submit-feedback`,
    payload: payload as Record<string, unknown>,
    ...(headers ? { headers } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Alpha Ortho' });
  const orgB = await givenOrganization(t, { name: 'Beta Ortho' });
  const d = await givenUser(t, {
    first_name: 'Dana',
    last_name: 'Doc',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  doctorId = d.id;
  doctor = bearer(await tokenFor(t, d.id));
  const b = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  otherDoctor = bearer(await tokenFor(t, b.id));
  admin = bearer(await tokenFor(t, (await givenUser(t, { roles: ['admin'] })).id, { management: true }));
  superAdmin = bearer(
    await tokenFor(t, (await givenUser(t, { roles: ['super_admin'] })).id, { management: true }),
  );
  older = (
    await completedCase(t.db, { organization_id: orgA, user_id: d.id, first_name: 'Olga', daysAgo: 30 })
  ).id;
  completed = (
    await completedCase(t.db, { organization_id: orgA, user_id: d.id, first_name: 'Carl', daysAgo: 3 })
  ).id;
  shipped = (await shippedCase(t.db, { organization_id: orgA, user_id: d.id, first_name: 'Sam', daysAgo: 1 }))
    .id;
  active = (await buildPatient(t.db, { organization_id: orgA, user_id: d.id, first_name: 'Ann' })).id;
  // A newer finished case of another organization is never suggested to Alpha.
  await completedCase(t.db, { organization_id: orgB, user_id: b.id, first_name: 'Bob', daysAgo: 0 });
});
afterAll(() => t?.close());

describe('GET /organizations/{id}/feedback-suggestion', () => {
  it('answers 401 without a session', async () => {
    expect((await suggestion(orgA)).statusCode).toBe(401);
  });

  it('suggests the most recently completed or shipped case, without the disable option at first', async () => {
    const res = await suggestion(orgA, doctor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { patient: { id: shipped, name: 'Sam Feedback' }, showDisableOption: false },
    });
  });

  it('answers 403 to management and 404 for another organization', async () => {
    expect((await suggestion(orgA, admin)).statusCode).toBe(403);
    expect((await suggestion(orgA, otherDoctor)).statusCode).toBe(404);
    expect((await suggestion(999999, doctor)).statusCode).toBe(404);
  });
});

describe('POST /patients/{id}/submit-feedback', () => {
  it('answers 401 without a session', async () => {
    expect((await submit(shipped, { score: 10, options: {} })).statusCode).toBe(401);
  });

  it('validates the score and the options', async () => {
    const missing = await submit(shipped, { options: {} }, doctor);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.score).toEqual([CASE_FEEDBACK_MESSAGES.scoreRequired]);
    for (const score of [3, 0, '10', 11, null]) {
      const res = await submit(shipped, { score, options: {} }, doctor);
      expect(res.statusCode, String(score)).toBe(400);
      expect(res.json().errors.score, String(score)).toEqual([CASE_FEEDBACK_MESSAGES.scoreInvalid]);
    }
    const disable = await submit(shipped, { score: 5, options: { disable: 'yes' } }, doctor);
    expect(disable.statusCode).toBe(400);
    expect(disable.json().errors['options.disable']).toEqual([CASE_FEEDBACK_MESSAGES.disableInvalid]);
  });

  it('answers 403 to management, 404 for another organization, 422 for an unfinished case', async () => {
    expect((await submit(shipped, { score: 10 }, admin)).statusCode).toBe(403);
    expect((await submit(shipped, { score: 10 }, otherDoctor)).statusCode).toBe(404);
    expect((await submit(999999, { score: 10 }, doctor)).statusCode).toBe(404);
    const unfinished = await submit(active, { score: 10 }, doctor);
    expect(unfinished.statusCode).toBe(422);
    expect(unfinished.json().message).toBe(CASE_FEEDBACK_MESSAGES.notFinished);
  });

  it('rates a case once per user: a second rating replaces the first', async () => {
    const first = await submit(shipped, { score: 10, options: {} }, doctor);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: CASE_FEEDBACK_MESSAGES.submitted,
      data: { patient: { id: shipped, name: 'Sam Feedback' }, rating: 10, disabled: false },
    });
    const again = await submit(shipped, { score: 5 }, doctor);
    expect(again.json().data.rating).toBe(5);
    const rows = await t.db
      .selectFrom('case_feedbacks')
      .selectAll()
      .where('patient_id', '=', shipped)
      .execute();
    expect(rows.map((r) => [r.user_id, r.rating, r.disable_future])).toEqual([[doctorId, 5, false]]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'organization_id'])
      .where('action', '=', 'case-feedback.submit')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]!.organization_id).toBe(orgA);
  });

  it('then suggests the next case, now offering the disable option', async () => {
    const res = await suggestion(orgA, doctor);
    expect(res.json()).toEqual({
      data: { patient: { id: completed, name: 'Carl Feedback' }, showDisableOption: true },
    });
  });

  it('"Don\'t ask again" stops the suggestions for that user', async () => {
    const res = await submit(completed, { score: 1, options: { disable: true } }, doctor);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.disabled).toBe(true);
    // The older case is still unrated, but the user is not asked any more.
    expect((await suggestion(orgA, doctor)).json()).toEqual({ data: null });
    expect(older).toBeGreaterThan(0);
  });

  it('the feedbacks report lists the submitted ratings', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/export-reports/feedbacks`,
      headers: superAdmin,
      payload: { date_from: today, date_to: today, time_zone: 'UTC' },
    });
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { bom: true }) as string[][];
    const body = rows.slice(1).map((r) => [r[1], r[2], r[4], r[5], r[10]]);
    expect(body).toEqual(
      expect.arrayContaining([
        ['Ok', '5', 'No', 'Sam Feedback', 'Dana Doc'],
        ['Bad', '1', 'Yes', 'Carl Feedback', 'Dana Doc'],
      ]),
    );
    expect(body).toHaveLength(2);
  });
});
