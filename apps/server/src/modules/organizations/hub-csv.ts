import type { SearchHit } from '@archline/contracts';

/** The hub export: the whole result, up to this many hits. */
export const CSV_EXPORT_LIMIT = 100_000;

const CSV_COLUMNS = [
  'Type',
  'Id',
  'Name',
  'Email',
  'Roles',
  'Organization',
  'Account Number',
  'Status',
  'Archived',
  'Joined At',
  'Submissions',
  'Newest Case Submission',
  'Last Login',
  'Last Activity',
  'Address',
] as const;

const STATUS_NAMES: Record<number, string> = {
  1: 'Leads',
  2: 'Onboarding',
  3: 'New',
  4: 'Active',
  5: 'Passive',
  6: 'Archived',
};

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  // A cell starting with a formula character is neutralized for spreadsheet programs.
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The hits as CSV (header line first, CRLF line ends). */
export function hitsToCsv(hits: SearchHit[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const h of hits) {
    lines.push(
      [
        h.model,
        h.model_id,
        h.full_name,
        h.email,
        h.roles.join(' '),
        h.organization_name,
        h.organization_account_number,
        h.status === null ? null : (STATUS_NAMES[h.status] ?? null),
        h.is_archived ? 'yes' : 'no',
        h.joined_at,
        h.submissions,
        h.newest_case_submission,
        h.last_login_at,
        h.last_activity_at,
        h.full_address,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
