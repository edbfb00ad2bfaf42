import { DASHBOARD_ACTIVITIES, type DashboardActivity } from './case-activity.ts';
import { ASSIGNMENT_VALUES, type AssignmentValue } from './form-builder.ts';
import { REQUEST_STATUS_KEYS, REQUEST_TYPES, type RequestStatusKey, type RequestType } from './requests.ts';
import type { HeldFilter } from './patients.ts';
import { ADMIN_ROLES } from './roles.ts';

/**
 * Pure rules of the two patient lists (/patients for practices, /patients-page for management and
 * lab partners). Spec: document 1 sections 2.5, 4 and 9; document 2 'Patients page (management
 * case list)', section 4 (age chips, ship date) and section 9.
 */

/** Patient name search waits this long after the last keystroke. */
export const CASE_LIST_SEARCH_DEBOUNCE_MS = 250;
/** The practice list's location filter waits this long after the last change. */
export const CASE_LIST_LOCATION_DEBOUNCE_MS = 1000;
// Page sizes: PATIENTS_PRACTICE_PAGE_SIZE, PATIENTS_MANAGEMENT_PAGE_SIZE and PATIENTS_PAGE_SIZES (patients.ts).
/** Once idle, the management list refreshes this often. */
export const CASE_LIST_AUTO_REFRESH_MS = 10_000;
/**
 * How long the management list waits without user activity before it starts refreshing, when the
 * global settings do not configure it (`case_list_idle_seconds`).
 */
export const CASE_LIST_DEFAULT_IDLE_SECONDS = 300;

// ---------------------------------------------------------------- ship date and request age

export type ShipDateTone = 'overdue' | 'today' | 'normal';

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The ship date's emphasis: red bold ('overdue') when it is past and the shipment is not
 * completed, green bold ('today') when it is today in the user's time zone, otherwise 'normal'.
 * `shipDate` is a calendar date ('YYYY-MM-DD') or an instant (ISO string or Date).
 */
export function shipDateTone(
  shipDate: string | Date | null | undefined,
  completed: boolean,
  now: Date,
  timeZone: string,
): ShipDateTone {
  if (shipDate === null || shipDate === undefined || shipDate === '') return 'normal';
  let day: string;
  if (typeof shipDate === 'string' && DATE_ONLY.test(shipDate)) day = shipDate;
  else {
    const instant = shipDate instanceof Date ? shipDate : new Date(shipDate);
    if (Number.isNaN(instant.getTime())) return 'normal';
    day = calendarDateIn(instant, timeZone);
  }
  const today = calendarDateIn(now, timeZone);
  if (day === today) return 'today';
  if (day < today && !completed) return 'overdue';
  return 'normal';
}

export type RequestAgeTone = 'ok' | 'warning' | 'danger' | 'neutral';

/** Age thresholds of the request progress chips. */
export const REQUEST_AGE_OK_HOURS = 6;
export const REQUEST_AGE_WARNING_HOURS = 12;

/**
 * The colour of a request progress chip from the age of its oldest open item: up to 6 hours
 * 'ok', up to 12 hours 'warning', beyond that 'danger'; without a timestamp 'neutral'.
 */
export function requestAgeTone(oldestOpenAt: string | Date | null | undefined, now: Date): RequestAgeTone {
  if (oldestOpenAt === null || oldestOpenAt === undefined || oldestOpenAt === '') return 'neutral';
  const at = oldestOpenAt instanceof Date ? oldestOpenAt : new Date(oldestOpenAt);
  if (Number.isNaN(at.getTime())) return 'neutral';
  const hours = (now.getTime() - at.getTime()) / 3_600_000;
  if (hours <= REQUEST_AGE_OK_HOURS) return 'ok';
  if (hours <= REQUEST_AGE_WARNING_HOURS) return 'warning';
  return 'danger';
}

// ---------------------------------------------------------------- on-hold filter

function isAdmin(roles: readonly string[]): boolean {
  return roles.some((r) => (ADMIN_ROLES as readonly string[]).includes(r));
}

/** 'On-hold' (include held cases) for admin and super_admin; 'On-hold Only' for everyone else. */
export function onHoldFilterLabel(roles: readonly string[]): 'On-hold' | 'On-hold Only' {
  return isAdmin(roles) ? 'On-hold' : 'On-hold Only';
}

/** What the on-hold toggle asks for when on: admins include held cases, others see only them. */
export function onHoldFilterMode(roles: readonly string[]): Exclude<HeldFilter, 'exclude'> {
  return isAdmin(roles) ? 'include' : 'only';
}

/**
 * How a patient list treats held cases when the caller does not say (the server applies it by the
 * caller's roles): admin and super_admin lists leave them out until the on-hold toggle includes
 * them; everyone else's lists include them.
 */
