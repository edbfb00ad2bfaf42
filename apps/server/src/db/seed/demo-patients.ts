/**
 * Demo cases: a few hundred patients across the demo practices in every list status (new,
 * in progress, awaiting approval, approved, completed, cancelled), some on hold, archived or
 * deleted, rush cases, case-note conversations, internal and technician notes, markers,
 * customer requests with printing requests (ship dates past, today and future; items of
 * various ages), initial case setup workflows (S1..S5, QA) and small real files (STL arches,
 * IOS zips, PNG photos and X-rays, a PDF) written through the storage driver.
 *
 * Deterministic: names and choices come from a seeded generator, dates are relative to `now`.
 * Rows are inserted in batches so the first start stays fast.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import { generatedFileName } from '@archline/contracts';
import type { DB } from '../schema.ts';
import { TOOTH_KEYS } from './factories.ts';
import { archStl, photoPng, storedZip, textPdf } from './demo-files.ts';

/** The part of the storage driver the seed writes through. */
export interface DemoFileStore {
  put(key: string, body: Buffer): Promise<{ size: number; sha256: string }>;
  delete(key: string): Promise<void>;
}

export interface DemoPatientsOptions {
  /** Where the files go; without it the cases get no files. */
  storage?: DemoFileStore;
  /** The reference time (default: now). */
  now?: Date;
  /** The generator's seed (default 20261122). */
  seed?: number;
}

export interface DemoPatientsSummary {
  patients: number;
  files: number;
}

/** Demo list statuses; 'cancelled' is an Rx form cancelled after submission. */
export type DemoStatus =
  | 'new_empty'
  | 'new_saved'
  | 'new'
  | 'in_progress'
  | 'awaiting_approval'
  | 'approved'
  | 'completed'
  | 'cancelled';

/** How many cases each demo practice gets, who treats them and the case-number prefix. */
export const DEMO_PATIENT_PLAN = [
  {
    organization: 'Bright Smiles Orthodontics',
    count: 150,
    prefix: 'BS-',
    doctors: [
      'doctor@example.com',
      'doctor@example.com',
      'doctor@example.com',
      'manager@example.com',
      'multi@example.com',
    ],
  },
  {
    organization: 'Summit Dental Group',
    count: 90,
    prefix: 'SDG-',
    doctors: [
      'owner@summit.example.com',
      'blake@summit.example.com',
      'cameron@summit.example.com',
      'drew@summit.example.com',
      'emerson@summit.example.com',
      'finley@summit.example.com',
    ],
  },
  {
    organization: 'Riverside Family Dental',
    count: 30,
    prefix: 'RFD-',
    doctors: ['owner@riverside.example.com', 'owner@riverside.example.com', 'multi@example.com'],
  },
  { organization: 'Lakeside Smiles', count: 16, prefix: 'LKS-', doctors: ['owner@lakeside.example.com'] },
  {
    organization: 'Old Town Orthodontics',
    count: 12,
    prefix: 'OTO-',
    doctors: ['owner@oldtown.example.com'],
  },
] as const;

const STATUS_ORDER: DemoStatus[] = [
  'new_empty',
  'new_saved',
  'new',
  'in_progress',
  'awaiting_approval',
  'approved',
  'completed',
  'cancelled',
];
const STATUS_WEIGHTS: Record<DemoStatus, number> = {
  new_empty: 4,
  new_saved: 4,
  new: 10,
  in_progress: 14,
  awaiting_approval: 14,
  approved: 16,
  completed: 13,
  cancelled: 3,
};
/** Age of a case (days) by status: older statuses are older cases. */
const AGE_DAYS: Record<DemoStatus, [number, number]> = {
  new_empty: [0.05, 40],
  new_saved: [0.05, 40],
  new: [0.05, 12],
  in_progress: [0.2, 20],
  awaiting_approval: [1, 45],
  approved: [4, 120],
  completed: [40, 180],
  cancelled: [3, 150],
};

// prettier-ignore
const FIRST_NAMES = [
  'Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Lucas', 'Isabella', 'Mason',
  'Mia', 'Ethan', 'Amelia', 'Logan', 'Harper', 'James', 'Evelyn', 'Aiden', 'Abigail', 'Carter',
  'Ella', 'Jackson', 'Scarlett', 'Sebastian', 'Grace', 'Mateo', 'Chloe', 'Henry', 'Zoey', 'Owen',
  'Lily', 'Wyatt', 'Hannah', 'Julian', 'Nora', 'Levi', 'Riley', 'Gabriel', 'Aria', 'Isaac',
  'Layla', 'Caleb', 'Penelope', 'Nathan', 'Stella', 'Ryan', 'Hazel', 'Adrian', 'Aurora', 'Miles',
  'Zoe', 'Eli', 'Lucy', 'Dylan', 'Violet', 'Hudson', 'Maya', 'Jaxon', 'Naomi', 'Leo',
  'Sofia', 'Ezra', 'Camila', 'Thomas', 'Elena', 'Charles', 'Priya', 'Arjun', 'Mei', 'Hiro',
];
// prettier-ignore
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  "O'Brien", 'Kowalski', 'Schmidt', 'Patel', 'Chen', 'Kim', 'Nakamura', 'Okafor', 'Silva', 'Rossi',
];

