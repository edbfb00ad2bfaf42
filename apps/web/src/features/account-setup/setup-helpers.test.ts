import type { AccountDetails } from '@archline/contracts';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByIso3, countryMatches } from '@archline/contracts';
import {
  accountDetailsDefaults,
  cardExpiryLabel,
  sortPaymentMethods,
  stepLabel,
  surveyErrors,
} from './setup-helpers.ts';

const user = { id: 5, first_name: 'Noel', last_name: 'Newman', email: 'newdoctor@example.com' };

const saved = (over: Partial<AccountDetails> = {}): AccountDetails => ({
  organization: 'Bright Smiles',
  first_name: 'Noel',
  last_name: 'Newman',
  email: 'newdoctor@example.com',
  phone_number: '+13035550142',
  street_address: '1 Main St',
  street_address_line_2: null,
  city: 'Denver',
  state: 'CO',
  country: 'USA',
  zip_code: '80202',
  survey_question_id: 1,
  survey_answer_id: 3,
  survey_response_other: null,
  ...over,
});

describe('steps', () => {
  it('names the four steps and refuses others', () => {
    expect([0, 1, 2, 3].map(stepLabel)).toEqual([
      'Welcome',
      'Account Details',
      'Choose Payment Method',
      'Review your Order',
    ]);
    expect(() => stepLabel(4)).toThrow('Unknown step');
  });
});

describe('formatting', () => {
  it('shows the card expiry', () => {
    expect(cardExpiryLabel({ card_exp_datetime: '2028-02-29' })).toBe('02/2028');
    expect(cardExpiryLabel({ card_exp_datetime: null })).toBe('');
  });
});

describe('accountDetailsDefaults', () => {
  it('starts from the user when nothing is saved, country USA, the default organization name empty', () => {
    expect(
      accountDetailsDefaults(
        saved({
          organization: "Noel Newman's Account",
          phone_number: '',
          street_address: '',
          city: '',
          state: '',
          country: '',
          zip_code: '',
          survey_question_id: null,
          survey_answer_id: null,
        }),
        user,
        1,
      ),
    ).toEqual({
      organization: '',
      first_name: 'Noel',
      last_name: 'Newman',
      email: 'newdoctor@example.com',
      phone_number: '',
      street_address: '',
      street_address_line_2: '',
      city: '',
      state: '',
      country: 'USA',
      zip_code: '',
      survey_question_id: 1,
      survey_answer_id: null,
      survey_response_other: '',
      userId: 5,
    });
  });

  it('keeps what is saved, and drops the answer when no question is asked', () => {
    const values = accountDetailsDefaults(saved(), user, 1);
    expect(values).toMatchObject({ organization: 'Bright Smiles', survey_answer_id: 3, city: 'Denver' });
    expect(accountDetailsDefaults(saved(), user, null)).toMatchObject({
      survey_question_id: null,
      survey_answer_id: null,
    });
  });
});

describe('surveyErrors', () => {
  it('asks for an answer when a question is shown, and for the source when the answer is Other', () => {
    expect(surveyErrors({ survey_question_id: 1, survey_answer_id: null })).toEqual({
      survey_answer_id: 'Must not be empty.',
    });
    expect(surveyErrors({ survey_question_id: null, survey_answer_id: null })).toEqual({});
    expect(surveyErrors({ survey_question_id: 1, survey_answer_id: 7, survey_response_other: '  ' })).toEqual(
      {
        survey_response_other: 'Required',
      },
    );
    expect(
      surveyErrors({ survey_question_id: 1, survey_answer_id: 7, survey_response_other: 'A club' }),
    ).toEqual({});
    expect(surveyErrors({ survey_question_id: 1, survey_answer_id: 3, survey_response_other: '' })).toEqual(
      {},
    );
  });
});

describe('payment methods', () => {
  it('lists the primary method first', () => {
    const methods = [
      { id: 1, is_primary: false },
      { id: 2, is_primary: true },
      { id: 3, is_primary: false },
    ];
    expect(sortPaymentMethods(methods).map((m) => m.id)).toEqual([2, 1, 3]);
  });
});

describe('countries', () => {
  it('is the full world list with unique codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(new Set(COUNTRIES.map((c) => c.iso_3)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.iso_2)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.every((c) => /^[A-Z]{3}$/.test(c.iso_3) && /^[A-Z]{2}$/.test(c.iso_2))).toBe(true);
  });

  it('finds a country by code, name or alias, ignoring case and accents', () => {
    expect(countryByIso3('usa')?.label).toBe('United States');
    expect(countryByIso3('XXX')).toBeUndefined();
    const usa = countryByIso3('USA')!;
    expect(countryMatches(usa, 'united')).toBe(true);
    expect(countryMatches(usa, 'us')).toBe(true);
    expect(countryMatches(usa, 'America')).toBe(true);
    expect(countryMatches(usa, 'Canada')).toBe(false);
    expect(countryMatches(countryByIso3('CIV')!, 'cote')).toBe(true);
    expect(countryMatches(countryByIso3('CIV')!, 'Ivory')).toBe(true);
    expect(countryMatches(countryByIso3('TUR')!, 'turkey')).toBe(true);
  });
});