export function defaultHeldFilter(roles: readonly string[]): HeldFilter {
  return isAdmin(roles) ? 'exclude' : 'include';
}

/** The `held` a list asks for: the toggle's mode when it is on, else the role's default. */
export function heldFilterOf(roles: readonly string[], toggleOn: boolean): HeldFilter {
  return toggleOn ? onHoldFilterMode(roles) : defaultHeldFilter(roles);
}

/**
 * The filters an address opens the list with. A dashboard card (filter[activity]) counts every
 * case of its event, held ones too: on a list that leaves held cases out (`defaultHeld` exclude:
 * admins, see defaultHeldFilter), its link turns the on-hold toggle on (include), unless the
 * address says otherwise.
 */
export function addressFilters(
  fromAddress: Partial<CaseListFilters>,
  defaultHeld: HeldFilter,
): Partial<CaseListFilters> {
  return fromAddress.activity && fromAddress.onHold === undefined && defaultHeld === 'exclude'
    ? { ...fromAddress, onHold: true }
    : fromAddress;
}

// ---------------------------------------------------------------- management query parameters

export type CaseListSort = 'newest' | 'oldest';

export interface DateRange {
  from: string | null;
  to: string | null;
}

/** The management list's filters (the ones this portal offers). */
export interface CaseListFilters {
  /** Patient name or case number. */
  patient: string;
  /** Doctor name. */
  doctor: string;
  /** Organization name or account number. */
  organization: string;
  /** Only this doctor's cases (queryUser given as an id). */
  userId: number | null;
  /** Only this organization's cases (queryOrganization given as an id). */
  organizationId: number | null;
  organizationTypeId: number | null;
  onHold: boolean;
  activeOnly: boolean;
  archivedOnly: boolean;
  caseNotesOnly: boolean;
  rushOnly: boolean;
  /** null: the default order, open shipments by ship date ascending (shipped cases last). */
  sort: CaseListSort | null;
  /** Expected ship date range (inclusive calendar dates). */
  shipDate: DateRange | null;
  /** Only cases with this event (a dashboard card), in these days of the user's time zone (null: any day). */
  activity: { key: DashboardActivity; range: DateRange | null } | null;
  /** Only cases with a request of this kind (and status, when given). */
  requestType: RequestType | null;
  requestStatus: RequestStatusKey | null;
  /** Only cases whose print is assigned so (1 provider, 2 in-office, 3 third party). */
  assignment: AssignmentValue | null;
  /** Only the cases of this print batch. */
  batchId: number | null;
  /** Only the cases with a print request of this tracking number (exact, spaces ignored). */
  trackingNumber: string;
  /** The shipping view: cases with a shipment, grouped by shipment key (staff who ship). */
  shipping: boolean;
}

type CaseListFlag = 'onHold' | 'activeOnly' | 'archivedOnly' | 'caseNotesOnly' | 'rushOnly' | 'shipping';

export const DEFAULT_CASE_LIST_FILTERS: CaseListFilters = {
  patient: '',
  doctor: '',
  organization: '',
  userId: null,
  organizationId: null,
  organizationTypeId: null,
  onHold: false,
  activeOnly: false,
  archivedOnly: false,
  caseNotesOnly: false,
  rushOnly: false,
  sort: null,
  shipDate: null,
  activity: null,
  requestType: null,
  requestStatus: null,
  assignment: null,
  batchId: null,
  trackingNumber: '',
  shipping: false,
};

/** `filter[...]` keys the management list understands, and the filter each sets. */
export const CASE_LIST_FILTER_PARAMS = {
  patient: 'patient',
  doctor: 'doctor',
  organization: 'organization',
  organization_type_id: 'organizationTypeId',
  on_hold: 'onHold',
  active_only: 'activeOnly',
  archived_only: 'archivedOnly',
  case_notes_only: 'caseNotesOnly',
  rush_case_only: 'rushOnly',
  expected_shipping_date: 'shipDate',
  request_type: 'requestType',
  request_status: 'requestStatus',
  assignment: 'assignment',
  batch: 'batchId',
  tracking_number: 'trackingNumber',
  shipping: 'shipping',
} as const satisfies Record<string, keyof CaseListFilters>;

const TRUE_VALUES = new Set(['1', 'true', 'yes', 'on']);
const FALSE_VALUES = new Set(['0', 'false', 'no', 'off']);

function readFlag(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (TRUE_VALUES.has(v)) return true;
  if (FALSE_VALUES.has(v)) return false;
  return undefined;
}

function validDate(value: string): string | null {
  const v = value.trim();
  if (!DATE_ONLY.test(v)) return null;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : null;
}

/** 'from,to' (either side may be empty) as a date range; null when neither side is a date. */
export function parseDateRange(value: string): DateRange | null {
  const [fromText = '', toText = ''] = value.split(',');
  const from = validDate(fromText);
  const to = validDate(toText);
  if (!from && !to) return null;
  if (from && to && from > to) return { from: to, to: from };
  return { from, to };
}

