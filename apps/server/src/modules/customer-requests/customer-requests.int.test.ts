import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NEXT_STEP, REQUEST_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import {
  buildCustomerRequest,
  buildLocation,
  buildPatient,
  buildRxForm,
  buildShippingMethod,
} from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let tech: H;
let partner: H;
let owner: { id: number; headers: H };
let member: { id: number; headers: H };
let doctorB: { id: number; headers: H };
let locationA: number;
let locationB: number;
let method: number;

const UNAUTHORIZED = 'This action is unauthorized.';

async function req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers?: H, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

type Kind = 'initial_case_setup' | 'printing' | 'flawed_tray' | 'tray_design';

/** A patient of the organization with one request of the given kind and status. */
async function givenRequest(
  o: {
    kind?: Kind;
    status?: 1 | 2 | 3 | 4 | 5;
    organization_id?: number;
    user_id?: number;
    first_name?: string;
    last_name?: string;
    thirdParty?: boolean;
  } = {},
) {
  const organization_id = o.organization_id ?? orgA;
  const user_id = o.user_id ?? owner.id;
  const kind = o.kind ?? 'printing';
  const p = await buildPatient(t.db, {
    organization_id,
    user_id,
    first_name: o.first_name ?? 'Ana',
    last_name: o.last_name ?? 'Lopez',
  });
  await buildRxForm(t.db, {
    organization_id,
    user_id,
    patient_id: p.id,
    print_assignment: o.thirdParty ? 3 : 1,
    shipping_location_id: organization_id === orgA ? locationA : locationB,
  });
  const cr = await buildCustomerRequest(t.db, {
    organization_id,
    patient_id: p.id,
    status_id: o.status ?? 1,
    created_by_user_id: user_id,
  });
  let printingId: number | null = null;
  const itemIds: number[] = [];
  let trayDesignId: number | null = null;
  if (kind === 'flawed_tray') {
    await t.db
      .insertInto('flawed_trays')
      .values({ customer_request_id: cr.id, patient_id: p.id, arch: 1, print: true })
      .execute();
  }
  if (kind === 'printing' || kind === 'flawed_tray') {
    const pr = await t.db
      .insertInto('printing_requests')
      .values({
        customer_request_id: cr.id,
        patient_id: p.id,
        location_id: organization_id === orgA ? locationA : locationB,
        shipping_method_id: method,
        assigned_to: o.thirdParty ? 3 : 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    printingId = pr.id;
    const items = await t.db
      .insertInto('printing_request_items')
      .values([
        { printing_request_id: pr.id, jaw_type_id: 1 },
        { printing_request_id: pr.id, jaw_type_id: 2 },
      ])
      .returning('id')
      .execute();
    itemIds.push(...items.map((i) => i.id));
  }
  if (kind === 'tray_design') {
    const td = await t.db
      .insertInto('tray_design_requests')
      .values({ customer_request_id: cr.id, patient_id: p.id, jaw_type: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    trayDesignId = td.id;
  }
  return { id: cr.id, patientId: p.id, printingId, itemIds, trayDesignId };
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const lp = await givenUser(t, { roles: ['lab_partner'] });
  const o = await givenUser(t, {
    first_name: 'Olivia',
    last_name: 'Owner',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const m = await givenUser(t, { roles: [], organizations: [{ id: orgA, role: 'organization_member' }] });
  const db = await givenUser(t, {
    first_name: 'Bruno',
    last_name: 'Other',
    organizations: [{ id: orgB, role: 'organization_owner' }],
  });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  member = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  doctorB = { id: db.id, headers: bearer(await tokenFor(t, db.id)) };
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: orgA, third_party_partner_user_id: lp.id })
    .execute();
  locationA = (await buildLocation(t.db, orgA)).id;
  locationB = (await buildLocation(t.db, orgB)).id;
  method = (await buildShippingMethod(t.db)).id;
});
afterAll(() => t?.close());

describe('without a session', () => {
  it('answers 401 on every call', async () => {
    const r = await givenRequest({ kind: 'tray_design' });
    const calls: [Parameters<typeof req>[0], string][] = [
      ['GET', '/customer_requests'],
      ['GET', `/customer_requests/${r.id}`],
      ['POST', `/customer_requests/${r.id}/cancel`],
      ['POST', `/customer_requests/${r.id}/complete`],
      ['PUT', `/customer_requests/${r.id}/management_data`],
      ['PUT', '/printing_request_items/1'],
      ['DELETE', '/printing_request_items/1'],
      ['PUT', '/printing_requests/1/shipping'],
      ['PUT', '/printing_requests/1/assign'],
      ['POST', '/printing_requests/1/patient_labels'],
      ['POST', '/shipment/print-shipping-label'],
      ['GET', `/tray-design-requests/${r.trayDesignId}`],
      ['PUT', `/tray-design-requests/${r.trayDesignId}`],
    ];
    for (const [m, path] of calls) expect((await req(m, path)).statusCode, `${m} ${path}`).toBe(401);
  });
});

describe('GET /customer_requests', () => {
  it('lists the organization’s requests to a practice user, with the patient and its doctor', async () => {
    const mine = await givenRequest({ first_name: 'Listed', last_name: 'Mine' });
    const other = await givenRequest({ organization_id: orgB, user_id: doctorB.id, first_name: 'Hidden' });
    const res = await req('GET', '/customer_requests?includes=patient.user&per_page=100', owner.headers);
    expect(res.statusCode).toBe(200);
    const ids = res.json().customer_requests.map((r: { id: number }) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    const row = res.json().customer_requests.find((r: { id: number }) => r.id === mine.id);
    expect(row).toMatchObject({
      type: 'printing',
      status: 'New',
      patient: {
        full_name: 'Listed Mine',
        user: { full_name: 'Olivia Owner' },
        organization: { name: 'Bright Smiles' },
      },
      next_step: null,
    });
  });

  it('shows management the Next Step, by default the first print step', async () => {
    const r = await givenRequest({ first_name: 'Nextstep' });
    const res = await req('GET', '/customer_requests?patient=Nextstep', admin);
    expect(res.json().customer_requests[0]).toMatchObject({ id: r.id, next_step: DEFAULT_NEXT_STEP });
  });

  it('filters by patient name, status and location, and pages', async () => {
    const a = await givenRequest({ first_name: 'Filterme', status: 2 });
    await givenRequest({ first_name: 'Filterme', status: 4 });
    const byStatus = await req('GET', '/customer_requests?patient=Filterme&status=in_progress', admin);
    expect(byStatus.json().customer_requests.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const byLocation = await req(
      'GET',
      `/customer_requests?patient=Filterme&location_ids=${locationB}`,
      admin,
    );
    expect(byLocation.json().customer_requests).toEqual([]);
    const paged = await req('GET', '/customer_requests?patient=Filterme&per_page=1&page=2', admin);
    expect(paged.json().meta).toMatchObject({ current_page: 2, per_page: 1, total: 2, last_page: 2 });
    expect(paged.json().customer_requests).toHaveLength(1);
  });

  it('filters by doctor name only with organization.customer-requests.view-any', async () => {
    await givenRequest({ first_name: 'Bydoctor' });
    const ok = await req('GET', '/customer_requests?doctor=Olivia', owner.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customer_requests.length).toBeGreaterThan(0);
    const refused = await req('GET', '/customer_requests?doctor=Olivia', member.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(UNAUTHORIZED);
  });

  it('answers 400 with the message of an invalid filter', async () => {
    const res = await req('GET', '/customer_requests?status=lost', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.status).toContain('The selected status is invalid.');
    const page = await req('GET', '/customer_requests?per_page=500', admin);
    expect(page.json().errors.per_page).toContain('The per page must not be greater than 100.');
  });

  it('answers 404 when a practice user asks for another organization', async () => {
    expect((await req('GET', `/customer_requests?organizationId=${orgB}`, owner.headers)).statusCode).toBe(
      404,
    );
  });

  it('shows a lab partner only its third-party cases', async () => {
    const third = await givenRequest({ thirdParty: true, first_name: 'Thirdparty' });
    const own = await givenRequest({ first_name: 'Thirdparty' });
    const res = await req('GET', '/customer_requests?patient=Thirdparty', partner);
    expect(res.json().customer_requests.map((r: { id: number }) => r.id)).toEqual([third.id]);
    expect(own.id).not.toBe(third.id);
  });
});

describe('GET /customer_requests/{id}', () => {
  it('shows the request with its printing request, items and shipping', async () => {
    const r = await givenRequest();
    const res = await req('GET', `/customer_requests/${r.id}`, admin);
    expect(res.statusCode).toBe(200);
    const cr = res.json().customer_request;
    expect(cr.printing_request.items.map((i: { id: number }) => i.id)).toEqual(r.itemIds);
    expect(cr.printing_request.location.id).toBe(locationA);
    expect(cr.can).toMatchObject({ cancel: true, complete: true, update_items: true, assign: true });
  });

  it('names the Rx form of an initial case setup request, and of no other kind', async () => {
    const setup = await givenRequest({ kind: 'initial_case_setup' });
    const rx = await t.db
      .selectFrom('rx_forms')
      .select('id')
      .where('patient_id', '=', setup.patientId)
      .executeTakeFirstOrThrow();
    const shown = (await req('GET', `/customer_requests/${setup.id}`, admin)).json().customer_request;
    expect(shown).toMatchObject({ type: 'initial_case_setup', rx_form_id: rx.id });
    const printing = (await req('GET', `/customer_requests/${(await givenRequest()).id}`, admin)).json();
    expect(printing.customer_request.rx_form_id).toBeNull();
  });

  it('shows a flawed tray request with its trays', async () => {
    const r = await givenRequest({ kind: 'flawed_tray' });
    const cr = (await req('GET', `/customer_requests/${r.id}`, admin)).json().customer_request;
    expect(cr.type).toBe('flawed_tray');
    expect(cr.flawed_trays).toHaveLength(1);
  });

  it('answers 404 for another organization’s request', async () => {
    const r = await givenRequest({ organization_id: orgB, user_id: doctorB.id });
    expect((await req('GET', `/customer_requests/${r.id}`, owner.headers)).statusCode).toBe(404);
  });

  it('answers 404 to a lab partner for a case not assigned to the third party', async () => {
    const r = await givenRequest();
    expect((await req('GET', `/customer_requests/${r.id}`, partner)).statusCode).toBe(404);
    const third = await givenRequest({ thirdParty: true });
    expect((await req('GET', `/customer_requests/${third.id}`, partner)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown request', async () => {
    expect((await req('GET', '/customer_requests/999999', admin)).statusCode).toBe(404);
  });
});

describe('POST /customer_requests/{id}/cancel', () => {
  it('cancels a new or in progress request, then refuses to cancel it again with 409', async () => {
    for (const status of [1, 2] as const) {
      const r = await givenRequest({ status });
      const res = await req('POST', `/customer_requests/${r.id}/cancel`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: REQUEST_MESSAGES.canceled,
        customer_request: { status_id: 5 },
      });
      expect(res.json().customer_request.printing_request.printing_request_status_id).toBe(4);
      const again = await req('POST', `/customer_requests/${r.id}/cancel`, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('A Printing request that is Canceled cannot become Canceled.');
    }
  });

  it('refuses to cancel a completed request and an initial case setup (409)', async () => {
    const done = await givenRequest({ status: 4 });
    expect((await req('POST', `/customer_requests/${done.id}/cancel`, admin)).json().message).toBe(
      'A Printing request that is Completed cannot become Canceled.',
    );
    const setup = await givenRequest({ kind: 'initial_case_setup' });
    const res = await req('POST', `/customer_requests/${setup.id}/cancel`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A Initial Case Setup request that is New cannot become Canceled.');
  });

  it('answers 403 without customer-requests.cancel and 404 for another organization', async () => {
    const r = await givenRequest();
    const res = await req('POST', `/customer_requests/${r.id}/cancel`, tech);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(UNAUTHORIZED);
    expect((await req('POST', `/customer_requests/${r.id}/cancel`, owner.headers)).statusCode).toBe(403);
    expect((await req('POST', `/customer_requests/${r.id}/cancel`, doctorB.headers)).statusCode).toBe(404);
  });
});

describe('POST /customer_requests/{id}/complete', () => {
  it('requires a tracking number when the request has a printing request', async () => {
    const r = await givenRequest();
    const res = await req('POST', `/customer_requests/${r.id}/complete`, admin, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: REQUEST_MESSAGES.trackingNumberRequired,
      errors: { tracking_number: [REQUEST_MESSAGES.trackingNumberRequired] },
    });
    const blank = await req('POST', `/customer_requests/${r.id}/complete`, admin, { tracking_number: '  ' });
    expect(blank.statusCode).toBe(422);
  });

  it('completes with the tracking number, notifies the doctor and then refuses another change (409)', async () => {
    const r = await givenRequest({ status: 2 });
    const res = await req('POST', `/customer_requests/${r.id}/complete`, admin, { tracking_number: '1Z999' });
    expect(res.statusCode).toBe(200);
    const cr = res.json().customer_request;
    expect(cr).toMatchObject({ status_id: 4, status: 'Completed' });
    expect(cr.printing_request).toMatchObject({ tracking_number: '1Z999', printing_request_status_id: 3 });
    expect(cr.can).toMatchObject({ cancel: false, complete: false, update_items: false });
    const notes = await t.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', owner.id)
      .where('patient_id', '=', r.patientId)
      .execute();
    expect(notes.map((n) => n.message)).toEqual(['The print tray request of Ana Lopez has been completed.']);
    const again = await req('POST', `/customer_requests/${r.id}/complete`, admin, {
      tracking_number: '1Z999',
    });
    expect(again.statusCode).toBe(409);
    expect((await req('POST', `/customer_requests/${r.id}/cancel`, admin)).statusCode).toBe(409);
  });

  it('completes a tray design request without a tracking number', async () => {
    const r = await givenRequest({ kind: 'tray_design' });
    const res = await req('POST', `/customer_requests/${r.id}/complete`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().customer_request.tray_design_request.status_label).toBe('COMPLETED');
  });

  it('follows the initial case setup transitions: not from New, yes from Pending', async () => {
    const fresh = await givenRequest({ kind: 'initial_case_setup', status: 1 });
    const refused = await req('POST', `/customer_requests/${fresh.id}/complete`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A Initial Case Setup request that is New cannot become Completed.');
    const pending = await givenRequest({ kind: 'initial_case_setup', status: 3 });
    expect((await req('POST', `/customer_requests/${pending.id}/complete`, admin)).statusCode).toBe(200);
  });

  it('lets a lab partner complete a request assigned to the third party only', async () => {
    const third = await givenRequest({ thirdParty: true });
    const ok = await req('POST', `/customer_requests/${third.id}/complete`, partner, {
      tracking_number: 'TP-1',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 403 to a practice user and 404 for another organization', async () => {
    const r = await givenRequest();
    expect(
      (await req('POST', `/customer_requests/${r.id}/complete`, owner.headers, { tracking_number: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('POST', `/customer_requests/${r.id}/complete`, doctorB.headers, { tracking_number: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('PUT /customer_requests/{id}/management_data', () => {
  it('stores the management data for staff and refuses practice users', async () => {
    const r = await givenRequest();
    const res = await req('PUT', `/customer_requests/${r.id}/management_data`, tech, {
      management_data: { note: 'rush' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().customer_request.management_data).toEqual({ note: 'rush' });
    expect(
      (await req('PUT', `/customer_requests/${r.id}/management_data`, owner.headers, { management_data: {} }))
        .statusCode,
    ).toBe(403);
    const bad = await req('PUT', `/customer_requests/${r.id}/management_data`, tech, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.management_data).toContain('The management data field is required.');
  });
});

describe('printing request items', () => {
  it('requires insert_brackets', async () => {
    const r = await givenRequest();
    const res = await req('PUT', `/printing_request_items/${r.itemIds[0]}`, admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.insert_brackets).toContain('The insert brackets field is required.');
  });

  it('updates and removes items while the request is open', async () => {
    const r = await givenRequest({ status: 2 });
    const up = await req('PUT', `/printing_request_items/${r.itemIds[0]}`, tech, { insert_brackets: true });
    expect(up.statusCode).toBe(200);
    expect(up.json().customer_request.printing_request.items[0].insert_brackets).toBe(true);
    const del = await req('DELETE', `/printing_request_items/${r.itemIds[1]}`, admin);
    expect(del.statusCode).toBe(200);
    expect(del.json().customer_request.printing_request.items).toHaveLength(1);
  });

  it('refuses item changes once the request is completed or canceled (409)', async () => {
    for (const status of [4, 5] as const) {
      const r = await givenRequest({ status });
      const up = await req('PUT', `/printing_request_items/${r.itemIds[0]}`, admin, {
        insert_brackets: true,
      });
      expect(up.statusCode).toBe(409);
      expect(up.json().message).toBe(REQUEST_MESSAGES.notOpen);
      expect((await req('DELETE', `/printing_request_items/${r.itemIds[0]}`, admin)).statusCode).toBe(409);
    }
  });

  it('answers 403 without the delete permission and 404 for another organization or an unknown item', async () => {
    const r = await givenRequest();
    expect((await req('DELETE', `/printing_request_items/${r.itemIds[0]}`, tech)).statusCode).toBe(403);
    expect((await req('DELETE', `/printing_request_items/${r.itemIds[0]}`, doctorB.headers)).statusCode).toBe(
      404,
    );
    expect(
      (
        await req('PUT', `/printing_request_items/${r.itemIds[0]}`, doctorB.headers, {
          insert_brackets: true,
        })
      ).statusCode,
    ).toBe(404);
    expect((await req('DELETE', '/printing_request_items/999999', admin)).statusCode).toBe(404);
  });
});

describe('PUT /printing_requests/{id}/shipping', () => {
  const valid = () => ({
    location_id: locationA,
    shipping_method_id: method,
    expected_arrival_date: '2026-12-10',
    delivery_date_from: '2026-12-10',
    delivery_date_to: '2026-12-11',
  });

  it('requires every field', async () => {
    const r = await givenRequest();
    const res = await req('PUT', `/printing_requests/${r.printingId}/shipping`, admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      location_id: ['The location id field is required.'],
      shipping_method_id: ['The shipping method id field is required.'],
      expected_arrival_date: ['The expected arrival date field is required.'],
      delivery_date_from: ['The delivery date from field is required.'],
      delivery_date_to: ['The delivery date to field is required.'],
    });
  });

  it('updates the shipping of an open request; the doctor may too', async () => {
    const r = await givenRequest();
    const res = await req('PUT', `/printing_requests/${r.printingId}/shipping`, owner.headers, valid());
    expect(res.statusCode).toBe(200);
    expect(res.json().customer_request.printing_request).toMatchObject({
      expected_arrival_date: '2026-12-10',
      delivery_date_from: '2026-12-10',
      delivery_date_to: '2026-12-11',
      shipping_method: { id: method },
    });
  });

  it('refuses another organization’s location (422), a closed request (409), another organization (404)', async () => {
    const r = await givenRequest();
    const res = await req('PUT', `/printing_requests/${r.printingId}/shipping`, admin, {
      ...valid(),
      location_id: locationB,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.location_id).toEqual([REQUEST_MESSAGES.unknownLocation]);
    const done = await givenRequest({ status: 4 });
    expect(
      (await req('PUT', `/printing_requests/${done.printingId}/shipping`, admin, valid())).statusCode,
    ).toBe(409);
    expect(
      (await req('PUT', `/printing_requests/${r.printingId}/shipping`, doctorB.headers, valid())).statusCode,
    ).toBe(404);
  });
});

describe('PUT /printing_requests/{id}/assign', () => {
  it('assigns a new printing request and refuses once it is in progress (409)', async () => {
    const r = await givenRequest();
    const res = await req('PUT', `/printing_requests/${r.printingId}/assign`, admin, { assign_to: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().customer_request.printing_request.assigned_to).toBe(2);
    const busy = await givenRequest({ status: 2 });
    const refused = await req('PUT', `/printing_requests/${busy.printingId}/assign`, admin, { assign_to: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REQUEST_MESSAGES.assignOnlyNew);
  });

  it('offers the third party only to an organization with a partner, and refuses it otherwise (422)', async () => {
    const withPartner = await givenRequest();
    const shown = await req('GET', `/customer_requests/${withPartner.id}`, admin);
    expect(shown.json().customer_request.assign_options).toEqual([1, 2, 3]);
    const third = await req('PUT', `/printing_requests/${withPartner.printingId}/assign`, admin, {
      assign_to: 3,
    });
    expect(third.statusCode).toBe(200);
    expect(third.json().customer_request.printing_request.assigned_to).toBe(3);

    const alone = await givenRequest({ organization_id: orgB, user_id: doctorB.id });
    expect(
      (await req('GET', `/customer_requests/${alone.id}`, admin)).json().customer_request.assign_options,
    ).toEqual([1, 2]);
    const refused = await req('PUT', `/printing_requests/${alone.printingId}/assign`, admin, {
      assign_to: 3,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.assign_to).toEqual([REQUEST_MESSAGES.assignWithoutPartner]);
    const kept = await req('GET', `/customer_requests/${alone.id}`, admin);
    expect(kept.json().customer_request.printing_request.assigned_to).toBe(1);
    // Nobody may choose once the request is under way, nor without the permission.
    const busy = await givenRequest({ status: 2 });
    expect(
      (await req('GET', `/customer_requests/${busy.id}`, admin)).json().customer_request.assign_options,
    ).toEqual([]);
    expect(
      (await req('GET', `/customer_requests/${withPartner.id}`, owner.headers)).json().customer_request
        .assign_options,
    ).toEqual([]);
  });

  it('validates assign_to and answers 403 without printing-requests.assign', async () => {
    const r = await givenRequest();
    const bad = await req('PUT', `/printing_requests/${r.printingId}/assign`, admin, { assign_to: 7 });
    expect(bad.statusCode).toBe(400);
    expect(
      (await req('PUT', `/printing_requests/${r.printingId}/assign`, owner.headers, { assign_to: 2 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('tray design requests', () => {
  it('reads and sets the files of a tray design request', async () => {
    const r = await givenRequest({ kind: 'tray_design' });
    const got = await req('GET', `/tray-design-requests/${r.trayDesignId}`, admin);
    expect(got.statusCode).toBe(200);
    expect(got.json().tray_design_request).toMatchObject({ status_label: 'NEW', jaw_type: 3 });
    const file = await t.db
      .insertInto('patient_files')
      .values({
        patient_id: r.patientId,
        patient_file_type_id: 2,
        name: 'UL.stl',
        original_name: 'UL.stl',
        storage_path: 'x/UL.stl',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const put = await req('PUT', `/tray-design-requests/${r.trayDesignId}`, tech, {
      maxillary_file_id: file.id,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().tray_design_request.maxillary_file_id).toBe(file.id);
  });

  it('refuses a file of another patient (422), a body without file ids (400), practice users (403)', async () => {
    const r = await givenRequest({ kind: 'tray_design' });
    const other = await givenRequest({ kind: 'tray_design' });
    const file = await t.db
      .insertInto('patient_files')
      .values({
        patient_id: other.patientId,
        patient_file_type_id: 2,
        name: 'LL.stl',
        original_name: 'LL.stl',
        storage_path: 'x/LL.stl',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await req('PUT', `/tray-design-requests/${r.trayDesignId}`, admin, {
      mandibular_file_id: file.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.mandibular_file_id).toEqual([REQUEST_MESSAGES.unknownFile]);
    expect((await req('PUT', `/tray-design-requests/${r.trayDesignId}`, admin, {})).statusCode).toBe(400);
    expect(
      (
        await req('PUT', `/tray-design-requests/${r.trayDesignId}`, owner.headers, {
          mandibular_file_id: null,
        })
      ).statusCode,
    ).toBe(403);
    expect((await req('GET', `/tray-design-requests/${r.trayDesignId}`, doctorB.headers)).statusCode).toBe(
      404,
    );
  });
});

/** The text of each page of a PDF and its size in points. */
async function pdfPages(pdf: Buffer) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: { width: number; height: number; text: string }[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
    pages.push({ width: x1 - x0, height: y1 - y0, text });
  }
  return pages;
}

describe('POST /printing_requests/{id}/patient_labels', () => {
  it('gives staff one 4×2 in label per item with the patient, doctor and arch, and marks them printed', async () => {
    const r = await givenRequest({ first_name: 'Lena', last_name: 'Label' });
    const res = await req('POST', `/printing_requests/${r.printingId}/patient_labels`, tech);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="patient-labels-${r.printingId}.pdf"`,
    );
    const pages = await pdfPages(res.rawPayload);
    expect(pages.map((p) => [p.width, p.height])).toEqual([
      [288, 144],
      [288, 144],
    ]);
    expect(pages[0]!.text).toContain('Lena Label');
    expect(pages[0]!.text).toContain('Olivia Owner');
    expect(pages[0]!.text).toContain('Maxillary');
    expect(pages[1]!.text).toContain('Mandibular');
    expect(pages[0]!.text).toContain(`CASE-${r.patientId}`);
    const shown = (await req('GET', `/customer_requests/${r.id}`, admin)).json();
    expect(shown.customer_request.printing_request.patient_label_printed).toBe(true);
  });

  it('refuses practice users (403) and answers 404 for a case the caller cannot see or an unknown id', async () => {
    const r = await givenRequest();
    const owners = await req('POST', `/printing_requests/${r.printingId}/patient_labels`, owner.headers);
    expect(owners.statusCode).toBe(403);
    expect(
      (await req('POST', `/printing_requests/${r.printingId}/patient_labels`, doctorB.headers)).statusCode,
    ).toBe(404);
    const other = await givenRequest({ organization_id: orgB, user_id: doctorB.id });
    expect(
      (await req('POST', `/printing_requests/${other.printingId}/patient_labels`, partner)).statusCode,
    ).toBe(404);
    expect((await req('POST', '/printing_requests/987654321/patient_labels', admin)).statusCode).toBe(404);
    expect((await req('POST', '/printing_requests/abc/patient_labels', admin)).statusCode).toBe(400);
    const shown = (await req('GET', `/customer_requests/${r.id}`, admin)).json();
    expect(shown.customer_request.printing_request.patient_label_printed).toBe(false);
  });
});

describe('POST /shipment/print-shipping-label', () => {
  it('buys one 4×6 in label for requests to one location and records the tracking number on each', async () => {
    const a = await givenRequest({ status: 2, first_name: 'Sam', last_name: 'Ship' });
    const b = await givenRequest({ status: 1 });
    const res = await req('POST', '/shipment/print-shipping-label', tech, {
      ids: [a.printingId, b.printingId],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(res.rawPayload);
    expect(pages.map((p) => [p.width, p.height])).toEqual([[288, 432]]);
    const shownA = (await req('GET', `/customer_requests/${a.id}`, admin)).json().customer_request
      .printing_request;
    const shownB = (await req('GET', `/customer_requests/${b.id}`, admin)).json().customer_request
      .printing_request;
    expect(shownA.tracking_number).toMatch(/^1Z[0-9A-Z]{16}$/);
    expect(shownB.tracking_number).toBe(shownA.tracking_number);
    expect(shownA).toMatchObject({ shipping_label_printed: true, courier: { name: 'Offline' } });
    expect(pages[0]!.text.replace(/\s+/g, '')).toContain(shownA.tracking_number);
    expect(pages[0]!.text).toContain('Archline Lab');

    // The case list finds both cases by the number, whatever its case and spaces.
    const typed = `${shownA.tracking_number.slice(0, 6)} ${shownA.tracking_number.slice(6).toLowerCase()}`;
    const found = (
      await req('GET', `/patients?sort=newest&tracking_number=${encodeURIComponent(typed)}`, admin)
    ).json();
    expect(found.data.map((p: { id: number }) => p.id).sort()).toEqual([a.patientId, b.patientId].sort());
  });

  it('names what keeps a label from printing and changes nothing', async () => {
    const here = await givenRequest({ status: 2 });
    const elsewhere = await givenRequest({ status: 2, organization_id: orgB, user_id: doctorB.id });
    const mixed = await req('POST', '/shipment/print-shipping-label', admin, {
      ids: [here.printingId, elsewhere.printingId],
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.ids).toEqual([REQUEST_MESSAGES.differentLocations]);

    const partnered = await givenRequest({ status: 2, thirdParty: true });
    const third = await req('POST', '/shipment/print-shipping-label', admin, { ids: [partnered.printingId] });
    expect(third.json().errors.ids).toEqual([REQUEST_MESSAGES.assignedToThirdParty]);

    const nowhere = await givenRequest({ status: 2 });
    await t.db
      .updateTable('printing_requests')
      .set({ location_id: null })
      .where('id', '=', nowhere.printingId!)
      .execute();
    const missing = await req('POST', '/shipment/print-shipping-label', admin, { ids: [nowhere.printingId] });
    expect(missing.json().errors.ids).toEqual([REQUEST_MESSAGES.shippingLocationMissing]);

    const done = await givenRequest({ status: 4 });
    await t.db
      .updateTable('printing_requests')
      .set({ printing_request_status_id: 3 })
      .where('id', '=', done.printingId!)
      .execute();
    expect(
      (await req('POST', '/shipment/print-shipping-label', admin, { ids: [done.printingId] })).statusCode,
    ).toBe(409);

    const empty = await req('POST', '/shipment/print-shipping-label', admin, { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.ids).toEqual(['The ids field is required.']);

    const untouched = (await req('GET', `/customer_requests/${here.id}`, admin)).json().customer_request
      .printing_request;
    expect(untouched).toMatchObject({ tracking_number: null, shipping_label_printed: false });
  });

  it('refuses practice users (403) and answers 404 for a request the caller cannot see', async () => {
    const r = await givenRequest({ status: 2 });
    expect(
      (await req('POST', '/shipment/print-shipping-label', owner.headers, { ids: [r.printingId] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('POST', '/shipment/print-shipping-label', doctorB.headers, { ids: [r.printingId] }))
        .statusCode,
    ).toBe(404);
    const other = await givenRequest({ status: 2, organization_id: orgB, user_id: doctorB.id });
    expect(
      (await req('POST', '/shipment/print-shipping-label', partner, { ids: [other.printingId] })).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', '/shipment/print-shipping-label', admin, { ids: [987654321] })).statusCode,
    ).toBe(404);
  });
});
