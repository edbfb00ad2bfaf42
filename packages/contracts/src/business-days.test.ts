import { describe, expect, it } from 'vitest';
import {
  addMonths,
  bondingDateBounds,
  calendarDays,
  holidaysOf,
  isBusinessDay,
  isValidBusinessDate,
  isWithin30DaysOfSubmission,
  labToday,
  nextBusinessDate,
} from './business-days.ts';

describe('federal holidays', () => {
  it('lists the eleven holidays of 2026 on their observed dates', () => {
    expect(holidaysOf(2026).map((h) => [h.date, h.name])).toEqual([
      ['2026-01-01', "New Year's Day"],
      ['2026-01-19', 'Martin Luther King Jr. Day'],
      ['2026-02-16', "Presidents' Day"],
      ['2026-05-25', 'Memorial Day'],
      ['2026-06-19', 'Juneteenth'],
      ['2026-07-03', 'Independence Day'], // 4 July 2026 is a Saturday
      ['2026-09-07', 'Labor Day'],
      ['2026-10-12', 'Columbus Day'],
      ['2026-11-11', 'Veterans Day'],
      ['2026-11-26', 'Thanksgiving Day'],
      ['2026-12-25', 'Christmas Day'],
    ]);
  });

  it('observes a Sunday holiday on the Monday and a Saturday one on the Friday', () => {
    // Juneteenth 2027 is a Saturday, Christmas 2027 a Saturday, New Year 2023 a Sunday.
    expect(isBusinessDay('2027-06-18')).toBe(false);
    expect(isBusinessDay('2027-12-24')).toBe(false);
    expect(isBusinessDay('2023-01-02')).toBe(false);
    // Independence Day 2027 is a Sunday: observed Monday 5 July.
    expect(isBusinessDay('2027-07-05')).toBe(false);
  });

  it("observes New Year's Day on a Saturday on 31 December of the year before", () => {
    // 1 January 2028 is a Saturday.
    expect(holidaysOf(2027).map((h) => h.date)).toContain('2027-12-31');
    expect(isBusinessDay('2027-12-31')).toBe(false);
    expect(holidaysOf(2028).map((h) => h.date)).not.toContain('2027-12-31');
  });

  it('keeps the day after Thanksgiving and Christmas Eve as business days', () => {
    expect(isBusinessDay('2026-11-27')).toBe(true);
    expect(isBusinessDay('2026-12-24')).toBe(true);
  });

  it('never counts weekends', () => {
    expect(isBusinessDay('2026-11-21')).toBe(false);
    expect(isBusinessDay('2026-11-22')).toBe(false);
    expect(isBusinessDay('2026-11-23')).toBe(true);
    expect(isBusinessDay('2026-02-30')).toBe(false);
  });
});