export function formatDateRange(range: DateRange): string {
  return `${range.from ?? ''},${range.to ?? ''}`;
}

/** filter[activity] (a dashboard card's key) and filter[activity_date] ('from,to'). */
function readActivity(filters: Partial<CaseListFilters>, name: string, raw: string) {
  const current = filters.activity ?? null;
  if (name === 'activity') {
    const key = raw.trim();
    if ((DASHBOARD_ACTIVITIES as readonly string[]).includes(key))
      filters.activity = { key: key as DashboardActivity, range: current?.range ?? null };
    return;
  }
  const range = parseDateRange(raw);
  // The date alone (no activity yet) waits for filter[activity]; without it nothing is filtered.
  filters.activity = current ? { ...current, range } : ({ key: '' as DashboardActivity, range } as const);
}

/** Drops an activity date that came without its activity. */
function settleActivity(filters: Partial<CaseListFilters>) {
  if (filters.activity && !(DASHBOARD_ACTIVITIES as readonly string[]).includes(filters.activity.key))
    delete filters.activity;
}

export interface CaseListQueryResult {
  /** The filters the address sets (only those present and valid). */
  filters: Partial<CaseListFilters>;
  /** Every parameter the list consumes (present in the address), to remove afterwards. */
  consumed: string[];
}

const FILTER_KEY = /^filter\[([a-z_]+)\]$/;

function positiveId(value: string): number | null {
  const v = value.trim();
  if (!/^\d{1,15}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 ? n : null;
}

/**
 * Reads the management list's query parameters: queryUser (a doctor's id, or a name to search),
 * queryOrganization (an organization's id, or a name / account number to search), queryName
 * (a patient's name; empty: none), sort (newest/oldest), `filter[...]` parameters and date ranges given as 'from,to'.
 * Unknown `filter[...]` keys and invalid values are consumed and ignored.
 */
export function readCaseListQuery(params: URLSearchParams): CaseListQueryResult {
  const filters: Partial<CaseListFilters> = {};
  const consumed: string[] = [];
  const text = (value: string) => value.trim().slice(0, 255);

  params.forEach((raw, key) => {
    if (key === 'queryUser') {
      const id = positiveId(raw);
      if (id) filters.userId = id;
      else if (text(raw) !== '') filters.doctor = text(raw);
    } else if (key === 'queryOrganization') {
      const id = positiveId(raw);
      if (id) filters.organizationId = id;
      else if (text(raw) !== '') filters.organization = text(raw);
    } else if (key === 'queryName') {
      // A patient's name only when one is given: an empty value filters nothing.
      if (text(raw) !== '') filters.patient = text(raw);
    } else if (key === 'sort') {
      const v = raw.trim().toLowerCase();
      if (v === 'newest' || v === 'oldest') filters.sort = v;
    } else {
      const match = FILTER_KEY.exec(key);
      if (!match) return;
      const name = match[1] as string;
      const target = (CASE_LIST_FILTER_PARAMS as Record<string, keyof CaseListFilters>)[name];
      if (
        target === 'patient' ||
        target === 'doctor' ||
        target === 'organization' ||
        target === 'trackingNumber'
      )
        filters[target] = text(raw);
      else if (target === 'organizationTypeId' || target === 'batchId') {
        const id = positiveId(raw);
        if (id) filters[target] = id;
      } else if (name === 'activity' || name === 'activity_date') {
        readActivity(filters, name, raw);
      } else if (target === 'requestType') {
        const v = raw.trim();
        if ((REQUEST_TYPES as readonly string[]).includes(v)) filters.requestType = v as RequestType;
      } else if (target === 'requestStatus') {
        const v = raw.trim();
        if ((REQUEST_STATUS_KEYS as readonly string[]).includes(v))
          filters.requestStatus = v as RequestStatusKey;
      } else if (target === 'assignment') {
        const v = raw.trim();
        const value = ASSIGNMENT_VALUES.find((a) => String(a) === v);
        if (value) filters.assignment = value;
      } else if (target === 'shipDate') {
        const range = parseDateRange(raw);
        if (range) filters.shipDate = range;
      } else if (target) {
        const flag = readFlag(raw);
        if (flag !== undefined) filters[target as CaseListFlag] = flag;
      }
    }
    if (!consumed.includes(key)) consumed.push(key);
  });
  settleActivity(filters);
  return { filters, consumed };
}

/** The address without the consumed parameters ('' when nothing is left). */
export function withoutConsumed(params: URLSearchParams, consumed: readonly string[]): string {
  const rest = new URLSearchParams(params);
  for (const key of consumed) rest.delete(key);
  const s = rest.toString();
  return s ? `?${s}` : '';
}
