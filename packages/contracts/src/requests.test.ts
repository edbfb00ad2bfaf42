import { describe, expect, it } from 'vitest';
import {
  REQUEST_STATUS_KEYS,
  REQUEST_TYPES,
  REQUEST_TYPE_STATUSES,
  UpdateShippingBody,
  UpdatePrintingRequestItemBody,
  canTransition,
  flawedTrayGroupLabel,
  isRequestOpen,
  requestTypeOf,
  transitionError,
} from './requests.ts';

describe('request transitions', () => {
  it('lets a printing, flawed tray or tray design request finish or be canceled while new or in progress', () => {
    for (const type of ['printing', 'flawed_tray', 'tray_design'] as const) {
      for (const from of ['new', 'in_progress'] as const) {
        expect(canTransition(type, from, 'completed')).toBe(true);
        expect(canTransition(type, from, 'canceled')).toBe(true);
      }
      expect(canTransition(type, 'new', 'in_progress')).toBe(true);
    }
  });

  it('refuses every change of a completed or canceled request', () => {
    for (const type of REQUEST_TYPES)
      for (const from of ['completed', 'canceled'] as const)
        for (const to of REQUEST_STATUS_KEYS) expect(canTransition(type, from, to)).toBe(false);
  });

  it('never cancels an initial case setup, and completes it only once worked on', () => {
    for (const from of REQUEST_STATUS_KEYS)
      expect(canTransition('initial_case_setup', from, 'canceled')).toBe(false);
    expect(canTransition('initial_case_setup', 'new', 'completed')).toBe(false);
    expect(canTransition('initial_case_setup', 'in_progress', 'pending')).toBe(true);
    expect(canTransition('initial_case_setup', 'pending', 'completed')).toBe(true);
    expect(canTransition('initial_case_setup', 'pending', 'in_progress')).toBe(true);
  });

  it('allows only statuses of the type’s own set', () => {
    for (const type of REQUEST_TYPES)
      for (const from of REQUEST_STATUS_KEYS)
        for (const to of REQUEST_STATUS_KEYS)
          if (canTransition(type, from, to)) {
            expect(REQUEST_TYPE_STATUSES[type]).toContain(from);
            expect(REQUEST_TYPE_STATUSES[type]).toContain(to);
          }
  });

  it('names the kind and both statuses in the refusal message', () => {
    expect(transitionError('printing', 4, 'canceled')).toBe(
      'A Printing request that is Completed cannot become Canceled.',
    );
    expect(transitionError('printing', 1, 'canceled')).toBeNull();
  });
});

describe('request rules', () => {
  it('is open only while new or in progress', () => {
    expect([1, 2, 3, 4, 5].map(isRequestOpen)).toEqual([true, true, false, false, false]);
  });

  it('derives the kind from what the request carries', () => {
    const none = { has_tray_design: false, has_flawed_trays: false, has_printing: false };
    expect(requestTypeOf(none)).toBe('initial_case_setup');
    expect(requestTypeOf({ ...none, has_printing: true })).toBe('printing');
    expect(requestTypeOf({ ...none, has_printing: true, has_flawed_trays: true })).toBe('flawed_tray');
    expect(requestTypeOf({ ...none, has_tray_design: true })).toBe('tray_design');
  });

  it('labels the flawed tray group COMPLETED only when every tray is corrected', () => {
    expect(flawedTrayGroupLabel([{ status_id: 2 }, { status_id: 2 }])).toBe('COMPLETED');
    expect(flawedTrayGroupLabel([{ status_id: 2 }, { status_id: 1 }])).toBe('PENDING');
    expect(flawedTrayGroupLabel([])).toBe('PENDING');
  });
});

describe('request edits', () => {
  it('requires every shipping field', () => {
    const r = UpdateShippingBody.safeParse({});
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'The location id field is required.',
        'The shipping method id field is required.',
        'The expected arrival date field is required.',
        'The delivery date from field is required.',
        'The delivery date to field is required.',
      ]),
    );
  });

  it('refuses a delivery range that ends before it starts', () => {
    const r = UpdateShippingBody.safeParse({
      location_id: 1,
      shipping_method_id: 1,
      expected_arrival_date: '2026-12-01',
      delivery_date_from: '2026-12-03',
      delivery_date_to: '2026-12-02',
    });
    expect(r.success).toBe(false);
  });

  it('requires insert_brackets on an item', () => {
    const r = UpdatePrintingRequestItemBody.safeParse({});
    expect(r.error!.issues[0]!.message).toBe('The insert brackets field is required.');
  });
});
