import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_SETTINGS_MESSAGES,
  OrganizationNotificationSettingInput,
  UpdateOrganizationNotificationSettingsRequest,
  isNotificationPhone,
  smsAddressOf,
} from './notifications.ts';

describe('notification phones', () => {
  it('accept 10 to 13 digits with an optional plus, parentheses and separators', () => {
    for (const ok of [
      '5125550100',
      '+1 (512) 555-0100',
      '512.555.0100',
      '+44 20 7946 0958',
      '+1234567890123',
    ])
      expect(isNotificationPhone(ok), ok).toBe(true);
    for (const bad of ['555-0100', '+12345678901234', '512 555 010a', '51+25550100', '', '++15125550100'])
      expect(isNotificationPhone(bad), bad).toBe(false);
  });

  it('are texted in E.164: ten digits without a plus are North American', () => {
    expect(smsAddressOf('(512) 555-0100')).toBe('+15125550100');
    expect(smsAddressOf('+44 20 7946 0958')).toBe('+442079460958');
    expect(smsAddressOf('15125550100')).toBe('+15125550100');
  });
});

describe('an organization notification setting', () => {
  it('defaults to on with no extra recipients', () => {
    expect(OrganizationNotificationSettingInput.parse({ enabled: true })).toEqual({
      enabled: true,
      additional_emails: [],
      is_disable_default_recipients: false,
      phone_numbers: [],
    });
  });

  it('names invalid emails and phones, duplicates, and disabling default recipients without an email', () => {
    const fieldsOf = (input: unknown) =>
      OrganizationNotificationSettingInput.safeParse(input).error?.issues.map((i) => [
        i.path.join('.'),
        i.message,
      ]);
    expect(fieldsOf({ enabled: true, additional_emails: ['nope'] })).toEqual([
      ['additional_emails.0', NOTIFICATION_SETTINGS_MESSAGES.invalidEmail],
    ]);
    expect(fieldsOf({ enabled: true, phone_numbers: ['123'] })).toEqual([
      ['phone_numbers.0', NOTIFICATION_SETTINGS_MESSAGES.invalidPhone],
    ]);
    expect(fieldsOf({ enabled: true, additional_emails: ['a@x.com', 'A@x.com'] })).toEqual([
      ['additional_emails', NOTIFICATION_SETTINGS_MESSAGES.duplicateEmail],
    ]);
    expect(fieldsOf({ enabled: true, phone_numbers: ['5125550100', '+1 512 555 0100'] })).toEqual([
      ['phone_numbers', NOTIFICATION_SETTINGS_MESSAGES.duplicatePhone],
    ]);
    expect(fieldsOf({ enabled: true, is_disable_default_recipients: true })).toEqual([
      ['is_disable_default_recipients', NOTIFICATION_SETTINGS_MESSAGES.disableNeedsEmail],
    ]);
  });

  it('the update carries any of the keys and drops unknown ones', () => {
    expect(
      UpdateOrganizationNotificationSettingsRequest.parse({
        payment_failed: { enabled: false },
        rush_case: { enabled: true },
      }),
    ).toEqual({
      payment_failed: {
        enabled: false,
        additional_emails: [],
        is_disable_default_recipients: false,
        phone_numbers: [],
      },
    });
  });
});
