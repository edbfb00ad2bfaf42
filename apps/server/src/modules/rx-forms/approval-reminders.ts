import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerRecurringJob } from '../../platform/jobs/recurring.ts';
import { notifyUser, organizationKeyEnabled } from '../notifications/service.ts';
import * as repo from './repository.ts';

/**
 * Reminders of cases awaiting the doctor's approval (organization notification key
 * pending_case_approval_reminder). A case's initial setup is ready for approval within a day
 * (document 2: the first ship date is contingent on approval within 24 hours); a case still
 * waiting after that reminds its doctor every business morning until it is approved, cancelled,
 * put on hold or archived.
 *
 * A recurring job (platform/jobs/recurring.ts) runs Monday to Friday at 15:00 UTC, 8 am in the
 * lab's Mountain Standard Time. Each doctor gets one notification per organization and run,
 * naming the cases oldest first; through notifyUser it also goes by e-mail and text as the
 * organization set the key. An organization that turned the key off gets no reminder at all. Each
 * reminder claims its doctor, organization and UTC day in approval_reminders in the transaction
 * that raises it, so a retried or doubled run reminds no one twice.
 */
export const APPROVAL_REMINDER_QUEUE = 'approval-reminders';
export const APPROVAL_REMINDER_KEY = 'pending_case_approval_reminder';
/** The hour (UTC) of the run: 8 am MST. */
export const APPROVAL_REMINDER_HOUR_UTC = 15;
/** How long a ready case waits before its doctor is reminded. */
export const APPROVAL_WAIT_MS = 24 * 60 * 60 * 1000;
/** How many cases a reminder names; it counts the others. */
const NAMED_CASES = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** The next run strictly after `now`: 15:00 UTC on the next Monday to Friday. */
export function nextApprovalReminderAt(now: Date): Date {
  const at = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), APPROVAL_REMINDER_HOUR_UTC),
  );
  while (at.getTime() <= now.getTime() || isWeekend(at)) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The reminder's text: one case by name and age, several by count and (the oldest) names. */
export function approvalReminderMessage(
  cases: { first_name: string; last_name: string; ready_at: Date }[],
  now: Date,
) {
  const names = cases.map((c) => `${c.first_name} ${c.last_name}`);
  if (cases.length === 1) {
    const days = Math.max(1, Math.floor((now.getTime() - cases[0]!.ready_at.getTime()) / DAY_MS));
    return `The case of ${names[0]} has been awaiting your approval for ${days} ${plural(days, 'day', 'days')}.`;
  }
  const shown = names.slice(0, NAMED_CASES);
  const more = names.length - shown.length;
  const list =
    more > 0
      ? `${shown.join(', ')} and ${more} more`
      : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  return `${cases.length} cases have been awaiting your approval for over a day: ${list}.`;
}

/** One run: reminds each doctor of the cases ready before `now` less a day. Idempotent per UTC day. */
export async function sendApprovalReminders(ctx: AppContext, now: Date) {
  const waiting = await repo.casesAwaitingApproval(ctx.db, new Date(now.getTime() - APPROVAL_WAIT_MS));
  const groups = new Map<string, repo.AwaitingApproval[]>();
  for (const c of waiting) {
    const key = `${c.organization_id}:${c.doctor_id}`;
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const day = now.toISOString().slice(0, 10);
  let reminded = 0;
  let cases = 0;
  for (const group of groups.values()) {
    const { organization_id: organizationId, doctor_id: userId } = group[0]!;
    const sent = await ctx.db.transaction().execute(async (trx) => {
      if (!(await organizationKeyEnabled(trx, organizationId, APPROVAL_REMINDER_KEY))) return false;
      const claimed = await repo.claimApprovalReminder(trx, {
        organization_id: organizationId,
        user_id: userId,
        day,
        cases: group.length,
      });
      if (!claimed) return false;
      const only = group.length === 1 ? group[0]! : null;
      await notifyUser(ctx, trx, {
        userId,
        organizationId,
        type: APPROVAL_REMINDER_KEY,
        message: approvalReminderMessage(group, now),
        // One case opens it; several open the list, whose first tab is Awaiting Approval.
        link: only ? `/patient-details/${only.patient_id}` : '/patients',
        patientId: only?.patient_id ?? null,
      });
      return true;
    });
    if (sent) {
      reminded += 1;
      cases += group.length;
    }
  }
  return { day, waiting: waiting.length, reminded, cases };
}

/** Registers the reminders' job; outside the tests, the schedule is checked when the server is ready. */
export function registerApprovalReminders(app: FastifyInstance, ctx: AppContext): void {
  registerRecurringJob(app, ctx, {
    queue: APPROVAL_REMINDER_QUEUE,
    nextRunAt: nextApprovalReminderAt,
    // A catch-up run at a server's start on a weekend waits for Monday's.
    run: async (c, now) =>
      isWeekend(now) ? { day: now.toISOString().slice(0, 10), weekend: true } : sendApprovalReminders(c, now),
  });
}
