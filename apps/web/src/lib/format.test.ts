import { describe, expect, it } from 'vitest';
import {
  EMPTY_VALUE,
  formatCalendarDate,
  formatDate,
  formatCents,
  formatDateTime,
  formatMoney,
  formatTimestamp,
  toDateInput,
} from './format.ts';

describe('format', () => {
  it('shows money with $ and 2 decimals', () => {
    expect(formatMoney(500)).toBe('$500.00');
    expect(formatMoney(7.4505)).toBe('$7.45');
    expect(formatMoney(-100)).toBe('-$100.00');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('shows integer cents as money, a dash for none', () => {
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(null)).toBe(EMPTY_VALUE);
  });

  it('shows a calendar date as the day it names', () => {
    expect(formatCalendarDate('2026-12-22')).toBe('Dec 22, 2026');
    expect(formatCalendarDate('2026-12-22T23:30:00Z')).toBe('Dec 22, 2026');
  });

  it('shows dates and times in the local time zone', () => {
    expect(formatDate('2026-11-21')).toBe('Nov 21, 2026');
    expect(formatDateTime('2026-11-21T15:05:00')).toBe('Nov 21, 2026 3:05 PM');
  });

  it('shows a timestamp in a given pattern in the local time zone', () => {
    expect(formatTimestamp('2024-01-08T15:15:00', 'ddd hh:mma DD-MMM-YYYY')).toBe('Mon 03:15pm 08-Jan-2024');
    expect(formatTimestamp(null, 'ddd hh:mma DD-MMM-YYYY')).toBe(EMPTY_VALUE);
  });

  it('shows a dash for a missing date, whichever the formatter', () => {
    for (const format of [formatDate, formatDateTime, formatCalendarDate]) {
      expect(format(null)).toBe(EMPTY_VALUE);
      expect(format(undefined)).toBe(EMPTY_VALUE);
      expect(format('')).toBe(EMPTY_VALUE);
    }
    expect(EMPTY_VALUE).toBe('—');
    expect(toDateInput(null)).toBe('');
  });
});
