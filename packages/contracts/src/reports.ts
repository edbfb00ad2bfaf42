import { z } from 'zod';
import { REQUIRED_MESSAGE } from './auth.ts';
import { isIsoDate } from './business-days.ts';
import type { Permission } from './permissions.ts';

/**
 * Reports (/export-reports). Spec: document 3 sections 2.18, 5 ('Reports require a date range'),
 * 6 (reports.{report}.export per report), 7 (POST export-reports/{report} returns a CSV).
 * The columns of each report are described in docs/features/reports.md.
 */

export const REPORT_KEYS = [
  'technicians',
  'internal-shipping',
  'feedbacks',
  'invoices',
  'deleted-cases',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

export interface ReportDefinition {
  key: ReportKey;
  label: string;
  /** One line: what a row is and which date the range applies to. */
  description: string;
}

export const REPORTS: readonly ReportDefinition[] = [
  {
    key: 'technicians',
    label: 'Technicians',
    description:
      'Each workflow step a technician finished, with its case, start, finish and production time.',
  },
  {
    key: 'internal-shipping',
    label: 'Internal Shipping',
    description:
      'Each shipment by ship date: parcel or bundle, destination, carrier, tracking, fees and internal cost.',
  },
  {
    key: 'feedbacks',
    label: 'Case Feedback',
    description: 'Each rating a practice gave a case (Great, Ok, Bad) with its comments and who sent it.',
  },
  {
    key: 'invoices',
    label: 'Invoices',
    description:
      'Each invoice by invoice date: practice, period, amounts, payment status and last payment attempt.',
  },
  {
    key: 'deleted-cases',
    label: 'Deleted Cases',
    description: 'Each case deleted in the range: patient, practice, doctor, who deleted it, when and why.',
  },
];

export function isReportKey(value: string): value is ReportKey {
  return (REPORT_KEYS as readonly string[]).includes(value);
}

/** The permission that gates a report (besides the super_admin role). */
export function reportPermission(report: ReportKey): Permission {
  return `reports.${report}.export` as Permission;
}

/** The file name of an export: technicians-2026-01-01-2026-01-31.csv */
export function reportFileName(report: ReportKey, dateFrom: string, dateTo: string): string {
  return `${report}-${dateFrom}-${dateTo}.csv`;
}

export const REPORT_MESSAGES = {
  invalidDate: 'Invalid date.',
  dateOrder: 'The end date must not be earlier than the start date.',
  invalidTimeZone: 'Invalid time zone.',
  /** A download whose stream broke off (shown by the page). */
  interrupted: 'The download was interrupted. Please try again.',
} as const;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const yearOf = (v: string) => Number(v.slice(0, 4));

/** A calendar date 'YYYY-MM-DD' (years 1900 to 9999); missing or empty is 'Required'. */
const ReportDate = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .refine((v) => isIsoDate(v) && yearOf(v) >= 1900, REPORT_MESSAGES.invalidDate);

export const ReportParams = z.object({ report: z.string().max(100) });
export type ReportParams = z.infer<typeof ReportParams>;

/**
 * date_from and date_to are calendar dates; the range runs from the start of date_from to the
 * end of date_to in time_zone (an IANA name; the browser sends its own, default the lab's).
 */
export const ExportReportRequest = z
  .object({
    date_from: ReportDate,
    date_to: ReportDate,
    time_zone: z
      .string({ error: REPORT_MESSAGES.invalidTimeZone })
      .trim()
      .min(1, { error: REPORT_MESSAGES.invalidTimeZone, abort: true })
      .max(64, { error: REPORT_MESSAGES.invalidTimeZone, abort: true })
      .refine(isTimeZone, REPORT_MESSAGES.invalidTimeZone)
      .optional(),
  })
  .refine((v) => !isIsoDate(v.date_from) || !isIsoDate(v.date_to) || v.date_to >= v.date_from, {
    path: ['date_to'],
    message: REPORT_MESSAGES.dateOrder,
  });
export type ExportReportRequest = z.infer<typeof ExportReportRequest>;
