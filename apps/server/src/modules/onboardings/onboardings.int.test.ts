import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENTS,
  ONBOARDING_MESSAGES,
  organizationChannel,
  type Onboarding,
  type OnboardingChangesEvent,
} from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import {
  collect,
  eventually,
  listen,
  settle,
  socketClients,
  subscribe,
} from '../../../test/realtime-helpers.ts';
import { buildOnboarding } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let socketUrl: string;
const { connect, disconnectAll } = socketClients(() => socketUrl);

let orgA: number;
let orgB: number;
let admin: H;
let supervisor: H;
let tech: H;
let partner: H;
let owner: H;
let member: H;
let ownerB: H;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  socketUrl = await listen(t.app);
  orgA = await givenOrganization(t, { name: 'Cedar Practice' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const s = await givenUser(t, { roles: ['supervisor'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const o = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const m = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_member' }] });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  ownerId = o.id;
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  supervisor = bearer(await tokenFor(t, s.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  owner = bearer(await tokenFor(t, o.id));
  member = bearer(await tokenFor(t, m.id));
  ownerB = bearer(await tokenFor(t, ob.id));
});
afterEach(disconnectAll);
afterAll(() => t?.close());

const url = (path = '') => `${API}/onboardings${path}`;

async function call(method: 'GET' | 'PUT' | 'POST', path: string, headers?: H, payload?: unknown) {
  return t.app.inject({
    method,
    url: url(path),
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A fresh onboarding of organization A (each test owns its own state). */
async function onboardingOf(
  organizationId: number,
  values: { status: number; current_step: number; doctor_allowed_steps?: number[]; metadata?: object },
): Promise<number> {
  await t.db.deleteFrom('onboardings').where('organization_id', '=', organizationId).execute();
  const row = await buildOnboarding(t.db, organizationId, {
    status: values.status,
    current_step: values.current_step,
    doctor_allowed_steps: values.doctor_allowed_steps ?? [],
    metadata: JSON.stringify(values.metadata ?? {}),
  });
  return row.id;
}

describe('GET /onboardings', () => {
  let ids: number[];

  beforeAll(async () => {
    // Six organizations with onboardings in every status, created one after another.
    ids = [];
    const plan: [string, number, number][] = [
      ['Alpine Dental', 1, 0],
      ['Birch Orthodontics', 5, 2],
      ['Coastal Smiles', 10, 11],
      ['Alpine Kids', 5, 6],
      ['Delta 100% Dental', 1, 0],
      ['Evergreen Ortho', 10, 11],
    ];
    for (const [i, [name, status, step]] of plan.entries()) {
      const org = await givenOrganization(t, { name });
      const row = await buildOnboarding(t.db, org, {
        status,
        current_step: step,
        created_at: new Date(Date.UTC(2026, 0, 1 + i)),
      });
      ids.push(row.id);
    }
  });

  it('without a token, returns 401', async () => {
    expect((await call('GET', '')).statusCode).toBe(401);
  });

  it('for practice users and lab partners, returns 403', async () => {
    expect((await call('GET', '', owner)).statusCode).toBe(403);
    expect((await call('GET', '', partner)).statusCode).toBe(403);
  });

  it('lists newest first with the organization, status, step and total', async () => {
    const res = await call('GET', '', tech);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { onboardings: Onboarding[]; meta: { total: number } };
    expect(body.onboardings.length).toBeGreaterThanOrEqual(6);
    expect(body.onboardings[0]).toMatchObject({
      id: ids[5],
      organization: { name: 'Evergreen Ortho' },
      status: 10,
      current_step: 11,
      doctor_allowed_steps: [],
      metadata: {},
    });
    expect(body.meta.total).toBe(body.onboardings.length);
  });

  it('filters by organization name (a LIKE wildcard is taken literally) and by status', async () => {
    const alpine = (await call('GET', '?searchOrganizationName=alpine', admin)).json();
    expect(alpine.onboardings.map((o: Onboarding) => o.organization.name)).toEqual([
      'Alpine Kids',
      'Alpine Dental',
    ]);
    const percent = (
      await call('GET', `?searchOrganizationName=${encodeURIComponent('100%')}`, admin)
    ).json();
    expect(percent.onboardings.map((o: Onboarding) => o.organization.name)).toEqual(['Delta 100% Dental']);
    const inProgress = (await call('GET', '?status=5&searchOrganizationName=o', admin)).json();
    expect(inProgress.onboardings.every((o: Onboarding) => o.status === 5)).toBe(true);
    expect(inProgress.onboardings.map((o: Onboarding) => o.organization.name)).toContain(
      'Birch Orthodontics',
    );
    const completed = (await call('GET', '?status=10', admin)).json();
    expect(completed.onboardings.map((o: Onboarding) => o.id)).toEqual(
      expect.arrayContaining([ids[2], ids[5]]),
    );
    expect(completed.onboardings.every((o: Onboarding) => o.status === 10)).toBe(true);
  });

  it('orders oldest first and pages with meta.total', async () => {
    const first = (await call('GET', '?order=oldest&perPage=2&page=1', supervisor)).json();
    const total = first.meta.total as number;
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 2, last_page: Math.ceil(total / 2) });
    expect(first.onboardings.map((o: Onboarding) => o.id)).toEqual([ids[0], ids[1]]);
    const second = (await call('GET', '?order=oldest&perPage=2&page=2', supervisor)).json();
    expect(second.onboardings.map((o: Onboarding) => o.id)).toEqual([ids[2], ids[3]]);
    const past = (await call('GET', '?perPage=2&page=99', supervisor)).json();
    expect(past.onboardings).toEqual([]);
    expect(past.meta.total).toBe(total);
    const none = (await call('GET', '?searchOrganizationName=nothing-matches-this', supervisor)).json();
    expect(none).toMatchObject({ onboardings: [], meta: { total: 0, last_page: 1 } });
  });

  it('rejects an unknown status, order or page size with the field named', async () => {
    const status = await call('GET', '?status=3', admin);
    expect(status.statusCode).toBe(400);
    expect(status.json().errors.status).toEqual([ONBOARDING_MESSAGES.invalidStatus]);
    const order = await call('GET', '?order=sideways', admin);
    expect(order.statusCode).toBe(400);
    expect(order.json().errors.order).toEqual([ONBOARDING_MESSAGES.invalidOrder]);
    const size = await call('GET', '?perPage=1000', admin);
    expect(size.statusCode).toBe(400);
    expect(size.json().errors.perPage).toEqual(['The per page must not be greater than 100.']);
  });
});

describe('GET /onboardings/{id}', () => {
  it('without a token, returns 401', async () => {
    const id = await onboardingOf(orgA, { status: 5, current_step: 2 });
    expect((await call('GET', `/${id}`)).statusCode).toBe(401);
  });

  it('shows the onboarding to management and to members of its organization', async () => {
    const id = await onboardingOf(orgA, {
      status: 5,
      current_step: 2,
      doctor_allowed_steps: [4, 3],
      metadata: { preferred_call_date: '2026-12-01' },
    });
    for (const headers of [admin, tech, owner, member]) {
      const res = await call('GET', `/${id}`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().onboarding).toMatchObject({
        id,
        organization_id: orgA,
        organization: { id: orgA, name: 'Cedar Practice' },
        status: 5,
        current_step: 2,
        doctor_allowed_steps: [3, 4],
        metadata: { preferred_call_date: '2026-12-01' },
      });
    }
  });

  it('when the caller belongs to another organization, returns 404', async () => {
    const id = await onboardingOf(orgA, { status: 5, current_step: 2 });
    expect((await call('GET', `/${id}`, ownerB)).statusCode).toBe(404);
    expect((await call('GET', '/999999', admin)).statusCode).toBe(404);
  });

  it('for a lab partner without onboarding permissions, returns 403', async () => {
    const id = await onboardingOf(orgA, { status: 5, current_step: 2 });
    expect((await call('GET', `/${id}`, partner)).statusCode).toBe(403);
  });
});

describe('PUT /onboardings/{id}/metadata', () => {
  it('without a token, returns 401', async () => {
    const id = await onboardingOf(orgA, { status: 1, current_step: 0 });
    expect((await call('PUT', `/${id}/metadata`, undefined, { metadata: {} })).statusCode).toBe(401);
  });

  it('management saves any input; the other keys stay', async () => {
    const id = await onboardingOf(orgA, {
      status: 5,
      current_step: 3,
      metadata: { preferred_call_date: '2026-12-01' },
    });
    const res = await call('PUT', `/${id}/metadata`, supervisor, {
      metadata: { training_attendees: '  Dr. Cedar, Pat Front Desk ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ONBOARDING_MESSAGES.updated,
      onboarding: {
        metadata: { preferred_call_date: '2026-12-01', training_attendees: 'Dr. Cedar, Pat Front Desk' },
      },
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'onboardings.update-metadata')
      .execute();
    expect(audit.map((a) => String(a.entity_id))).toContain(String(id));
  });

  it('names the field of a missing, empty, malformed or unknown value', async () => {
    const id = await onboardingOf(orgA, { status: 1, current_step: 0 });
    const missing = await call('PUT', `/${id}/metadata`, admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.metadata).toEqual([ONBOARDING_MESSAGES.metadataRequired]);
    const empty = await call('PUT', `/${id}/metadata`, admin, { metadata: { preferred_call_date: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: 'Preferred call date is required.',
      errors: { 'metadata.preferred_call_date': ['Preferred call date is required.'] },
    });
    const date = await call('PUT', `/${id}/metadata`, admin, {
      metadata: { preferred_call_date: '12/01/2026' },
    });
    expect(date.json().errors['metadata.preferred_call_date']).toEqual([
      'Preferred call date must be a valid date.',
    ]);
    const long = await call('PUT', `/${id}/metadata`, admin, {
      metadata: { training_attendees: 'x'.repeat(1001) },
    });
    expect(long.json().errors['metadata.training_attendees']).toEqual([
      'Training attendees must not be greater than 1000 characters.',
    ]);
    const unknown = await call('PUT', `/${id}/metadata`, admin, { metadata: { favourite_colour: 'blue' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors['metadata.favourite_colour']).toEqual([ONBOARDING_MESSAGES.unknownField]);
  });

  it('a practice fills in only the inputs of its own steps, and needs organization.onboarding.proceed', async () => {
    const id = await onboardingOf(orgA, { status: 1, current_step: 0, doctor_allowed_steps: [1, 2] });
    const ok = await call('PUT', `/${id}/metadata`, owner, {
      metadata: { preferred_call_date: '2026-12-03' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().onboarding.metadata).toEqual({ preferred_call_date: '2026-12-03' });
    const teams = await call('PUT', `/${id}/metadata`, owner, { metadata: { training_attendees: 'Us' } });
    expect(teams.statusCode).toBe(403);
    expect(teams.json().message).toBe(ONBOARDING_MESSAGES.notYourField);
    const asMember = await call('PUT', `/${id}/metadata`, member, {
      metadata: { preferred_call_date: '2026-12-04' },
    });
    expect(asMember.statusCode).toBe(403);
  });

  it('management without a metadata permission gets 403; another organization 404', async () => {
    const id = await onboardingOf(orgA, { status: 1, current_step: 0, doctor_allowed_steps: [1] });
    const body = { metadata: { preferred_call_date: '2026-12-03' } };
    expect((await call('PUT', `/${id}/metadata`, tech, body)).statusCode).toBe(403);
    expect((await call('PUT', `/${id}/metadata`, ownerB, body)).statusCode).toBe(404);
  });
});

describe('POST /onboardings/{id}/proceed_next_step', () => {
  const proceed = (id: number, headers?: H) => call('POST', `/${id}/proceed_next_step`, headers);

  it('without a token, returns 401', async () => {
    const id = await onboardingOf(orgA, { status: 5, current_step: 2 });
    expect((await proceed(id)).statusCode).toBe(401);
  });

  it('when the caller belongs to another organization, returns 404', async () => {
    const id = await onboardingOf(orgA, { status: 5, current_step: 2, doctor_allowed_steps: [3] });
    expect((await proceed(id, ownerB)).statusCode).toBe(404);
  });

  it('a practice completes the steps in doctor_allowed_steps, then the team step is refused', async () => {
    const id = await onboardingOf(orgA, { status: 5, current_step: 2, doctor_allowed_steps: [3, 4] });
    const third = await proceed(id, owner);
    expect(third.statusCode).toBe(200);
    expect(third.json()).toMatchObject({
      message: ONBOARDING_MESSAGES.updated,
      onboarding: { current_step: 3, status: 5 },
    });
    expect((await proceed(id, owner)).json().onboarding.current_step).toBe(4);
    const fifth = await proceed(id, owner);
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().message).toBe(ONBOARDING_MESSAGES.teamStep);
    const after = (await call('GET', `/${id}`, owner)).json().onboarding;
    expect(after.current_step).toBe(4);
  });

  it('a member without organization.onboarding.proceed and staff without a proceed permission get 403', async () => {
    const id = await onboardingOf(orgA, { status: 5, current_step: 2, doctor_allowed_steps: [3] });
    expect((await proceed(id, member)).statusCode).toBe(403);
    expect((await proceed(id, tech)).statusCode).toBe(403);
    expect((await proceed(id, partner)).statusCode).toBe(403);
  });

  it('moves Pending to In Progress on the first step and to Completed on the eleventh', async () => {
    const id = await onboardingOf(orgA, {
      status: 1,
      current_step: 0,
      metadata: { preferred_call_date: '2026-12-01', training_attendees: 'Dr. Cedar' },
    });
    const first = await proceed(id, supervisor);
    expect(first.json().onboarding).toMatchObject({ status: 5, current_step: 1 });
    for (let step = 2; step <= 10; step++) {
      const res = await proceed(id, supervisor);
      expect(res.json().onboarding).toMatchObject({ status: 5, current_step: step });
    }
    const last = await proceed(id, admin);
    expect(last.json().onboarding).toMatchObject({ status: 10, current_step: 11 });
    const again = await proceed(id, admin);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      message: ONBOARDING_MESSAGES.alreadyCompleted,
      errors: { current_step: [ONBOARDING_MESSAGES.alreadyCompleted] },
    });
  });

  it('an onboarding completed below step 11 stays completed', async () => {
    const id = await onboardingOf(orgA, { status: 10, current_step: 8 });
    const res = await proceed(id, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(ONBOARDING_MESSAGES.alreadyCompleted);
  });

  it('a step with a required input waits for it: 422 naming the field, for management and practice', async () => {
    const id = await onboardingOf(orgA, { status: 1, current_step: 0, doctor_allowed_steps: [1] });
    const practice = await proceed(id, owner);
    expect(practice.statusCode).toBe(422);
    expect(practice.json()).toEqual({
      message: 'Preferred call date is required.',
      errors: { preferred_call_date: ['Preferred call date is required.'] },
    });
    expect((await proceed(id, admin)).statusCode).toBe(422);
    await call('PUT', `/${id}/metadata`, owner, { metadata: { preferred_call_date: '2026-12-02' } });
    const done = await proceed(id, owner);
    expect(done.statusCode).toBe(200);
    expect(done.json().onboarding).toMatchObject({ status: 5, current_step: 1 });

    const training = await onboardingOf(orgA, { status: 5, current_step: 9 });
    const refused = await proceed(training, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ training_attendees: ['Training attendees is required.'] });
  });

  it('records who proceeded in the audit log', async () => {
    const id = await onboardingOf(orgA, { status: 5, current_step: 4 });
    expect((await proceed(id, admin)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'onboardings.proceed')
      .where('entity_id', '=', String(id))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ from_step: 4, to_step: 5, status: 5 });
  });
});

describe('onboarding-changes in real time', () => {
  it("proceeding and saving inputs reach the organization's channel, and only it", async () => {
    const id = await onboardingOf(orgA, { status: 5, current_step: 2, doctor_allowed_steps: [3] });
    const watcher = await connect(await tokenFor(t, ownerId));
    expect(await subscribe(watcher, organizationChannel(orgA))).toMatchObject({ ok: true });
    const seen = collect<OnboardingChangesEvent>(watcher, EVENTS.onboardingChanges);
    const outsiderSocket = await connect(ownerB.authorization.slice('Bearer '.length));
    expect(await subscribe(outsiderSocket, organizationChannel(orgB))).toMatchObject({ ok: true });
    const theirs = collect<OnboardingChangesEvent>(outsiderSocket, EVENTS.onboardingChanges);

    expect((await call('POST', `/${id}/proceed_next_step`, owner)).statusCode).toBe(200);
    await eventually(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({ onboarding_id: id, organization_id: orgA, status: 5, current_step: 3 });

    await call('PUT', `/${id}/metadata`, admin, { metadata: { training_attendees: 'Dr. Cedar' } });
    await eventually(() => expect(seen).toHaveLength(2));
    await settle();
    expect(theirs).toHaveLength(0);
  });
});
