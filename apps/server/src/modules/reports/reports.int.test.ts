import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_KEYS,
  REPORT_MESSAGES,
  REQUIRED_MESSAGE,
  permissionsFor,
  type Role,
} from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import {
  buildBatch,
  buildContract,
  buildCustomerRequest,
  buildLocation,
  buildOrganization,
  buildPatient,
  buildShippingMethod,
} from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let superAdmin: H;
const url = (report: string) => `${API}/export-reports/${report}`;

// Tokyo is UTC+9 all year: 2026-01-10..2026-01-12 there runs from 2026-01-09T15:00Z up to 2026-01-12T15:00Z.
const TZ = 'Asia/Tokyo';
const RANGE = { date_from: '2026-01-10', date_to: '2026-01-12', time_zone: TZ };
const BEFORE_START = new Date('2026-01-09T14:59:59.999Z');
const AT_START = new Date('2026-01-09T15:00:00.000Z');
const AT_END = new Date('2026-01-12T14:59:59.999Z');
const AFTER_END = new Date('2026-01-12T15:00:00.000Z');

function rowsOf(body: string): string[][] {
  return parse(body, { bom: true, relax_column_count: false }) as string[][];
}

async function exportCsv(report: string, body: Record<string, unknown> = RANGE, headers: H = superAdmin) {
  return t.app.inject({ method: 'POST', url: url(report), headers, payload: body });
}

let doctorName: string;
let orgName: string;

