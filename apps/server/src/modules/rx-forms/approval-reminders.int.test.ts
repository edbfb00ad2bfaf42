import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient, buildRxForm } from '../../db/seed/factories.ts';
import { readOutbox } from '../../platform/mail/delivery.ts';
import { scheduleRecurringJob } from '../../platform/jobs/recurring.ts';
import {
  APPROVAL_REMINDER_QUEUE,
  approvalReminderMessage,
  nextApprovalReminderAt,
} from './approval-reminders.ts';

let t: TestApp;
let orgA: number;
let orgQuiet: number;
let doctorA: { id: number; email: string; headers: { authorization: string } };
let doctorB: { id: number; headers: { authorization: string } };
let doctorQuiet: { id: number; headers: { authorization: string } };
let owner: { authorization: string };
const ids: Record<string, number> = {};

/** A Tuesday morning, at the run's hour. */
const NOW = new Date('2031-03-04T15:00:00Z');
const hoursBefore = (h: number) => new Date(NOW.getTime() - h * 3600_000);

async function givenCase(
  key: string,
  o: {
    organization_id: number;
    doctor: number;
    first_name: string;
    last_name: string;
    readyHoursAgo: number;
    patient?: Record<string, unknown>;
    rx?: Record<string, unknown>;
  },
) {
  const p = await buildPatient(t.db, {
    organization_id: o.organization_id,
    user_id: o.doctor,
    first_name: o.first_name,
    last_name: o.last_name,
    ...o.patient,
  });
  await buildRxForm(t.db, {
    organization_id: o.organization_id,
    user_id: o.doctor,
    patient_id: p.id,
    ready_at: hoursBefore(o.readyHoursAgo),
    ...o.rx,
  });
  ids[key] = Number(p.id);
}

/** Runs the reminders for the moment `at`, as the job does. */
async function runAt(at: Date) {
  await t.ctx.jobs.enqueue(t.db, APPROVAL_REMINDER_QUEUE, { at: at.toISOString() });
  await t.ctx.jobs.drain();
}

async function notificationsOf(headers: { authorization: string }) {
  const res = await t.app.inject({ method: 'GET', url: `${API}/notifications`, headers });
  expect(res.statusCode).toBe(200);
  return (
    res.json() as {
      data: {
        message: string;
        link: string | null;
        type: string;
        patient_id: number | null;
        patient_name: string | null;
      }[];
    }
  ).data.filter((n) => n.type === 'pending_case_approval_reminder');
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgQuiet = await givenOrganization(t, { name: 'Quiet Practice' });
  const a = await givenUser(t, {
    roles: ['doctor'],
    email: 'dr.ames@bright.test',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  doctorA = { id: a.id, email: a.email, headers: bearer(await tokenFor(t, a.id)) };
  owner = doctorA.headers;
  const b = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  doctorB = { id: b.id, headers: bearer(await tokenFor(t, b.id)) };
  const q = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: orgQuiet, role: 'organization_owner' }],
  });
  doctorQuiet = { id: q.id, headers: bearer(await tokenFor(t, q.id)) };

  const a1 = { organization_id: orgA, doctor: doctorA.id };
  await givenCase('oldest', { ...a1, first_name: 'Ada', last_name: 'Oldest', readyHoursAgo: 72 });
  await givenCase('dayOld', { ...a1, first_name: 'Ben', last_name: 'Dayold', readyHoursAgo: 30 });
  await givenCase('fresh', { ...a1, first_name: 'Cy', last_name: 'Fresh', readyHoursAgo: 2 });
  await givenCase('approved', {
    ...a1,
    first_name: 'Di',
    last_name: 'Approved',
    readyHoursAgo: 96,
    rx: { completed_at: hoursBefore(50) },
  });
  await givenCase('cancelled', {
    ...a1,
    first_name: 'Ed',
    last_name: 'Cancelled',
    readyHoursAgo: 96,
    rx: { cancelled_at: hoursBefore(50), status_id: 5 },
  });
  await givenCase('held', {
    ...a1,
    first_name: 'Flo',
    last_name: 'Held',
    readyHoursAgo: 96,
    patient: { held_at: hoursBefore(40), held_by_group: 1 },
  });
  await givenCase('archived', {
    ...a1,
    first_name: 'Gus',
    last_name: 'Archived',
    readyHoursAgo: 96,
    patient: { deleted_at: hoursBefore(40), deleted_kind: 'archived' },
  });
  await givenCase('completedCase', {
    ...a1,
    first_name: 'Hal',
    last_name: 'Complete',
    readyHoursAgo: 96,
    patient: { patient_status_id: 3 },
  });
  await givenCase('b', {
    organization_id: orgA,
    doctor: doctorB.id,
    first_name: 'Ivy',
    last_name: 'Bee',
    readyHoursAgo: 49,
  });
  await givenCase('quiet', {
    organization_id: orgQuiet,
    doctor: doctorQuiet.id,
    first_name: 'Jo',
    last_name: 'Quiet',
    readyHoursAgo: 72,
  });
  // The quiet practice turned the reminders off.
  const off = await t.app.inject({
    method: 'PUT',
    url: `${API}/organizations/${orgQuiet}/notification-settings`,
    headers: doctorQuiet.headers,
    payload: { pending_case_approval_reminder: { enabled: false } },
  });
  expect(off.statusCode).toBe(200);
});
afterAll(() => t?.close());