const MARKERS = [
  { symbol: 'R', color: '#D32F2F' },
  { symbol: '★', color: '#F9A825' },
  { symbol: 'G', color: '#2E7D32' },
  { symbol: '!', color: '#EF6C00' },
  { symbol: 'B', color: '#1565C0' },
  { symbol: 'V', color: '#6A1B9A' },
];

const HOLD_REASONS = [
  'Waiting for a new scan: the lower arch is missing the second molars.',
  'Doctor asked to pause the case until the patient decides on treatment.',
  'Bracket selection unclear; waiting for the doctor to confirm the library.',
  'Scan shows distortion in the upper anterior region. New scan requested.',
  'Payment on file failed; the office will call back.',
  'Patient relocating; the office will confirm the shipping location.',
];
const ARCHIVE_REASONS = [
  'Patient transferred to another practice.',
  'Duplicate case entered by mistake.',
  'Treatment declined by the patient.',
  'Case entered for the wrong patient.',
];
const DOCTOR_MESSAGES = [
  'Please keep the lower incisors as they are; we will strip them in office.',
  'Can you add brackets on the second molars as well?',
  'The patient has a crown on UR6, please plan around it.',
  'We would like to bond next Tuesday. Is that possible?',
  'Thanks, the setup looks great. Approving now.',
  'Could you move UL3 a bit more distally?',
  'Please use the low-profile brackets on the lower arch.',
];
const MANAGEMENT_MESSAGES = [
  'We received the scans. The upper arch has a small void near UL7; we can work with it.',
  'Setup is ready for your review. Let us know if anything should change.',
  'We added a note about the crown on UR6 to the technician notes.',
  'Bonding date noted. The trays will ship two business days before.',
  'The case is on its way. Tracking number is in the request.',
  'We adjusted UL3 as requested; please review the updated setup.',
];
const INTERNAL_NOTES = [
  'Check the lower scan for distortion before S2.',
  'Doctor prefers minimal torque on lower incisors.',
  'Second opinion requested from the supervisor on the bite.',
  'Reprint approved at no charge.',
];
const TECH_NOTES = [
  'Trays trimmed 2 mm above the gingival line.',
  'Used the thin guide template.',
  'Reinforced the molar area of the tray.',
  'Extra bracket pad cleanup needed.',
];
const DOCTOR_INTERNAL_NOTES = [
  'Patient prefers morning appointments.',
  'Mother will bring the patient; call before the bonding day.',
  'Insurance pre-authorisation pending.',
];
const SPECIAL_INSTRUCTIONS = [
  'Avoid brackets on UR6 (crown).',
  'Please level the curve of Spee.',
  'Keep the midline as is.',
  'Extraction of UL4 and UR4 planned.',
  null,
  null,
  null,
];