beforeAll(async () => {
  t = await createTestApp();
  const sa = await givenUser(t, { roles: ['super_admin'] });
  superAdmin = bearer(await tokenFor(t, sa.id, { management: true }));

  const org = await buildOrganization(t.db, { name: 'Smile, "Bright" & Co', account_number: 'SMILE-01' });
  orgName = org.name;
  const doctor = await givenUser(t, {
    first_name: 'Dana',
    last_name: 'Doctor',
    organizations: [{ id: org.id, role: 'organization_owner' }],
  });
  doctorName = 'Dana Doctor';
  const tech = await givenUser(t, {
    roles: ['tech_support'],
    first_name: '=HYPERLINK("http://evil")',
    last_name: 'Tech',
  });
  const patient = (name: string, extra: Record<string, unknown> = {}) =>
    buildPatient(t.db, {
      organization_id: org.id,
      user_id: doctor.id,
      first_name: name,
      last_name: 'Müller',
      case_number_text: `C-${name}`,
      ...extra,
    });

  // Technicians: four finished steps around the range's edges, one step not finished.
  const p1 = await patient('Zoë');
  const wf = await t.db
    .insertInto('tech_workflows')
    .values({ type: 'initial_case_setup', patient_id: p1.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batch = await buildBatch(t.db, { name: '+Batch, Line\nTwo' });
  const bwf = await t.db
    .insertInto('tech_workflows')
    .values({ type: 'batch', batch_id: batch.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const step = (workflow: number, n: number, process: string, finished: Date | null, started: Date) => ({
    tech_workflow_id: workflow,
    step: n,
    process,
    status: finished ? 'COMPLETED' : 'IN_PROGRESS',
    user_id: tech.id,
    started_at: started,
    finished_at: finished,
  });
  await t.db
    .insertInto('tech_workflow_processes')
    .values([
      step(wf.id, 1, 'S1', BEFORE_START, new Date('2026-01-09T14:00:00Z')),
      step(wf.id, 2, 'S2', AT_START, new Date('2026-01-09T14:30:00Z')),
      step(wf.id, 3, 'S3', AT_END, new Date('2026-01-12T14:14:59.999Z')),
      step(wf.id, 4, 'S4', AFTER_END, new Date('2026-01-12T15:00:00Z')),
      step(wf.id, 5, 'S5', null, new Date('2026-01-11T00:00:00Z')),
      step(bwf.id, 1, 'Build Print Job', new Date('2026-01-11T03:00:00Z'), new Date('2026-01-11T02:00:00Z')),
    ])
    .execute();

  // Internal shipping: a bundle of two requests, a parcel on its own, one canceled, one later.
  const location = await buildLocation(t.db, org.id, {
    location_name: 'Main Office',
    city: 'Boulder',
    state: 'CO',
  });
  const method = await buildShippingMethod(t.db, { name: 'Overnight' });
  const bundle = await t.db
    .insertInto('bundled_shipments')
    .values({
      location_id: location.id,
      tracking_number: '1Z999',
      custom_shipping_fee: 12.5,
      internal_shipping_cost: 8.75,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const shipped = async (name: string, shipDate: string, o: Record<string, unknown> = {}) => {
    const p = await patient(name);
    const cr = await buildCustomerRequest(t.db, { organization_id: org.id, patient_id: p.id });
    return t.db
      .insertInto('printing_requests')
      .values({
        customer_request_id: cr.id,
        patient_id: p.id,
        location_id: location.id,
        shipping_method_id: method.id,
        ship_date: shipDate,
        courier_name: 'UPS',
        ...o,
      })
      .returning(['id', 'customer_request_id'])
      .executeTakeFirstOrThrow();
  };
  await shipped('Ann', '2026-01-10', { bundled_shipment_id: bundle.id });
  await shipped('Ben', '2026-01-11', { bundled_shipment_id: bundle.id, expedited_shipping: true });
  const parcel = await shipped('Cy', '2026-01-12', {
    tracking_number: '-1 tracking',
    custom_shipping_fee: 0,
    internal_shipping_cost: 7.2,
  });
  await shipped('Dee', '2026-01-11', { printing_request_status_id: 4 });
  await shipped('Eve', '2026-01-13');
  parcelRequestId = parcel.customer_request_id;

  // Feedback: in range at both edges, out of range on both sides.
  const fb = async (name: string, at: Date, rating: number, options: string[]) => {
    const p = await patient(name);
    await t.db
      .insertInto('case_feedbacks')
      .values({
        patient_id: p.id,
        user_id: doctor.id,
        rating,
        options: JSON.stringify(options),
        created_at: at,
      })
      .execute();
  };
  await fb('Fay', BEFORE_START, 10, []);
  await fb('Gus', AT_START, 10, ['+1 great fit', 'Fast, "really" fast']);
  await fb('Hal', AT_END, 1, ['Trays cracked\nin two places']);
  await fb('Ivy', AFTER_END, 5, []);

  // Invoices: by invoice date (a calendar date), with the latest payment attempt.
  const contract = await buildContract(t.db, org.id);
  const order = async (invoiceDate: string | null, o: Record<string, unknown> = {}) =>
    t.db
      .insertInto('orders')
      .values({ organization_id: org.id, contract_id: contract.id, invoice_date: invoiceDate, ...o })
      .returning('id')
      .executeTakeFirstOrThrow();
  await order('2026-01-09', { invoice_label: 'INV-OLD' });
  const inv = await order('2026-01-10', {
    invoice_label: 'INV-100',
    kind: 'initial',
    period_start: '2026-01-10',
    period_end: '2026-02-09',
    subtotal: 250,
    credits: 10,
    tax: 0,
    credit_card_fee: 3.58,
    total: 243.58,
    fm_invoice_status: 'NOT_PAID',
  });
  await order('2026-01-12', {
    invoice_label: 'INV-101',
    total: -5,
    subtotal: -5,
    fm_invoice_status: 'PAID',
    paid_at: AT_END,
  });
  await order('2026-01-13', { invoice_label: 'INV-LATE' });
  await order(null, { invoice_label: 'CURRENT', is_current: true });
  await t.db
    .insertInto('payment_attempts')
    .values([
      {
        contract_id: contract.id,
        order_id: inv.id,
        status: 'success',
        amount: 1,
        created_at: new Date('2026-01-10T01:00:00Z'),
      },
      {
        contract_id: contract.id,
        order_id: inv.id,
        status: 'failed',
        amount: 243.58,
        message: 'Card declined',
        created_at: new Date('2026-01-10T02:00:00Z'),
      },
    ])
    .execute();

  // Deleted cases: deleted at the edges and outside; an archived case is not a deleted one.
  const gone = (name: string, at: Date, kind: 'deleted' | 'archived') =>
    patient(name, {
      deleted_at: at,
      deleted_kind: kind,
      archived_by_name: 'Dana Doctor',
      archived_reason: kind === 'deleted' ? '@duplicate case' : 'Finished',
      deleted_by_user_id: doctor.id,
      created_at: new Date('2025-12-01T12:00:00Z'),
    });
  await gone('Jo', BEFORE_START, 'deleted');
  await gone('Kim', AT_START, 'deleted');
  await gone('Lou', AT_END, 'deleted');
  await gone('Max', AT_START, 'archived');
  await gone('Ned', AFTER_END, 'deleted');
});
afterAll(() => t?.close());

let parcelRequestId: number;

describe('POST /export-reports/{report}: who may export', () => {
  it('without a session answers 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: url('technicians'), payload: RANGE });
    expect(res.statusCode).toBe(401);
  });

  it.each<Role>(['admin', 'tech_support', 'supervisor', 'lab_partner'])(
    'a %s (management, not super admin) gets 403 for every report',
    async (role) => {
      const u = await givenUser(t, { roles: [role] });
      const h = bearer(await tokenFor(t, u.id, { management: true }));
      for (const report of REPORT_KEYS) {
        const res = await exportCsv(report, RANGE, h);
        expect(res.statusCode, report).toBe(403);
        expect(res.json().message).toBe('This action is unauthorized.');
      }
    },
  );

  it('a practice user (doctor, organization owner) gets 403', async () => {
    const org = await buildOrganization(t.db);
    const u = await givenUser(t, { organizations: [{ id: org.id, role: 'organization_owner' }] });
    const res = await exportCsv('invoices', RANGE, bearer(await tokenFor(t, u.id)));
    expect(res.statusCode).toBe(403);
  });

  it('an admin given the technicians report toggle is still refused: the page and the call are super admin only', async () => {
    const u = await givenUser(t, { roles: ['admin'] });
    await t.db
      .insertInto('user_custom_permissions')
      .values({ user_id: u.id, permission: 'reports.technicians.export' })
      .execute();
    const res = await exportCsv('technicians', RANGE, bearer(await tokenFor(t, u.id, { management: true })));
    expect(res.statusCode).toBe(403);
  });

  it('a super admin holds every report permission (custom toggles only add), so none can be missing', () => {
    const permissions = permissionsFor({ roles: ['super_admin'] });
    for (const report of REPORT_KEYS) expect(permissions.has(`reports.${report}.export`)).toBe(true);
  });

  it('a non-super-admin learns nothing from validation or report names: 403 before either', async () => {
    const u = await givenUser(t, { roles: ['admin'] });
    const h = bearer(await tokenFor(t, u.id, { management: true }));
    expect((await exportCsv('technicians', {}, h)).statusCode).toBe(403);
    expect((await exportCsv('no-such-report', RANGE, h)).statusCode).toBe(403);
  });

  it('an unknown report answers 404 for a super admin', async () => {
    const res = await exportCsv('patients', RANGE);
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /export-reports/{report}: validation', () => {
  it('a date range is required', async () => {
    const res = await exportCsv('technicians', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ date_from: [REQUIRED_MESSAGE], date_to: [REQUIRED_MESSAGE] });
    const empty = await exportCsv('technicians', { date_from: '', date_to: ' ' });
    expect(empty.json().errors).toEqual({ date_from: [REQUIRED_MESSAGE], date_to: [REQUIRED_MESSAGE] });
  });

  it('dates must be real calendar dates written YYYY-MM-DD', async () => {
    for (const bad of [
      '2026-02-30',
      '2026-13-01',
      '01/10/2026',
      '2026-01-10T00:00:00Z',
      '0001-01-01',
      20260110,
    ]) {
      const res = await exportCsv('technicians', { date_from: bad, date_to: '2026-03-01' });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors.date_from, String(bad)).toEqual([
        typeof bad === 'number' ? REQUIRED_MESSAGE : REPORT_MESSAGES.invalidDate,
      ]);
    }
  });

  it('the end date may not come before the start date; one day (from = to) is fine', async () => {
    const res = await exportCsv('technicians', { date_from: '2026-01-12', date_to: '2026-01-11' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: REPORT_MESSAGES.dateOrder,
      errors: { date_to: [REPORT_MESSAGES.dateOrder] },
    });
    expect(
      (await exportCsv('technicians', { date_from: '2026-01-12', date_to: '2026-01-12' })).statusCode,
    ).toBe(200);
  });

  it('an unknown time zone is refused', async () => {
    for (const tz of ['Mars/Olympus_Mons', "UTC'; drop table users; --", '']) {
      const res = await exportCsv('technicians', { ...RANGE, time_zone: tz });
      expect(res.statusCode, tz).toBe(400);
      expect(res.json().errors.time_zone).toEqual([REPORT_MESSAGES.invalidTimeZone]);
    }
  });
});

describe('POST /export-reports/{report}: the files', () => {
  it('answers a CSV attachment named after the report and the range, starting with a UTF-8 byte order mark', async () => {
    const res = await exportCsv('technicians');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="technicians-2026-01-10-2026-01-12.csv"',
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.endsWith('\r\n')).toBe(true);
  });

  it('technicians: each finished step in the range (start and end of day in the time zone), times written there', async () => {
    const rows = rowsOf((await exportCsv('technicians')).body);
    expect(rows[0]).toEqual([
      'Finished At',
      'Technician',
      'Technician Email',
      'Process',
      'Step',
      'Workflow',
      'Patient',
      'Case Number',
      'Organization',
      'Doctor',
      'Batch',
      'Started At',
      'Production Time (min)',
    ]);
    const body = rows.slice(1);
    expect(body.map((r) => r[3])).toEqual(['S2', 'Build Print Job', 'S3']);
    const [s2, job, s3] = body as [string[], string[], string[]];
    expect(s2[0]).toBe('2026-01-10 00:00');
    expect(s2[1]).toBe(`'=HYPERLINK("http://evil") Tech`);
    expect(s2.slice(4, 10)).toEqual(['2', 'Initial Case Setup', 'Zoë Müller', 'C-Zoë', orgName, doctorName]);
    expect(s2[11]).toBe('2026-01-09 23:30');
    expect(s2[12]).toBe('30.0');
    expect(job.slice(5, 11)).toEqual(['Batch', '', '', '', '', `'+Batch, Line\nTwo`]);
    expect(job[12]).toBe('60.0');
    expect(s3[0]).toBe('2026-01-12 23:59');
    expect(s3[12]).toBe('45.0');
  });

  it('the same instants fall on other days in another time zone', async () => {
    const res = await exportCsv('technicians', {
      date_from: '2026-01-09',
      date_to: '2026-01-09',
      time_zone: 'UTC',
    });
    const rows = rowsOf(res.body).slice(1);
    expect(rows.map((r) => r[3])).toEqual(['S1', 'S2']);
    expect(rows[1]![0]).toBe('2026-01-09 15:00');
  });

  it('without a time zone the lab time zone (America/Denver) applies', async () => {
    // 2026-01-12T14:59Z is 07:59 on the 12th in Denver; 2026-01-12T15:00Z is 08:00.
    const rows = rowsOf(
      (await exportCsv('technicians', { date_from: '2026-01-12', date_to: '2026-01-12' })).body,
    );
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ['2026-01-12 07:59', 'S3'],
      ['2026-01-12 08:00', 'S4'],
    ]);
  });

  it('internal shipping: one row per shipment by ship date, a bundle with its requests and its own costs', async () => {
    const rows = rowsOf((await exportCsv('internal-shipping')).body);
    expect(rows[0]).toEqual([
      'Ship Date',
      'Shipment',
      'Requests',
      'Patients',
      'Organization',
      'Location',
      'City',
      'State',
      'Country',
      'Shipping Method',
      'Courier',
      'Tracking Number',
      'Expedited',
      'Custom Shipping Fee',
      'Internal Shipping Cost',
      'Completed At',
    ]);
    const body = rows.slice(1);
    expect(body).toHaveLength(2);
    expect(body[0]!.slice(0, 15)).toEqual([
      '2026-01-10',
      expect.stringMatching(/^Bundle \d+$/),
      '2',
      'Ann Müller; Ben Müller',
      orgName,
      'Main Office',
      'Boulder',
      'CO',
      'USA',
      'Overnight',
      'UPS',
      '1Z999',
      'Yes',
      '12.50',
      '8.75',
    ]);
    expect(body[1]!.slice(0, 4)).toEqual(['2026-01-12', `Request ${parcelRequestId}`, '1', 'Cy Müller']);
    expect(body[1]!.slice(11, 15)).toEqual([`'-1 tracking`, 'No', '0.00', '7.20']);
  });

  it('feedbacks: each rating in the range with its comments joined', async () => {
    const rows = rowsOf((await exportCsv('feedbacks')).body);
    expect(rows[0]).toEqual([
      'Submitted At',
      'Rating',
      'Score',
      'Comments',
      'Stop Asking',
      'Patient',
      'Case Number',
      'Organization',
      'Account Number',
      'Doctor',
      'Submitted By',
      'Submitted By Email',
    ]);
    const body = rows.slice(1);
    expect(body.map((r) => r.slice(0, 6))).toEqual([
      ['2026-01-10 00:00', 'Great', '10', `'+1 great fit; Fast, "really" fast`, 'No', 'Gus Müller'],
      ['2026-01-12 23:59', 'Bad', '1', 'Trays cracked\nin two places', 'No', 'Hal Müller'],
    ]);
    expect(body[0]!.slice(7, 11)).toEqual([orgName, 'SMILE-01', doctorName, doctorName]);
  });

  it('invoices: each invoice dated in the range with amounts and the latest payment attempt', async () => {
    const rows = rowsOf((await exportCsv('invoices')).body);
    expect(rows[0]).toEqual([
      'Invoice Date',
      'Invoice',
      'Organization',
      'Account Number',
      'Type',
      'Period Start',
      'Period End',
      'Items',
      'Subtotal',
      'Credits',
      'Tax',
      'Credit Card Fee',
      'Total',
      'Status',
      'Paid At',
      'Last Payment Attempt',
      'Attempt Result',
      'Attempt Message',
    ]);
    const body = rows.slice(1);
    expect(body.map((r) => r[1])).toEqual(['INV-100', 'INV-101']);
    expect(body[0]).toEqual([
      '2026-01-10',
      'INV-100',
      orgName,
      'SMILE-01',
      'Initial',
      '2026-01-10',
      '2026-02-09',
      '0',
      '250.00',
      '10.00',
      '0.00',
      '3.58',
      '243.58',
      'NOT_PAID',
      '',
      '2026-01-10 11:00',
      'Failed',
      'Card declined',
    ]);
    // A negative amount stays a number (no apostrophe).
    expect(body[1]!.slice(12, 15)).toEqual(['-5.00', 'PAID', '2026-01-12 23:59']);
  });

  it('deleted cases: cases deleted (not archived) in the range, with who deleted them and why', async () => {
    const rows = rowsOf((await exportCsv('deleted-cases')).body);
    expect(rows[0]).toEqual([
      'Deleted At',
      'Patient',
      'Case Number',
      'Organization',
      'Account Number',
      'Doctor',
      'Deleted By',
      'Deleted By Email',
      'Reason',
      'Created At',
      'Setup Completed At',
    ]);
    const body = rows.slice(1);
    expect(body.map((r) => r[1])).toEqual(['Kim Müller', 'Lou Müller']);
    expect(body[0]!.slice(5, 11)).toEqual([
      doctorName,
      doctorName,
      expect.stringContaining('@'),
      `'@duplicate case`,
      '2025-12-01 21:00',
      '',
    ]);
  });

  it('an empty range answers the header alone', async () => {
    for (const report of REPORT_KEYS) {
      const res = await exportCsv(report, { date_from: '2030-01-01', date_to: '2030-01-31' });
      expect(res.statusCode, report).toBe(200);
      expect(rowsOf(res.body), report).toHaveLength(1);
    }
  });

  it('each export is written to the audit trail with its range and row count', async () => {
    await exportCsv('feedbacks');
    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'reports.export')
      .where('entity_id', '=', 'feedbacks')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.outcome).toBe('success');
    expect(row.details).toMatchObject({
      report: 'feedbacks',
      date_from: '2026-01-10',
      date_to: '2026-01-12',
      time_zone: TZ,
      rows: 2,
    });
  });
});