describe('nextBusinessDate', () => {
  it('is the next business day after today in Mountain time', () => {
    // Wednesday 25 Nov 2026 10:00 Mountain -> Thanksgiving Thursday skipped -> Friday 27.
    expect(nextBusinessDate('2026-11-25T17:00:00Z')).toBe('2026-11-27');
    // Friday -> Monday.
    expect(nextBusinessDate('2026-11-20T18:00:00Z')).toBe('2026-11-23');
    // Friday before Labor Day -> Tuesday.
    expect(nextBusinessDate('2026-09-04T18:00:00Z')).toBe('2026-09-08');
  });

  it('adds the transit business days', () => {
    // Monday 23 Nov: next is Tuesday 24; +2 business days skips Thanksgiving: Friday 27.
    expect(nextBusinessDate('2026-11-23T18:00:00Z', { transitDays: 2 })).toBe('2026-11-27');
    expect(nextBusinessDate('2026-11-23T18:00:00Z', { transitDays: 0 })).toBe('2026-11-24');
  });

  it('reads "now" in Mountain time, whatever the caller zone (Tokyo)', () => {
    // Tokyo Tuesday 24 Nov 2026 08:00 (+09:00) is Monday 23 Nov 16:00 Mountain -> Tuesday 24.
    expect(labToday('2026-11-24T08:00', { offsetMinutes: 540 })).toBe('2026-11-23');
    expect(nextBusinessDate('2026-11-24T08:00', { offsetMinutes: 540 })).toBe('2026-11-24');
    expect(nextBusinessDate('2026-11-24T08:00:00+09:00')).toBe('2026-11-24');
  });

  it('reads "now" in Mountain time for a user in Hawaii', () => {
    // Hawaii Friday 20 Nov 2026 22:00 (-10:00) is Saturday 21 Nov 01:00 Mountain -> Monday 23.
    expect(labToday('2026-11-20T22:00', { offsetMinutes: -600 })).toBe('2026-11-21');
    expect(nextBusinessDate('2026-11-20T22:00', { offsetMinutes: -600 })).toBe('2026-11-23');
    // Hawaii Friday 20:00 is Friday 23:00 Mountain (still Friday) -> Monday 23 as well.
    expect(labToday('2026-11-20T20:00', { offsetMinutes: -600 })).toBe('2026-11-20');
  });

  it('crosses the DST changes without losing or gaining a day', () => {
    // DST ends Sunday 1 Nov 2026 at 02:00 MDT: 23:30 Mountain on Saturday 31 Oct (MDT, UTC-6).
    expect(labToday('2026-11-01T05:30:00Z')).toBe('2026-10-31');
    // 06:30Z on 1 Nov is 00:30 MDT Sunday.
    expect(labToday('2026-11-01T06:30:00Z')).toBe('2026-11-01');
    // Saturday 7 Nov 06:30Z is Friday 23:30 MST (UTC-7).
    expect(labToday('2026-11-07T06:30:00Z')).toBe('2026-11-06');
    expect(nextBusinessDate('2026-11-07T06:30:00Z')).toBe('2026-11-09');
    // DST starts Sunday 8 Mar 2026: 06:59Z that day is 23:59 MST Saturday.
    expect(labToday('2026-03-08T06:59:00Z')).toBe('2026-03-07');
    expect(labToday('2026-03-09T05:59:00Z')).toBe('2026-03-08');
    expect(labToday('2026-03-09T06:00:00Z')).toBe('2026-03-09');
  });

  it('accepts a Date', () => {
    expect(nextBusinessDate(new Date('2026-12-24T18:00:00Z'))).toBe('2026-12-28');
  });
});

describe('bonding date bounds and validity', () => {
  const now = '2026-11-23T18:00:00Z'; // Monday 11:00 Mountain
  it('min is the next business date and max is 6 months ahead', () => {
    expect(bondingDateBounds(now)).toEqual({ min: '2026-11-24', max: '2027-05-23' });
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('accepts business days within the bounds only', () => {
    expect(isValidBusinessDate('2026-11-24', now)).toBe(true);
    expect(isValidBusinessDate('2026-11-23', now)).toBe(false); // today
    expect(isValidBusinessDate('2026-11-26', now)).toBe(false); // Thanksgiving
    expect(isValidBusinessDate('2026-11-28', now)).toBe(false); // Saturday
    expect(isValidBusinessDate('2027-05-21', now)).toBe(true);
    expect(isValidBusinessDate('2027-05-24', now)).toBe(false); // beyond 6 months
    expect(isValidBusinessDate('2026-11-24', now, { transitDays: 1 })).toBe(false);
    expect(isValidBusinessDate('2026-11-25', now, { transitDays: 1 })).toBe(true);
    expect(isValidBusinessDate('not-a-date', now)).toBe(false);
  });

  it('checks the 30 days after submission', () => {
    expect(isWithin30DaysOfSubmission('2026-12-23', now)).toBe(true);
    expect(isWithin30DaysOfSubmission('2026-12-24', now)).toBe(false);
  });
});

describe('calendarDays', () => {
  it('lists every day of the month with business days marked', () => {
    const days = calendarDays('2026-11');
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-11-01', is_business_day: false });
    expect(days.find((d) => d.date === '2026-11-11')!.is_business_day).toBe(false);
    expect(days.find((d) => d.date === '2026-11-26')!.is_business_day).toBe(false);
    expect(days.find((d) => d.date === '2026-11-27')!.is_business_day).toBe(true);
    expect(days.filter((d) => d.is_business_day)).toHaveLength(19);
    expect(calendarDays('2028-02')).toHaveLength(29);
  });

  it('refuses a malformed month', () => {
    expect(() => calendarDays('2026-13')).toThrow();
    expect(() => calendarDays('2026-1')).toThrow();
  });
});
