import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_SETUP_MESSAGES,
  AccountDetailsForm,
  BankForm,
  CardForm,
  InitialOrderRequest,
  SURVEY_OTHER_ANSWER_ID,
  defaultAccountName,
  isExpiryInPast,
  isValidCardNumber,
  looksLikeDefaultAccountName,
  monthlyBillingNote,
} from './account-setup.ts';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const details = {
  organization: 'Bright Smiles',
  first_name: '  noel ',
  last_name: 'newman',
  email: 'newdoctor@example.com',
  phone_number: '+15551234567',
  street_address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  survey_question_id: 1,
  survey_answer_id: 3,
};

describe('default account names', () => {
  it('builds and recognizes the sign-up default', () => {
    expect(defaultAccountName('Noel', 'Newman')).toBe("Noel Newman's Account");
    expect(looksLikeDefaultAccountName("Noel Newman's Account")).toBe(true);
    expect(looksLikeDefaultAccountName('Noel Newman\u2019s Account')).toBe(true);
    expect(looksLikeDefaultAccountName('Harbor View Dental')).toBe(false);
    expect(looksLikeDefaultAccountName("'s Account")).toBe(false);
    expect(looksLikeDefaultAccountName(null)).toBe(false);
  });
});

describe('AccountDetailsForm', () => {
  it('accepts a complete form, capitalizes names and defaults the country', () => {
    const r = AccountDetailsForm.safeParse(details);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ first_name: 'Noel', last_name: 'Newman', country: 'USA' });
  });

  it("names every empty field 'Required' but the second street line", () => {
    const r = AccountDetailsForm.safeParse({ email: 'a@b.co', survey_question_id: 1 });
    const errors = errorsOf(r);
    for (const f of [
      'organization',
      'first_name',
      'last_name',
      'phone_number',
      'street_address',
      'city',
      'state',
      'zip_code',
    ]) {
      expect(errors[f]).toBe('Required');
    }
    expect(errors.street_address_line_2).toBeUndefined();
    // the survey rule shows together with the other fields' messages
    expect(errors.survey_answer_id).toBe('Must not be empty.');
  });

  it('checks phone, state and e-mail formats', () => {
    const errors = errorsOf(
      AccountDetailsForm.safeParse({ ...details, phone_number: '+0123456', state: 'ILL', email: 'x' }),
    );
    expect(errors.phone_number).toBe('Invalid phone number.');
    expect(errors.state).toBe('State must be exactly 2 characters.');
    expect(errors.email).toBe('Email is invalid');
  });

  it("requires an answer when a question is shown, and a source for 'Other'", () => {
    expect(
      errorsOf(AccountDetailsForm.safeParse({ ...details, survey_answer_id: null })).survey_answer_id,
    ).toBe(ACCOUNT_SETUP_MESSAGES.surveyAnswerRequired);
    expect(
      errorsOf(AccountDetailsForm.safeParse({ ...details, survey_answer_id: SURVEY_OTHER_ANSWER_ID }))
        .survey_response_other,
    ).toBe('Required');
    expect(
      AccountDetailsForm.safeParse({
        ...details,
        survey_answer_id: SURVEY_OTHER_ANSWER_ID,
        survey_response_other: 'A podcast',
      }).success,
    ).toBe(true);
    expect(
      AccountDetailsForm.safeParse({ ...details, survey_question_id: null, survey_answer_id: null }).success,
    ).toBe(true);
  });
});

describe('CardForm', () => {
  afterEach(() => vi.useRealTimers());
  const card = {
    card_number: '4242 4242 4242 4242',
    expiry_month: '12',
    expiry_year: '2099',
    cvv: '123',
    name_on_card: 'Noel Newman',
  };

  it('accepts a valid card', () => {
    expect(CardForm.safeParse(card).success).toBe(true);
  });

  it('checks the card number with Luhn', () => {
    expect(isValidCardNumber('4000 0000 0000 0002')).toBe(true);
    expect(isValidCardNumber('4242424242424241')).toBe(false);
    expect(errorsOf(CardForm.safeParse({ ...card, card_number: '4242424242424241' })).card_number).toBe(
      'Invalid Card Number',
    );
    expect(errorsOf(CardForm.safeParse({ ...card, card_number: '' })).card_number).toBe('Required');
  });

  it('checks the expiry: two-digit month up to 12, four-digit year, not in the past', () => {
    for (const bad of [{ expiry_month: '1' }, { expiry_month: '13' }, { expiry_month: '00' }]) {
      expect(errorsOf(CardForm.safeParse({ ...card, ...bad })).expiry_month).toBe('Invalid Expiration Date');
    }
    expect(errorsOf(CardForm.safeParse({ ...card, expiry_year: '99' })).expiry_year).toBe(
      'Invalid Expiration Date',
    );
    expect(errorsOf(CardForm.safeParse({ ...card, expiry_year: '2001' })).expiry_month).toBe(
      'Invalid Expiration Date',
    );
    const now = new Date(2026, 10, 22);
    expect(isExpiryInPast('11', '2026', now)).toBe(false);
    expect(isExpiryInPast('10', '2026', now)).toBe(true);
    expect(isExpiryInPast('01', '2027', now)).toBe(false);
  });

  it('checks the CVV: 3 or 4 digits', () => {
    expect(CardForm.safeParse({ ...card, cvv: '1234' }).success).toBe(true);
    for (const cvv of ['12', '12345', '12a']) {
      expect(errorsOf(CardForm.safeParse({ ...card, cvv })).cvv).toBe('Invalid CVV');
    }
  });
});

describe('BankForm', () => {
  it('requires every field and defaults the holder and account types', () => {
    const errors = errorsOf(BankForm.safeParse({}));
    expect(errors).toMatchObject({
      bank_name: 'Required',
      bank_account: 'Required',
      bank_routing: 'Required',
    });
    const r = BankForm.safeParse({
      bank_name: 'First Bank',
      bank_account: '000123456789',
      bank_routing: '110000000',
    });
    expect(r.data).toMatchObject({ bank_holder_type: 'personal', bank_type: 'savings' });
  });
});

describe('order helpers', () => {
  it('normalizes promotion codes', () => {
    expect(InitialOrderRequest.parse({ promo_code: ' welcome50 ' }).promo_code).toBe('WELCOME50');
    expect(InitialOrderRequest.parse({ promo_code: '' }).promo_code).toBeUndefined();
    expect(InitialOrderRequest.parse({}).promo_code).toBeUndefined();
    expect(monthlyBillingNote('12/22/2026')).toBe(
      'The start-up fee is charged today; your monthly billing starts on 12/22/2026.',
    );
  });
});
