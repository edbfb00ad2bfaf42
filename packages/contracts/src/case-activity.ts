/**
 * The events behind the dashboard's filtered statistics, as the patient list filters by them
 * (filter[activity]); kept apart from dashboard.ts so the lists load only these few names.
 */

/**
 * The filtered statistics: each counts cases (patients, each once) that are not archived, in the
 * caller's scope, with at least one such event in the range:
 * - submissions: the Rx form was submitted (rx_forms.submitted_at);
 * - completed_cases: the case was completed (patients.setup_completed_at of a Complete patient);
 * - shipped: a printing request was completed, i.e. shipped (printing_requests.completed_at, status 3);
 * - initial_setups: the initial setup was delivered for approval (rx_forms.ready_at);
 * - print_requests: a printing request was made and not cancelled (printing_requests.created_at);
 * - insert_brackets: a print item with inserted brackets was requested (printing_request_items.created_at
 *   with insert_brackets, its request not cancelled);
 * - flawed_trays: a flawed tray was reported (flawed_trays.created_at).
 * The patient list applies the same rule with filter[activity] and filter[activity_date]
 * (ListPatientsQuery activity, activity_from, activity_to, time_zone).
 */
export const DASHBOARD_ACTIVITIES = [
  'submissions',
  'completed_cases',
  'shipped',
  'initial_setups',
  'print_requests',
  'insert_brackets',
  'flawed_trays',
] as const;
export type DashboardActivity = (typeof DASHBOARD_ACTIVITIES)[number];

export const DASHBOARD_ACTIVITY_TITLES: Record<DashboardActivity, string> = {
  submissions: 'Submissions',
  completed_cases: 'Completed Cases',
  shipped: 'Shipped',
  initial_setups: 'Initial Setups',
  print_requests: 'Print Requests',
  insert_brackets: 'Insert Brackets',
  flawed_trays: 'Flawed Trays',
};

/** Whether the runtime knows the IANA time zone name. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