describe('the weekday schedule', () => {
  it('runs Monday to Friday at 15:00 UTC (8 am MST)', () => {
    const next = (iso: string) => nextApprovalReminderAt(new Date(iso)).toISOString();
    expect(next('2031-03-04T14:59:00Z')).toBe('2031-03-04T15:00:00.000Z'); // Tuesday, still ahead
    expect(next('2031-03-04T15:00:00Z')).toBe('2031-03-05T15:00:00.000Z'); // Tuesday, done: Wednesday
    expect(next('2031-03-07T16:00:00Z')).toBe('2031-03-10T15:00:00.000Z'); // Friday afternoon: Monday
    expect(next('2031-03-08T09:00:00Z')).toBe('2031-03-10T15:00:00.000Z'); // Saturday: Monday
  });

  it('keeps one scheduled run pending; a scheduled run schedules the next one', async () => {
    expect(
      await scheduleRecurringJob(t.ctx, APPROVAL_REMINDER_QUEUE, new Date(), { countRunning: true }),
    ).toBeDefined();
    expect(
      await scheduleRecurringJob(t.ctx, APPROVAL_REMINDER_QUEUE, new Date(), { countRunning: true }),
    ).toBeUndefined();
    await t.ctx.jobs.drain();
    const jobs = await t.db
      .selectFrom('jobs')
      .select(['status', 'run_at'])
      .where('queue', '=', APPROVAL_REMINDER_QUEUE)
      .orderBy('id')
      .execute();
    expect(jobs.map((j) => j.status)).toEqual(['done', 'pending']);
    expect(new Date(jobs[1]!.run_at).toISOString()).toBe(nextApprovalReminderAt(new Date()).toISOString());
    // The wall-clock run found nothing of 2031 to remind of.
    expect(await notificationsOf(doctorA.headers)).toEqual([]);
    await t.db.deleteFrom('jobs').where('queue', '=', APPROVAL_REMINDER_QUEUE).execute();
  });
});

describe('a run', () => {
  it('reminds each doctor once of the cases waiting over a day, in the app and by e-mail', async () => {
    const mailsBefore = readOutbox(t.dataDir).length;
    // A run on a Saturday (a server started on the weekend catching up) reminds no one.
    await runAt(new Date('2031-03-01T15:00:00Z'));
    expect(await notificationsOf(doctorA.headers)).toEqual([]);
    expect(readOutbox(t.dataDir).length).toBe(mailsBefore);

    await runAt(NOW);

    // Two cases of Dr. Ames wait over a day (oldest first); the others are fresh, approved,
    // cancelled, on hold, archived or complete.
    const [forA, ...moreA] = await notificationsOf(doctorA.headers);
    expect(moreA).toEqual([]);
    expect(forA).toMatchObject({
      message: '2 cases have been awaiting your approval for over a day: Ada Oldest and Ben Dayold.',
      link: '/patients',
      patient_id: null,
    });
    // One case is named with its age and opens the case.
    expect(await notificationsOf(doctorB.headers)).toEqual([
      expect.objectContaining({
        message: 'The case of Ivy Bee has been awaiting your approval for 2 days.',
        link: `/patient-details/${ids.b}`,
        patient_id: ids.b,
      }),
    ]);
    // A practice that turned the key off hears nothing.
    expect(await notificationsOf(doctorQuiet.headers)).toEqual([]);

    const mails = readOutbox(t.dataDir)
      .slice(mailsBefore)
      .filter((m) => m.subject === 'Archline: Pending Case Approval Reminder');
    expect(mails).toHaveLength(2);
    const toA = mails.find((m) => m.to === doctorA.email)!;
    expect(toA.text).toContain('2 cases have been awaiting your approval for over a day');
    expect(toA.text).toContain(`${t.config.publicUrl}/patients`);
  });

  it('a retried run the same day reminds no one again; the next morning reminds of the cases still waiting', async () => {
    const mailsBefore = readOutbox(t.dataDir).length;
    await runAt(new Date(NOW.getTime() + 3600_000));
    expect(await notificationsOf(doctorA.headers)).toHaveLength(1);
    expect(await notificationsOf(doctorB.headers)).toHaveLength(1);
    expect(readOutbox(t.dataDir).length).toBe(mailsBefore);

    // Dr. Ames approved Ben Dayold's case meanwhile.
    await t.db
      .updateTable('rx_forms')
      .set({ completed_at: NOW })
      .where('patient_id', '=', ids.dayOld!)
      .execute();
    await runAt(new Date(NOW.getTime() + 24 * 3600_000));
    // The approved case is gone; Cy Fresh's, ready 26 hours ago by now, has joined.
    const [latest] = await notificationsOf(owner);
    expect(latest).toMatchObject({
      message: '2 cases have been awaiting your approval for over a day: Ada Oldest and Cy Fresh.',
      link: '/patients',
    });
    expect(await notificationsOf(doctorA.headers)).toHaveLength(2);
  });
});

describe('the message', () => {
  it('names five cases and counts the rest', () => {
    const cases = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((l) => ({
      first_name: l,
      last_name: 'Case',
      ready_at: hoursBefore(30),
    }));
    expect(approvalReminderMessage(cases, NOW)).toBe(
      '7 cases have been awaiting your approval for over a day: A Case, B Case, C Case, D Case, E Case and 2 more.',
    );
    expect(approvalReminderMessage(cases.slice(0, 3), NOW)).toBe(
      '3 cases have been awaiting your approval for over a day: A Case, B Case and C Case.',
    );
    expect(approvalReminderMessage(cases.slice(0, 1), NOW)).toBe(
      'The case of A Case has been awaiting your approval for 1 day.',
    );
  });
});
