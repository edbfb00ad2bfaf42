import { describe, expect, it } from 'vitest';
import { CreatePatientRequest, CREATE_CASE_FOR_USER_PERMISSIONS, isDoctor } from './patient-create.ts';
import { RX_FORM_MESSAGES } from './rx-forms.ts';

const base = { organization_id: 3, first_name: 'Avery', last_name: 'Lane', location_id: 4 };

/** The messages the body's schema gives a field (none: the field is fine). */
function messagesOf(body: unknown, field: string): string[] {
  const r = CreatePatientRequest.safeParse(body);
  return r.success ? [] : r.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

describe('POST /patients body', () => {
  it('needs the doctor: a missing or malformed user_id says so', () => {
    for (const user_id of [undefined, null, 'abc', 1.5, 0]) {
      const [message] = messagesOf({ ...base, user_id }, 'user_id');
      expect([RX_FORM_MESSAGES.doctorRequired, RX_FORM_MESSAGES.invalidSelection]).toContain(message);
    }
    expect(messagesOf({ ...base, user_id: 7 }, 'user_id')).toEqual([]);
  });

  it('takes rx_form_id absent, null or an id (the server accepts only absent or null)', () => {
    expect(messagesOf({ ...base, user_id: 7 }, 'rx_form_id')).toEqual([]);
    expect(messagesOf({ ...base, user_id: 7, rx_form_id: null }, 'rx_form_id')).toEqual([]);
    expect(messagesOf({ ...base, user_id: 7, rx_form_id: 12 }, 'rx_form_id')).toEqual([]);
    expect(messagesOf({ ...base, user_id: 7, rx_form_id: 'x' }, 'rx_form_id')).toEqual([
      RX_FORM_MESSAGES.invalidSelection,
    ]);
  });
});

describe('isDoctor and the gate of the user page', () => {
  it('is true only with the doctor role', () => {
    expect(isDoctor({ roles: [{ name: 'doctor' }] })).toBe(true);
    expect(isDoctor({ roles: [{ name: 'tech_support' }] })).toBe(false);
    expect(isDoctor({ roles: [] })).toBe(false);
  });

  it('needs both starting cases and choosing the doctor', () => {
    expect([...CREATE_CASE_FOR_USER_PERMISSIONS].sort()).toEqual([
      'rx-forms.manage',
      'rx-forms.select-doctor',
    ]);
  });
});
