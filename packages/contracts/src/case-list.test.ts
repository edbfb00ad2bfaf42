import { describe, expect, it } from 'vitest';
import {
  addressFilters,
  calendarDateIn,
  defaultHeldFilter,
  heldFilterOf,
  onHoldFilterLabel,
  onHoldFilterMode,
  parseDateRange,
  readCaseListQuery,
  requestAgeTone,
  shipDateTone,
  withoutConsumed,
} from './case-list.ts';

describe('shipDateTone', () => {
  const now = new Date('2026-03-10T15:00:00Z');

  it('is overdue when the date is past and the shipment is not completed', () => {
    expect(shipDateTone('2026-03-09', false, now, 'UTC')).toBe('overdue');
    expect(shipDateTone('2025-12-31', false, now, 'UTC')).toBe('overdue');
  });

  it('is normal when a past date is completed', () => {
    expect(shipDateTone('2026-03-09', true, now, 'UTC')).toBe('normal');
  });

  it('is today on the same calendar day, completed or not', () => {
    expect(shipDateTone('2026-03-10', false, now, 'UTC')).toBe('today');
    expect(shipDateTone('2026-03-10', true, now, 'UTC')).toBe('today');
  });

  it('is normal for future dates and missing dates', () => {
    expect(shipDateTone('2026-03-11', false, now, 'UTC')).toBe('normal');
    expect(shipDateTone(null, false, now, 'UTC')).toBe('normal');
    expect(shipDateTone(undefined, false, now, 'UTC')).toBe('normal');
    expect(shipDateTone('not a date', false, now, 'UTC')).toBe('normal');
  });

  it("compares with today in the user's time zone", () => {
    // 02:00 UTC on the 11th is still the 10th in Denver (UTC-6 in March after DST, UTC-7 before).
    const lateEvening = new Date('2026-03-11T02:00:00Z');
    expect(shipDateTone('2026-03-10', false, lateEvening, 'America/Denver')).toBe('today');
    expect(shipDateTone('2026-03-10', false, lateEvening, 'UTC')).toBe('overdue');
    expect(shipDateTone('2026-03-11', false, lateEvening, 'Asia/Tokyo')).toBe('today');
  });

  it('accepts instants, converted to the calendar day in the time zone', () => {
    expect(shipDateTone('2026-03-10T23:30:00Z', false, now, 'UTC')).toBe('today');
    expect(shipDateTone(new Date('2026-03-09T12:00:00Z'), false, now, 'UTC')).toBe('overdue');
  });
});

describe('calendarDateIn', () => {
  it('formats the day of an instant in a time zone', () => {
    expect(calendarDateIn(new Date('2026-01-01T03:00:00Z'), 'UTC')).toBe('2026-01-01');
    expect(calendarDateIn(new Date('2026-01-01T03:00:00Z'), 'America/New_York')).toBe('2025-12-31');
  });
});

describe('requestAgeTone', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

  it('is ok up to 6 hours', () => {
    expect(requestAgeTone(hoursAgo(0), now)).toBe('ok');
    expect(requestAgeTone(hoursAgo(6), now)).toBe('ok');
  });

  it('is warning above 6 and up to 12 hours', () => {
    expect(requestAgeTone(hoursAgo(6.01), now)).toBe('warning');
    expect(requestAgeTone(hoursAgo(12), now)).toBe('warning');
  });

  it('is danger beyond 12 hours', () => {
    expect(requestAgeTone(hoursAgo(12.01), now)).toBe('danger');
    expect(requestAgeTone(hoursAgo(72), now)).toBe('danger');
  });

  it('is neutral without a timestamp', () => {
    expect(requestAgeTone(null, now)).toBe('neutral');
    expect(requestAgeTone(undefined, now)).toBe('neutral');
    expect(requestAgeTone('', now)).toBe('neutral');
    expect(requestAgeTone('garbage', now)).toBe('neutral');
  });

  it('accepts Date values', () => {
    expect(requestAgeTone(new Date(now.getTime() - 3_600_000), now)).toBe('ok');
  });
});

