import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_DAY_MESSAGES, calendarDays } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildShippingMethod } from '../../db/seed/factories.ts';

let t: TestApp;
let doctor: { authorization: string };
let express: number;

beforeAll(async () => {
  t = await createTestApp();
  const org = await givenOrganization(t);
  const d = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
  doctor = bearer(await tokenFor(t, d.id));
  express = (await buildShippingMethod(t.db, { id_string: 'express_two', name: 'Express', transit_days: 2 }))
    .id;
});
afterAll(async () => t?.close());

const get = (path: string, headers: Record<string, string> = doctor) =>
  t.app.inject({ method: 'GET', url: `${API}${path}`, headers });

describe('GET /misc/next-business-date', () => {
  it('needs a session', async () => {
    expect((await get('/misc/next-business-date', {})).statusCode).toBe(401);
    expect((await get('/misc/calendar-days?year_month=2026-11', {})).statusCode).toBe(401);
    expect((await get('/misc/is-valid-business-date?business_date=2026-11-24', {})).statusCode).toBe(401);
  });

  it('answers the next business date in Mountain time for the caller datetime and offset', async () => {
    // Tokyo Friday 27 Nov 2026 09:00 is Thursday 26 Nov (Thanksgiving) 17:00 Mountain -> Friday 27.
    const res = await get('/misc/next-business-date?datetime=2026-11-27T09:00:00&offset=540');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ next_business_date: '2026-11-27', max_business_date: '2027-05-26' });
  });

  it('adds the shipping method transit days (by id or id_string)', async () => {
    const byId = await get(
      `/misc/next-business-date?datetime=2026-11-23T10:00:00&offset=-420&shipping_method=${express}`,
    );
    expect(byId.json().next_business_date).toBe('2026-11-27');
    const byKey = await get(
      '/misc/next-business-date?datetime=2026-11-23T10:00:00&offset=-420&shipping_method=express_two',
    );
    expect(byKey.json().next_business_date).toBe('2026-11-27');
  });

  it('names the invalid parameters', async () => {
    const bad = await get('/misc/next-business-date?datetime=yesterday&offset=2000');
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(JSON.stringify(body)).toContain(BUSINESS_DAY_MESSAGES.invalidDatetime);
    expect(JSON.stringify(body)).toContain(BUSINESS_DAY_MESSAGES.invalidOffset);
    const method = await get('/misc/next-business-date?shipping_method=nope');
    expect(method.statusCode).toBe(422);
    expect(method.json().errors.shipping_method).toEqual(['The selected shipping method is invalid.']);
  });
});

describe('GET /misc/calendar-days', () => {
  it('lists the days of the month with business days', async () => {
    const res = await get('/misc/calendar-days?year_month=2026-12');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(calendarDays('2026-12'));
    expect(res.json().data.find((d: { date: string }) => d.date === '2026-12-25').is_business_day).toBe(
      false,
    );
  });

  it('refuses a malformed month', async () => {
    const res = await get('/misc/calendar-days?year_month=2026-13');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(BUSINESS_DAY_MESSAGES.invalidYearMonth);
  });
});

describe('GET /misc/is-valid-business-date', () => {
  const q = (date: string, extra = '') =>
    `/misc/is-valid-business-date?business_date=${date}&datetime=2026-11-23T10:00:00&offset=-420${extra}`;
  it('accepts a business day within the bounds', async () => {
    expect((await get(q('2026-11-24'))).json()).toEqual({ is_valid: true });
  });
  it('refuses holidays, weekends, today, beyond 6 months and before the transit days', async () => {
    for (const date of ['2026-11-26', '2026-11-28', '2026-11-23', '2027-06-01'])
      expect((await get(q(date))).json(), date).toEqual({ is_valid: false });
    expect((await get(q('2026-11-25', `&shipping_method=${express}`))).json()).toEqual({ is_valid: false });
    expect((await get(q('2026-11-27', `&shipping_method=${express}`))).json()).toEqual({ is_valid: true });
  });
  it('names a malformed date', async () => {
    const res = await get(q('2026-02-30'));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(BUSINESS_DAY_MESSAGES.invalidDate);
  });
});