const PROCESSES = ['S1', 'S2', 'S3', 'S4', 'S5', 'QA'] as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** mulberry32: a small, fast, seeded generator (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

async function inChunks<R, O>(rows: R[], size: number, insert: (part: R[]) => Promise<O[]>): Promise<O[]> {
  const out: O[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(...(await insert(rows.slice(i, i + size))));
  return out;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

interface PlannedCase {
  status: DemoStatus;
  organizationId: number;
  doctorId: number;
  doctorName: string;
  prefix: string;
  locationIds: number[];
  thirdParty: boolean;
  createdAt: Date;
  /** When the last event of the case happened (the patient's modification date). */
  updatedAt: Date;
  patient: Insertable<DB['patients']>;
  rx?: Insertable<DB['rx_forms']> & { teeth: Record<string, number> };
  held?: { at: Date; group: 1 | 2; byId: number; byName: string; reason: string; history: boolean };
  pastHold?: { at: Date; until: Date; byName: string; reason: string };
  notes: { type: 'doctor' | 'management'; authorId: number; name: string; message: string; at: Date }[];
  request?: {
    status: 1 | 2 | 4;
    createdAt: Date;
    printing: Insertable<DB['printing_requests']> | null;
    itemsAt: Date;
  };
  workflow?: {
    status: 'NEW' | 'IN_PROGRESS' | 'COMPLETED';
    startedAt: Date | null;
    finishedAt: Date | null;
  }[];
  files: boolean;
}

/**
 * Seeds the demo cases into the organizations made by seedDemo (found by name) and returns how
 * many patients and files it created. Run inside seedDemo's transaction.
 */
export async function seedDemoPatients(
  db: Kysely<DB>,
  options: DemoPatientsOptions = {},
): Promise<DemoPatientsSummary> {
  const now = options.now ?? new Date();
  const rand = seededRandom(options.seed ?? 20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const between = (from: number, to: number) => from + rand() * (to - from);
  const chance = (p: number) => rand() < p;
  const before = (at: Date, latest: Date) => new Date(Math.min(at.getTime(), latest.getTime()));
  const nowMs = now.getTime();
  const latest = new Date(nowMs - 5 * 60_000);

  // What seedDemo made
  const organizations = new Map(
    (await db.selectFrom('organizations').select(['id', 'name']).execute()).map((o) => [o.name, o.id]),
  );
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).execute()).map((u) => [
      String(u.email),
      { id: u.id, name: `${u.first_name} ${u.last_name}` },
    ]),
  );
  const user = (email: string) => {
    const u = users.get(email);
    if (!u) throw new Error(`demo user ${email} is missing`);
    return u;
  };
  const locations = await db
    .selectFrom('locations')
    .select(['id', 'organization_id'])
    .orderBy('id')
    .execute();
  const shipping = await db
    .selectFrom('shipping_methods')
    .select(['id', 'id_string', 'transit_days'])
    .execute();
  const ground = shipping.find((s) => s.id_string === 'ground') ?? shipping[0];
  const partnerOrgs = new Set(
    (
      await db
        .selectFrom('organization_preferences')
        .select('organization_id')
        .where('third_party_partner_user_id', 'is not', null)
        .execute()
    ).map((p) => p.organization_id),
  );
  const admin = user('admin@example.com');
  const tech = user('tech@example.com');
  const supervisor = user('supervisor@example.com');
  const partner = user('partner@example.com');
  const managementAuthors = [admin, tech, supervisor];

  const statusPicker = (() => {
    const total = STATUS_ORDER.reduce((n, s) => n + STATUS_WEIGHTS[s], 0);
    return () => {
      let r = rand() * total;
      for (const s of STATUS_ORDER) {
        r -= STATUS_WEIGHTS[s];
        if (r < 0) return s;
      }
      return 'new';
    };
  })();

  // ------------------------------------------------------------------ plan every case in memory
  const cases: PlannedCase[] = [];
  for (const plan of DEMO_PATIENT_PLAN) {
    const organizationId = organizations.get(plan.organization);
    if (organizationId === undefined) continue;
    const orgLocations = locations.filter((l) => l.organization_id === organizationId).map((l) => l.id);
    const thirdPartyOrg = partnerOrgs.has(organizationId);
    const names: { first: string; last: string }[] = [];
    for (let i = 0; i < plan.count; i++) {
      // every status early in each practice, the rest by weight
      const status = i < STATUS_ORDER.length ? STATUS_ORDER[i]! : statusPicker();
      const picked = pick(plan.doctors);
      // The organization member treats a few of Dana's cases, so member@example.com (who sees only
      // their own cases) has a list; the other doctors' cases and every count stay as they were.
      const doctor = user(
        plan.prefix === 'BS-' && picked === 'doctor@example.com' && i % 15 === 12
          ? 'member@example.com'
          : picked,
      );
      let first = pick(FIRST_NAMES);
      let last = pick(LAST_NAMES);
      let numericSuffix: number | null = null;
      // a few namesakes (same name, a numeric suffix) in the bigger practices
      if (i > 20 && i % 37 === 0 && names.length > 0) {
        const twin = names[Math.floor(rand() * names.length)]!;
        first = twin.first;
        last = twin.last;
        numericSuffix = 2;
      }
      names.push({ first, last });
      // a third of the cases in the lab's hands arrived within hours (fresh, ageing and late chips)
      const recent = (status === 'in_progress' || status === 'awaiting_approval') && chance(0.35);
      const [minAge, maxAge] = recent ? [0.1, 0.6] : AGE_DAYS[status];
      const createdAt = new Date(nowMs - between(minAge, maxAge) * DAY);
      const caseNumber = chance(0.85) ? `${plan.prefix}${1100 + i}` : null;
      const c: PlannedCase = {
        status,
        organizationId,
        doctorId: doctor.id,
        doctorName: doctor.name,
        prefix: plan.prefix,
        locationIds: orgLocations,
        thirdParty: thirdPartyOrg,
        createdAt,
        updatedAt: createdAt,
        patient: {
          organization_id: organizationId,
          user_id: doctor.id,
          created_by_user_id: doctor.id,
          first_name: first,
          last_name: last,
          case_number_text: caseNumber,
          numeric_suffix: numericSuffix,
          created_at: createdAt,
        },
        notes: [],
        files: false,
      };
      planRx(c, i);
      cases.push(c);
    }
  }

  function planRx(c: PlannedCase, index: number) {
    const { status, createdAt } = c;
    if (status === 'new_empty') return;
    const locationId = c.locationIds.length ? c.locationIds[index % c.locationIds.length]! : null;
    const jaws = pick([3, 3, 3, 1, 2] as const);
    const teeth: Record<string, number> = {};
    for (const key of TOOTH_KEYS) {
      const molar = /(0[0-2]|1[3-5])$/.test(key);
      if (jaws !== 3 && key.startsWith(jaws === 1 ? 'l' : 'u')) continue;
      if (!molar && chance(0.85)) teeth[key] = 1;
      else if (chance(0.12)) teeth[key] = 2;
    }
    const submitted = status !== 'new_saved';
    const submittedAt = submitted ? new Date(createdAt.getTime() + between(2, 40) * 60_000) : null;
    const rush = submitted && status !== 'cancelled' && chance(0.09);
    const thirdParty = c.thirdParty && chance(0.4);
    const rx: NonNullable<PlannedCase['rx']> = {
      organization_id: c.organizationId,
      user_id: c.doctorId,
      created_by_user_id: c.doctorId,
      location_id: locationId,
      shipping_location_id: locationId,
      shipping_method_id: rush ? (shipping.find((s) => s.id_string === 'urgent') ?? ground)?.id : ground?.id,
      status_id: 1,
      status_updated_at: submittedAt ?? createdAt,
      saved_for_later: !submitted,
      submitted_at: submittedAt,
      submission_completed_by: submitted ? (chance(0.8) ? 1 : 2) : null,
      scan_submission_type: chance(0.7) ? 1 : 2,
      scanner_type: pick([1, 1, 2, 2, 3, 6, 4, 5] as const),
      jaws_id: jaws,
      export_type: pick([1, 1, 1, 2, 3] as const),
      print_assignment: thirdParty ? 3 : pick([1, 1, 2] as const),
      insert_brackets_assignment: pick([1, 2] as const),
      initial_setup_assignment: 1,
      rush_case: rush,
      rush_case_authorized_by: rush ? c.doctorName : null,
      expedited_shipping: rush && chance(0.5),
      intraoral_scan_date: isoDate(new Date(createdAt.getTime() - between(0, 6) * DAY)),
      bonding_date: isoDate(new Date(createdAt.getTime() + between(14, 35) * DAY)),
      special_instructions: pick(SPECIAL_INSTRUCTIONS),
      created_at: createdAt,
      teeth,
    };
    c.rx = rx;
    // files on every submitted case of the demo practice, on some elsewhere (each file is a write at first start)
    c.files = submitted && (c.prefix === 'BS-' || chance(c.prefix === 'SDG-' ? 0.5 : 0.25));
    if (!submittedAt) {
      c.updatedAt = createdAt;
      return;
    }
    const age = nowMs - submittedAt.getTime();
    // Workflow timeline: S1..S5 and QA spread between submission and ready
    const readyAt = new Date(submittedAt.getTime() + Math.min(age * 0.5, between(0.3, 3) * DAY));
    const steps = (done: number, until: Date) => {
      const span = until.getTime() - submittedAt.getTime();
      return PROCESSES.map((_, k) => {
        const startedAt = new Date(submittedAt.getTime() + (span * k) / PROCESSES.length + 60_000);
        const finishedAt = new Date(submittedAt.getTime() + (span * (k + 1)) / PROCESSES.length);
        if (k < done) return { status: 'COMPLETED' as const, startedAt, finishedAt };
        if (k === done) return { status: 'IN_PROGRESS' as const, startedAt, finishedAt: null };
        return { status: 'NEW' as const, startedAt: null, finishedAt: null };
      });
    };
    switch (status) {
      case 'new':
        c.updatedAt = submittedAt;
        break;
      case 'cancelled': {
        const cancelledAt = new Date(submittedAt.getTime() + Math.min(age * 0.5, between(0.1, 2) * DAY));
        Object.assign(rx, { status_id: 5, status_updated_at: cancelledAt, cancelled_at: cancelledAt });
        c.updatedAt = cancelledAt;
        break;
      }
      case 'in_progress': {
        const at = new Date(submittedAt.getTime() + Math.min(age * 0.3, between(0.05, 1) * DAY));
        Object.assign(rx, { status_id: 2, status_updated_at: at, assigned_to_user_id: tech.id });
        c.workflow = steps(Math.floor(rand() * PROCESSES.length), latest);
        c.updatedAt = at;
        break;
      }
      case 'awaiting_approval':
        Object.assign(rx, {
          status_id: 3,
          status_updated_at: readyAt,
          ready_at: readyAt,
          assigned_to_user_id: tech.id,
        });
        c.workflow = steps(PROCESSES.length, readyAt);
        c.updatedAt = readyAt;
        break;
      case 'approved':
      case 'completed': {
        const completedAt = new Date(
          readyAt.getTime() + Math.min((nowMs - readyAt.getTime()) * 0.4, between(0.2, 3) * DAY),
        );
        Object.assign(rx, {
          status_id: 4,
          status_updated_at: completedAt,
          ready_at: readyAt,
          completed_at: completedAt,
          assigned_to_user_id: tech.id,
        });
        c.workflow = steps(PROCESSES.length, readyAt);
        c.updatedAt = completedAt;
        planRequest(c, completedAt);
        if (status === 'completed') {
          const doneAt = before(new Date(completedAt.getTime() + between(10, 40) * DAY), latest);
          c.patient.patient_status_id = 3;
          c.patient.setup_completed_at = doneAt;
          c.updatedAt = doneAt;
        }
        break;
      }
    }
  }

  function planRequest(c: PlannedCase, approvedAt: Date) {
    const rx = c.rx!;
    const completed = c.status === 'completed';
    if (!completed && !chance(0.75)) return;
    const transit = shipping.find((s) => s.id === rx.shipping_method_id)?.transit_days ?? 5;
    let createdAt: Date;
    let itemsAt: Date;
    let shipDate: Date;
    let status: 1 | 2 | 4;
    let printingStatus: 1 | 2 | 3;
    if (completed) {
      createdAt = new Date(approvedAt.getTime() + between(0.05, 1) * DAY);
      itemsAt = createdAt;
      shipDate = new Date(createdAt.getTime() + between(2, 6) * DAY);
      status = 4;
      printingStatus = 3;
    } else {
      // open requests: items from a few hours to a few days old; ship dates past, today, future
      const ageHours = pick([2, 4, 5, 8, 10, 11, 20, 30, 52, 75] as const) + rand();
      createdAt = new Date(Math.max(approvedAt.getTime() + 60_000, nowMs - ageHours * HOUR));
      itemsAt = createdAt;
      const shipOffset = pick([-3, -1, 0, 0, 1, 2, 3, 5, 8] as const);
      shipDate = new Date(nowMs + shipOffset * DAY);
      status = chance(0.5) ? 1 : 2;
      printingStatus = status === 1 ? 1 : 2;
    }
    const completedAt = completed ? before(shipDate, latest) : null;
    const arrival = new Date(shipDate.getTime() + transit * DAY);
    c.request = {
      status,
      createdAt,
      itemsAt,
      printing: {
        customer_request_id: 0,
        patient_id: 0,
        location_id: rx.shipping_location_id ?? null,
        shipping_method_id: rx.shipping_method_id ?? null,
        printing_request_status_id: printingStatus,
        assigned_to: rx.print_assignment ?? 1,
        assigned_to_user_id: rx.print_assignment === 3 ? partner.id : null,
        ship_date: isoDate(shipDate),
        expected_arrival_date: isoDate(arrival),
        delivery_date_from: isoDate(arrival),
        delivery_date_to: isoDate(new Date(arrival.getTime() + DAY)),
        tracking_number: completed
          ? `1Z${Math.floor(rand() * 1e10)
              .toString()
              .padStart(10, '0')}DEMO`
          : null,
        courier_name: completed ? 'UPS' : null,
        courier_link: completed ? 'https://www.ups.com/track' : null,
        shipping_label_printed: completed,
        patient_label_printed: completed,
        expedited_shipping: rx.expedited_shipping ?? false,
        completed_at: completedAt,
        created_at: createdAt,
        updated_at: completedAt ?? createdAt,
      },
    };
    if (!completed) c.updatedAt = createdAt;
  }

  // Hold, archive/delete, notes, markers
  for (const [i, c] of cases.entries()) {
    const open = c.status !== 'completed' && c.status !== 'cancelled';
    const archive = i % 23 === 7 || (c.prefix === 'OTO-' && i % 3 === 0);
    const remove = !archive && i % 41 === 11;
    if (archive || remove) {
      const at = before(new Date(c.updatedAt.getTime() + between(1, 20) * DAY), latest);
      Object.assign(c.patient, {
        deleted_at: at,
        deleted_kind: archive ? 'archived' : 'deleted',
        archived_by_name: c.doctorName,
        archived_reason: pick(ARCHIVE_REASONS),
        deleted_by_user_id: c.doctorId,
      });
      c.updatedAt = at;
    } else if (open && (i % 9 === 4 || (c.status === 'awaiting_approval' && i % 5 === 0))) {
      const group = chance(0.5) ? 1 : 2;
      const by = group === 2 ? pick(managementAuthors) : { id: c.doctorId, name: c.doctorName };
      const at = before(new Date(c.updatedAt.getTime() + between(0.1, 5) * DAY), latest);
      c.held = { at, group, byId: by.id, byName: by.name, reason: pick(HOLD_REASONS), history: chance(0.3) };
      Object.assign(c.patient, { held_at: at, held_by_group: group, held_by_user_id: by.id });
      c.updatedAt = at;
    } else if (open && i % 17 === 3 && c.updatedAt.getTime() < nowMs - 2 * DAY) {
      const at = new Date(c.updatedAt.getTime() + between(0.1, 1) * DAY);
      c.pastHold = {
        at,
        until: before(new Date(at.getTime() + DAY), latest),
        byName: c.doctorName,
        reason: pick(HOLD_REASONS),
      };
    }
    if (c.rx?.submitted_at && chance(0.35)) {
      const start = (c.rx.submitted_at as Date).getTime();
      const count = 2 + Math.floor(rand() * 4);
      let doctorTurn = chance(0.5);
      for (let k = 0; k < count; k++) {
        const at = new Date(start + ((nowMs - start) * (k + 1)) / (count + 1));
        const author = doctorTurn ? { id: c.doctorId, name: c.doctorName } : pick(managementAuthors);
        c.notes.push({
          type: doctorTurn ? 'doctor' : 'management',
          authorId: author.id,
          name: author.name,
          message: pick(doctorTurn ? DOCTOR_MESSAGES : MANAGEMENT_MESSAGES),
          at,
        });
        doctorTurn = !doctorTurn;
      }
    }
    if (c.rx?.submitted_at) {
      if (chance(0.22)) c.patient.internal_notes = pick(INTERNAL_NOTES);
      if (chance(0.18)) c.patient.physical_tech_notes = pick(TECH_NOTES);
      if (chance(0.1)) c.patient.management_notes = 'Priority practice: confirm ship date by phone.';
    }
    if (chance(0.15)) c.patient.doctor_internal_notes = pick(DOCTOR_INTERNAL_NOTES);
    if (chance(0.12)) c.patient.doctor_notes = 'Patient is sensitive on the lower left; handle with care.';
    if (chance(0.16)) {
      const markers = [pick(MARKERS)];
      if (chance(0.3)) markers.push(pick(MARKERS.filter((m) => m !== markers[0])));
      c.patient.markers = JSON.stringify(markers);
    }
    c.patient.updated_at = c.updatedAt;
  }

  // ------------------------------------------------------------------ write the rows
  const patientIds = (
    await inChunks(cases, 300, (part) =>
      db
        .insertInto('patients')
        .values(part.map((c) => c.patient))
        .returning('id')
        .execute(),
    )
  ).map((r) => r.id);
  cases.forEach((c, i) => {
    c.patient.id = patientIds[i];
  });
  const idOf = (c: PlannedCase) => c.patient.id as number;

  const withRx = cases.filter((c) => c.rx);
  const rxIds = (
    await inChunks(withRx, 200, (part) =>
      db
        .insertInto('rx_forms')
        .values(
          part.map((c) => {
            const { teeth: _teeth, ...rx } = c.rx!;
            return { ...rx, patient_id: idOf(c), updated_at: c.updatedAt };
          }),
        )
        .returning('id')
        .execute(),
    )
  ).map((r) => r.id);
  const teethRows = withRx.flatMap((c, i) =>
    TOOTH_KEYS.map((tooth) => ({ rx_form_id: rxIds[i]!, tooth, value: c.rx!.teeth[tooth] ?? 0 })),
  );
  await inChunks(teethRows, 4000, async (part) => {
    await db.insertInto('rx_form_teeth').values(part).execute();
    return [];
  });

  const noteRows = cases.flatMap((c) =>
    c.notes.map((n) => ({
      patient_id: idOf(c),
      author_id: n.authorId,
      author_type: n.type,
      author_name: n.name,
      message: n.message,
      created_at: n.at,
    })),
  );
  await inChunks(noteRows, 1000, async (part) => {
    await db.insertInto('case_notes').values(part).execute();
    return [];
  });

  const holdRows: Insertable<DB['on_hold_notes']>[] = [];
  for (const c of cases) {
    if (c.pastHold) {
      const h = c.pastHold;
      holdRows.push(
        {
          patient_id: idOf(c),
          user_id: c.doctorId,
          name: h.byName,
          note: h.reason,
          is_on_hold_reason: true,
          created_at: h.at,
        },
        {
          patient_id: idOf(c),
          user_id: c.doctorId,
          name: h.byName,
          note: 'Resolved, please continue.',
          is_unhold: true,
          created_at: h.until,
        },
      );
    }
    if (c.held) {
      const h = c.held;
      holdRows.push({
        patient_id: idOf(c),
        user_id: h.byId,
        name: h.byName,
        note: h.reason,
        is_on_hold_reason: true,
        notify_office: h.group === 2,
        created_at: h.at,
      });
      if (h.history) {
        holdRows.push({
          patient_id: idOf(c),
          user_id: h.byId,
          name: h.byName,
          note: 'Called the office, waiting for an answer.',
          created_at: before(new Date(h.at.getTime() + 2 * HOUR), latest),
        });
      }
    }
  }
  // cases held before this seed ran (seedDemo's own) get their reason too
  const heldBefore = await db
    .selectFrom('patients')
    .innerJoin('users', 'users.id', 'patients.user_id')
    .select(['patients.id', 'patients.user_id', 'patients.held_at', 'users.first_name', 'users.last_name'])
    .where('patients.held_at', 'is not', null)
    .where('patients.id', 'not in', patientIds.length ? patientIds : [0])
    .execute();
  for (const p of heldBefore) {
    holdRows.push({
      patient_id: p.id,
      user_id: p.user_id,
      name: `${p.first_name} ${p.last_name}`,
      note: HOLD_REASONS[0]!,
      is_on_hold_reason: true,
      created_at: p.held_at!,
    });
  }
  if (holdRows.length) await db.insertInto('on_hold_notes').values(holdRows).execute();

  // Customer requests, printing requests and their items
  const withRequest = cases.filter((c) => c.request);
  const requestIds = (
    await inChunks(withRequest, 300, (part) =>
      db
        .insertInto('customer_requests')
        .values(
          part.map((c) => {
            const r = c.request!;
            const done = r.status === 4;
            return {
              organization_id: c.organizationId,
              patient_id: idOf(c),
              status_id: r.status,
              status_updated_at: (r.printing?.updated_at as Date | undefined) ?? r.createdAt,
              created_by_user_id: c.doctorId,
              completed_by_user_id: done ? tech.id : null,
              completed_at: done ? (r.printing?.completed_at ?? null) : null,
              created_at: r.createdAt,
              updated_at: (r.printing?.updated_at as Date | undefined) ?? r.createdAt,
            };
          }),
        )
        .returning('id')
        .execute(),
    )
  ).map((r) => r.id);
  const printingIds = (
    await inChunks(
      withRequest.map((c, i) => ({ c, requestId: requestIds[i]! })),
      300,
      (part) =>
        db
          .insertInto('printing_requests')
          .values(
            part.map(({ c, requestId }) => ({
              ...c.request!.printing!,
              customer_request_id: requestId,
              patient_id: idOf(c),
            })),
          )
          .returning('id')
          .execute(),
    )
  ).map((r) => r.id);
  const itemRows = withRequest.flatMap((c, i) => {
    const jaws = c.rx!.jaws_id === 3 ? [1, 2] : [c.rx!.jaws_id ?? 1];
    return jaws.map((jaw) => ({
      printing_request_id: printingIds[i]!,
      jaw_type_id: jaw,
      content_type_id: c.rx!.export_type ?? 1,
      insert_brackets: c.rx!.insert_brackets_assignment === 2,
      created_at: c.request!.itemsAt,
      updated_at: c.request!.itemsAt,
    }));
  });
  if (itemRows.length) await db.insertInto('printing_request_items').values(itemRows).execute();

  // Initial case setup workflows
  const withWorkflow = cases.filter((c) => c.workflow);
  const workflowIds = (
    await inChunks(withWorkflow, 300, (part) =>
      db
        .insertInto('tech_workflows')
        .values(
          part.map((c) => ({
            type: 'initial_case_setup',
            patient_id: idOf(c),
            created_at: c.rx!.submitted_at!,
            updated_at: c.updatedAt,
          })),
        )
        .returning('id')
        .execute(),
    )
  ).map((r) => r.id);
  const processRows = withWorkflow.flatMap((c, i) =>
    c.workflow!.map((p, k) => ({
      tech_workflow_id: workflowIds[i]!,
      step: k + 1,
      process: PROCESSES[k]!,
      status: p.status,
      user_id: p.status === 'NEW' ? null : PROCESSES[k] === 'QA' ? supervisor.id : tech.id,
      started_at: p.startedAt,
      finished_at: p.finishedAt,
      created_at: c.rx!.submitted_at!,
      updated_at: p.finishedAt ?? p.startedAt ?? (c.rx!.submitted_at as Date),
    })),
  );
  await inChunks(processRows, 2000, async (part) => {
    await db.insertInto('tech_workflow_processes').values(part).execute();
    return [];
  });

  const files = options.storage
    ? await seedFiles(
        db,
        options.storage,
        cases.filter((c) => c.files),
        idOf,
        rand,
      )
    : 0;
  return { patients: cases.length, files };
}

interface FileSpec {
  c: PlannedCase;
  type: number;
  tag: 'stl_maxillary' | 'stl_mandibular' | 'tech_backup' | null;
  name: string;
  mime: string;
  body: Buffer;
  ios: boolean;
  hidden: boolean;
}

/** Writes the files through the storage driver, then their rows; removes the bytes if that fails. */
async function seedFiles(
  db: Kysely<DB>,
  storage: DemoFileStore,
  cases: PlannedCase[],
  idOf: (c: PlannedCase) => number,
  rand: () => number,
): Promise<number> {
  // a handful of shared bodies: every file still gets its own stored copy
  const upper = [0, 1, 2, 3].map((v) => archStl({ arch: 'maxillary', variant: v }));
  const lower = [0, 1, 2, 3].map((v) => archStl({ arch: 'mandibular', variant: v }));
  const photos = [0, 1, 2, 3, 4, 5].map((v) => photoPng({ variant: v }));
  const xrays = [0, 1].map((v) => photoPng({ variant: v, kind: 'xray', width: 128, height: 64 }));
  const zips = [0, 1, 2, 3].map((v) =>
    storedZip([
      { name: 'upper.stl', data: upper[v]! },
      { name: 'lower.stl', data: lower[v]! },
    ]),
  );

  const specs: FileSpec[] = [];
  for (const c of cases) {
    const p = c.patient;
    const v = Math.floor(rand() * 4);
    const names: string[] = [];
    const named = (suffix: string) => {
      const name = generatedFileName(p.last_name, p.first_name, p.case_number_text, suffix, names);
      names.push(name);
      return name;
    };
    const add = (s: Omit<FileSpec, 'c' | 'ios' | 'hidden'> & { ios?: boolean; hidden?: boolean }) =>
      specs.push({ c, ios: false, hidden: false, ...s });
    const jaws = c.rx!.jaws_id;
    if (rand() < 0.4) {
      add({
        type: 1,
        tag: null,
        name: named('scan.zip'),
        mime: 'application/zip',
        body: zips[v]!,
        ios: true,
      });
      if (rand() < 0.15)
        add({
          type: 1,
          tag: 'tech_backup',
          name: named('backup.zip'),
          mime: 'application/zip',
          body: zips[(v + 1) % 4]!,
          hidden: true,
        });
    }
    if (jaws !== 2)
      add({ type: 2, tag: 'stl_maxillary', name: named('upper.stl'), mime: 'model/stl', body: upper[v]! });
    if (jaws !== 1)
      add({ type: 2, tag: 'stl_mandibular', name: named('lower.stl'), mime: 'model/stl', body: lower[v]! });
    if (rand() < 0.45) {
      const n = 1 + Math.floor(rand() * 2);
      for (let k = 0; k < n; k++)
        add({
          type: 3,
          tag: null,
          name: named(`photo ${k + 1}.png`),
          mime: 'image/png',
          body: photos[(v + k) % photos.length]!,
        });
    }
    if (rand() < 0.2)
      add({ type: 5, tag: null, name: named('panoramic.png'), mime: 'image/png', body: xrays[v % 2]! });
    if (rand() < 0.15)
      add({
        type: 8,
        tag: null,
        name: named('referral.pdf'),
        mime: 'application/pdf',
        body: textPdf('Referral letter', [
          `Patient: ${p.first_name} ${p.last_name}`,
          `Case: ${p.case_number_text ?? '-'}`,
          `Doctor: ${c.doctorName}`,
          'Please plan indirect bonding for both arches.',
        ]),
      });
  }

  // Scan segmentation (Relu) jobs on some STL files, in every state staff act on; derived from
  // the file's position so the rest of the demo stays as it was.
  const reluOf = (i: number): Partial<Insertable<DB['patient_files']>> => {
    if (specs[i]!.type !== 2) return {};
    const job = `demo-relu-${i + 1}`;
    const state = (status: 'success' | 'failed' | 'pending', message: string | null) => ({
      relu_job_id: job,
      relu_status: status,
      metadata: { relu_request: { job_id: job, status, message } },
    });
    if (i % 4 === 0) return state('success', null);
    if (i % 9 === 1) return state('failed', 'Segmentation failed: the scan has gaps near the molars.');
    if (i % 13 === 2) return state('pending', null);
    return {};
  };

  const written: string[] = [];
  try {
    const rows: (Insertable<DB['patient_files']> & { ios: boolean })[] = [];
    await inParallel(
      specs.map((s, i) => ({ s, i })),
      16,
      async ({ s, i }) => {
        const key = `patients/${idOf(s.c)}/${randomUUID()}/${s.name}`;
        const { size, sha256 } = await storage.put(key, s.body);
        written.push(key);
        const at = new Date((s.c.rx!.submitted_at as Date).getTime() - 5 * 60_000);
        rows[i] = {
          patient_id: idOf(s.c),
          patient_file_type_id: s.type,
          name: s.name,
          original_name: s.name,
          storage_path: key,
          size_bytes: size,
          sha256,
          mime_type: s.mime,
          tag: s.tag,
          hidden: s.hidden,
          file_modification_date: new Date(at.getTime() - 30 * 60_000),
          uploaded_by_user_id: s.c.doctorId,
          created_at: at,
          updated_at: at,
          ...reluOf(i),
          ios: s.ios,
        };
      },
    );
    const ids = (
      await inChunks(rows, 500, (part) =>
        db
          .insertInto('patient_files')
          .values(part.map(({ ios: _ios, ...row }) => row))
          .returning(['id', 'patient_id'])
          .execute(),
      )
    ).map((r) => r.id);
    const iosFiles = rows.flatMap((r, i) => (r.ios ? [{ patient: r.patient_id, file: ids[i]! }] : []));
    if (iosFiles.length) {
      const values = sql.join(iosFiles.map((f) => sql`(${f.patient}::bigint, ${f.file}::bigint)`));
      await sql`update patients p set ios_file_id = v.file from (values ${values}) as v(patient, file) where p.id = v.patient`.execute(
        db,
      );
    }
    return rows.length;
  } catch (err) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw err;
  }
}