describe('the on-hold filter', () => {
  it("reads 'On-hold' for admin and super_admin: held cases are left out until it includes them", () => {
    for (const roles of [['admin'], ['super_admin'], ['doctor', 'admin']]) {
      expect(onHoldFilterLabel(roles)).toBe('On-hold');
      expect(onHoldFilterMode(roles)).toBe('include');
      expect(defaultHeldFilter(roles)).toBe('exclude');
      expect(heldFilterOf(roles, false)).toBe('exclude');
      expect(heldFilterOf(roles, true)).toBe('include');
    }
  });

  it("reads 'On-hold Only' for everyone else: held cases are listed, the toggle shows only them", () => {
    for (const role of ['tech_support', 'supervisor', 'lab_partner', 'doctor']) {
      expect(onHoldFilterLabel([role])).toBe('On-hold Only');
      expect(onHoldFilterMode([role])).toBe('only');
      expect(defaultHeldFilter([role])).toBe('include');
      expect(heldFilterOf([role], false)).toBe('include');
      expect(heldFilterOf([role], true)).toBe('only');
    }
    expect(onHoldFilterLabel([])).toBe('On-hold Only');
    expect(defaultHeldFilter([])).toBe('include');
  });
});

describe('readCaseListQuery', () => {
  it('reads queryUser, queryOrganization, queryName and sort', () => {
    const params = new URLSearchParams(
      'queryUser=Dr%20Grey&queryOrganization=Bright&queryName=Smith&sort=newest',
    );
    const { filters, consumed } = readCaseListQuery(params);
    expect(filters).toEqual({ doctor: 'Dr Grey', organization: 'Bright', patient: 'Smith', sort: 'newest' });
    expect(consumed).toEqual(['queryUser', 'queryOrganization', 'queryName', 'sort']);
  });

  it('reads filter[...] flags, organization type and date ranges', () => {
    const params = new URLSearchParams();
    params.set('filter[on_hold]', '1');
    params.set('filter[active_only]', 'true');
    params.set('filter[archived_only]', '0');
    params.set('filter[case_notes_only]', 'yes');
    params.set('filter[rush_case_only]', 'on');
    params.set('filter[organization_type_id]', '4');
    params.set('filter[expected_shipping_date]', '2026-03-01,2026-03-31');
    const { filters, consumed } = readCaseListQuery(params);
    expect(filters).toEqual({
      onHold: true,
      activeOnly: true,
      archivedOnly: false,
      caseNotesOnly: true,
      rushOnly: true,
      organizationTypeId: 4,
      shipDate: { from: '2026-03-01', to: '2026-03-31' },
    });
    expect(consumed).toHaveLength(7);
  });

  it('reads the batch and the tracking number', () => {
    const read = readCaseListQuery(new URLSearchParams('filter[batch]=12&filter[tracking_number]= 1Z999 '));
    expect(read.filters).toEqual({ batchId: 12, trackingNumber: '1Z999' });
    expect(read.consumed).toEqual(['filter[batch]', 'filter[tracking_number]']);
    expect(readCaseListQuery(new URLSearchParams('filter[shipping]=1')).filters).toEqual({ shipping: true });
    expect(readCaseListQuery(new URLSearchParams('filter[shipping]=off')).filters).toEqual({
      shipping: false,
    });
    expect(readCaseListQuery(new URLSearchParams('filter[shipping]=maybe')).consumed).toEqual([
      'filter[shipping]',
    ]);
    expect(readCaseListQuery(new URLSearchParams('filter[batch]=abc')).filters).toEqual({});
  });

  it('reads the request type and status and the assignment, ignoring unknown ones', () => {
    const good = readCaseListQuery(
      new URLSearchParams(
        'filter[request_type]=tray_design&filter[request_status]=in_progress&filter[assignment]=3',
      ),
    );
    expect(good.filters).toEqual({ requestType: 'tray_design', requestStatus: 'in_progress', assignment: 3 });
    expect(readCaseListQuery(new URLSearchParams('filter[assignment]=7')).filters).toEqual({});
    const bad = readCaseListQuery(
      new URLSearchParams('filter[request_type]=rocket&filter[request_status]=lost'),
    );
    expect(bad.filters).toEqual({});
    expect(bad.consumed).toEqual(['filter[request_type]', 'filter[request_status]']);
  });

  it('reads an empty queryName as no patient filter', () => {
    const { filters, consumed } = readCaseListQuery(new URLSearchParams('queryOrganization=7&queryName='));
    expect(filters).toEqual({ organizationId: 7 });
    expect(consumed).toEqual(['queryOrganization', 'queryName']);
  });

  it('reads queryUser and queryOrganization given as ids', () => {
    const { filters } = readCaseListQuery(new URLSearchParams('queryUser=12&queryOrganization=7'));
    expect(filters).toEqual({ userId: 12, organizationId: 7 });
  });

  it('consumes but ignores unknown filters and invalid values', () => {
    const params = new URLSearchParams(
      'sort=sideways&filter[unknown]=1&filter[on_hold]=maybe&filter[expected_shipping_date]=x,y&page=2',
    );
    const { filters, consumed } = readCaseListQuery(params);
    expect(filters).toEqual({});
    expect(consumed).toEqual([
      'sort',
      'filter[unknown]',
      'filter[on_hold]',
      'filter[expected_shipping_date]',
    ]);
    expect(withoutConsumed(params, consumed)).toBe('?page=2');
  });

  it('keeps open-ended and reversed date ranges usable', () => {
    expect(parseDateRange('2026-03-01,')).toEqual({ from: '2026-03-01', to: null });
    expect(parseDateRange(',2026-03-31')).toEqual({ from: null, to: '2026-03-31' });
    expect(parseDateRange('2026-03-31,2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(parseDateRange('2026-02-30,')).toBeNull();
  });

  it('removes everything it consumed', () => {
    const params = new URLSearchParams('queryName=Smith&filter[rush_case_only]=1');
    const { consumed } = readCaseListQuery(params);
    expect(withoutConsumed(params, consumed)).toBe('');
  });
});

describe('the dashboard activity filter', () => {
  it('reads filter[activity] with filter[activity_date] in either order', () => {
    const a = readCaseListQuery(
      new URLSearchParams('filter[activity_date]=2026-11-01,2026-11-30&filter[activity]=shipped'),
    );
    expect(a.filters.activity).toEqual({ key: 'shipped', range: { from: '2026-11-01', to: '2026-11-30' } });
    expect(a.consumed).toEqual(['filter[activity_date]', 'filter[activity]']);
    const b = readCaseListQuery(new URLSearchParams('filter[activity]=submissions'));
    expect(b.filters.activity).toEqual({ key: 'submissions', range: null });
  });

  it('ignores an unknown activity and a date without its activity', () => {
    expect(readCaseListQuery(new URLSearchParams('filter[activity]=drop')).filters.activity).toBeUndefined();
    expect(
      readCaseListQuery(new URLSearchParams('filter[activity_date]=2026-11-01,2026-11-30')).filters.activity,
    ).toBeUndefined();
  });
});

describe('addressFilters', () => {
  it('turns the on-hold toggle on for a dashboard card on an admin list, and only there', () => {
    const card = { activity: { key: 'submissions' as const, range: null } };
    expect(addressFilters(card, defaultHeldFilter(['admin']))).toEqual({ ...card, onHold: true });
    expect(addressFilters(card, defaultHeldFilter(['super_admin']))).toEqual({ ...card, onHold: true });
    expect(addressFilters(card, defaultHeldFilter(['tech_support']))).toEqual(card);
    expect(addressFilters({ ...card, onHold: false }, 'exclude')).toEqual({ ...card, onHold: false });
    expect(addressFilters({ batchId: 3 }, 'exclude')).toEqual({ batchId: 3 });
  });
});
