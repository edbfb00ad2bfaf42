import { describe, expect, it } from 'vitest';
import {
  bankErrors,
  cardBrand,
  cardErrors,
  isValidCardNumber,
  isValidCvv,
  isValidExpiry,
  isValidRoutingNumber,
  offlineBankToken,
  offlineCardProcessor,
  offlineCardToken,
  passesLuhn,
  tokenizationMessage,
  type BankDetails,
  type CardDetails,
} from './card-processor.ts';

const NOW = new Date(2026, 10, 22); // November 2026

const card = (over: Partial<CardDetails> = {}): CardDetails => ({
  card_number: '4242 4242 4242 4242',
  expiry_month: '12',
  expiry_year: '2028',
  cvv: '123',
  name_on_card: 'Noel Newman',
  ...over,
});

const bank = (over: Partial<BankDetails> = {}): BankDetails => ({
  bank_name: 'First Bank',
  bank_account: '000123456789',
  bank_routing: '021000021',
  bank_holder_type: 'personal',
  bank_type: 'savings',
  ...over,
});

describe('card numbers', () => {
  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('42a2')).toBe(false);
  });

  it('names the brand from the prefix', () => {
    expect(cardBrand('4242 4242 4242 4242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('36227206271667')).toBe('diners');
    expect(cardBrand('3566002020360505')).toBe('jcb');
    expect(cardBrand('9999999999999995')).toBeNull();
    expect(cardBrand('')).toBeNull();
  });

  it('needs a known brand, its length and the Luhn digit; spaces and dashes are ignored', () => {
    expect(isValidCardNumber('4242-4242-4242-4242')).toBe(true);
    expect(isValidCardNumber('378282246310005')).toBe(true);
    expect(isValidCardNumber('4242424242424')).toBe(false); // 13 digits, Luhn fails
    expect(isValidCardNumber('42424242424242')).toBe(false); // 14 digits is no Visa length
    expect(isValidCardNumber('9999999999999995')).toBe(false);
    expect(isValidCardNumber('4242 4242 4242 4241')).toBe(false);
  });
});

describe('expiry', () => {
  it('needs MM and YYYY, a month 01-12, not in the past', () => {
    expect(isValidExpiry('11', '2026', NOW)).toBe(true); // the current month still counts
    expect(isValidExpiry('10', '2026', NOW)).toBe(false);
    expect(isValidExpiry('01', '2027', NOW)).toBe(true);
    expect(isValidExpiry('13', '2027', NOW)).toBe(false);
    expect(isValidExpiry('00', '2027', NOW)).toBe(false);
    expect(isValidExpiry('1', '2027', NOW)).toBe(false);
    expect(isValidExpiry('01', '27', NOW)).toBe(false);
    expect(isValidExpiry('01', '2025', NOW)).toBe(false);
    expect(isValidExpiry('01', '2060', NOW)).toBe(false);
  });
});

describe('CVV', () => {
  it('is 3 digits, 4 for American Express', () => {
    expect(isValidCvv('123', 'visa')).toBe(true);
    expect(isValidCvv('1234', 'visa')).toBe(false);
    expect(isValidCvv('1234', 'amex')).toBe(true);
    expect(isValidCvv('123', 'amex')).toBe(false);
    expect(isValidCvv('12a', 'visa')).toBe(false);
  });
});

describe('cardErrors', () => {
  it('is empty for valid details', () => {
    expect(cardErrors(card(), NOW)).toEqual({});
  });

  it('gives the spec messages per field', () => {
    expect(
      cardErrors(card({ card_number: '1234', expiry_month: '13', cvv: '1', name_on_card: ' ' }), NOW),
    ).toEqual({
      card_number: 'Invalid Card Number',
      expiry_month: 'Invalid Expiration Date',
      expiry_year: 'Invalid Expiration Date',
      cvv: 'Invalid CVV',
      name_on_card: 'Required',
    });
  });
});

describe('bank details', () => {
  it('checks the routing checksum and the account digits', () => {
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('12345678')).toBe(false);
    expect(bankErrors(bank())).toEqual({});
    expect(bankErrors(bank({ bank_name: '', bank_account: '12', bank_routing: '123456789' }))).toEqual({
      bank_name: 'Required',
      bank_account: 'Invalid Account Number',
      bank_routing: 'Invalid Routing Number',
    });
  });
});

describe('offline tokens', () => {
  it('carry brand, last 4 and expiry (cards) or account type and last 4 (banks)', () => {
    expect(offlineCardToken(card(), 'abc123')).toBe('offline_card_visa_4242_202812_abc123');
    expect(offlineBankToken(bank({ bank_type: 'checking' }), 'f00')).toBe('offline_bank_checking_6789_f00');
  });

  it('tokenizes valid details with a fresh random part each time', async () => {
    const first = await offlineCardProcessor.tokenizeCard(card({ card_number: '4000 0000 0000 0002' }));
    const second = await offlineCardProcessor.tokenizeCard(card({ card_number: '4000 0000 0000 0002' }));
    expect(first.ok && first.token).toMatch(/^offline_card_visa_0002_202812_[0-9a-f]{24}$/);
    expect(first.ok && second.ok && first.token !== second.token).toBe(true);
    const bankResult = await offlineCardProcessor.tokenizeBank(bank({ bank_account: '1234 5678' }));
    expect(bankResult.ok && bankResult.token).toMatch(/^offline_bank_savings_5678_[0-9a-f]{24}$/);
  });

  it('refuses invalid details with field errors and the processor message format', async () => {
    const result = await offlineCardProcessor.tokenizeCard(card({ card_number: '4242 4242 4242 4241' }));
    expect(result).toEqual({
      ok: false,
      fieldErrors: { card_number: 'Invalid Card Number' },
      message: 'Field: card_number Message: Invalid Card Number',
    });
    expect(tokenizationMessage({ cvv: 'Invalid CVV', bank_name: 'Required' })).toBe(
      'Field: cvv Message: Invalid CVV Field: bank_name Message: Required',
    );
  });
});
