/**
 * The card processor's browser side: card and bank details are checked and turned into a token
 * here, and only the token goes to our server (POST /f_m_payment_methods), never the numbers.
 *
 * The offline processor (PAYMENT_PROCESSOR=offline, the only one available) validates the details
 * like a hosted payment script would and builds the token locally, in the form the server's
 * offline adapter reads back:
 *   offline_card_{brand}_{last4}_{YYYYMM}_{random}
 *   offline_bank_{checking|savings}_{last4}_{random}
 * The documented decline card 4000 0000 0000 0002 tokenizes fine; its charge is declined later.
 */

export const CARD_MESSAGES = {
  invalidNumber: 'Invalid Card Number',
  invalidExpiry: 'Invalid Expiration Date',
  invalidCvv: 'Invalid CVV',
} as const;

export const BANK_MESSAGES = {
  invalidAccount: 'Invalid Account Number',
  invalidRouting: 'Invalid Routing Number',
} as const;

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb';

export interface CardDetails {
  card_number: string;
  expiry_month: string;
  expiry_year: string;
  cvv: string;
  name_on_card: string;
}

export type BankHolderType = 'personal' | 'business';
export type BankType = 'checking' | 'savings';

export interface BankDetails {
  bank_name: string;
  bank_account: string;
  bank_routing: string;
  bank_holder_type: BankHolderType;
  bank_type: BankType;
}

export type CardField = keyof CardDetails;
export type BankField = keyof BankDetails;

export type TokenizeResult<F extends string> =
  { ok: true; token: string } | { ok: false; message: string; fieldErrors: Partial<Record<F, string>> };

export interface CardProcessor {
  tokenizeCard(details: CardDetails): Promise<TokenizeResult<CardField>>;
  tokenizeBank(details: BankDetails): Promise<TokenizeResult<BankField>>;
}

/** Digits only: spaces and dashes typed between groups are dropped. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const BRANDS: { brand: CardBrand; test: (d: string) => boolean; lengths: readonly number[] }[] = [
  { brand: 'amex', test: (d) => /^3[47]/.test(d), lengths: [15] },
  { brand: 'visa', test: (d) => d.startsWith('4'), lengths: [13, 16, 19] },
  {
    brand: 'mastercard',
    test: (d) => /^5[1-5]/.test(d) || (Number(d.slice(0, 4)) >= 2221 && Number(d.slice(0, 4)) <= 2720),
    lengths: [16],
  },
  {
    brand: 'discover',
    test: (d) =>
      /^(6011|65|64[4-9])/.test(d) || (Number(d.slice(0, 6)) >= 622126 && Number(d.slice(0, 6)) <= 622925),
    lengths: [16, 17, 18, 19],
  },
  { brand: 'diners', test: (d) => /^(36|38|30[0-5])/.test(d), lengths: [14, 15, 16, 17, 18, 19] },
  {
    brand: 'jcb',
    test: (d) => Number(d.slice(0, 4)) >= 3528 && Number(d.slice(0, 4)) <= 3589,
    lengths: [16, 17, 18, 19],
  },
];

/** The brand a card number's prefix names, or null when no accepted brand matches. */
export function cardBrand(value: string): CardBrand | null {
  const digits = cardDigits(value);
  if (!/^\d{2,}$/.test(digits)) return null;
  return BRANDS.find((b) => b.test(digits))?.brand ?? null;
}

/** A number of an accepted brand, of that brand's length, passing the Luhn check. */
export function isValidCardNumber(value: string): boolean {
  const digits = cardDigits(value);
  const rule = BRANDS.find((b) => b.test(digits));
  return rule !== undefined && rule.lengths.includes(digits.length) && passesLuhn(digits);
}

/**
 * Month exactly 2 characters (01 to 12), year exactly 4, and the month not already over: a card
 * is good through the last day of its expiry month.
 */
export function isValidExpiry(month: string, year: string, now: Date = new Date()): boolean {
  if (!/^\d{2}$/.test(month) || !/^\d{4}$/.test(year)) return false;
  const m = Number(month);
  const y = Number(year);
  if (m < 1 || m > 12) return false;
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  if (y < currentYear || (y === currentYear && m < currentMonth)) return false;
  // Cards are not issued for more than twenty years ahead.
  return y <= currentYear + 20;
}

/** Three digits, four for American Express (when the brand is known). */
export function isValidCvv(cvv: string, brand: CardBrand | null): boolean {
  if (brand === 'amex') return /^\d{4}$/.test(cvv);
  if (brand === null) return /^\d{3,4}$/.test(cvv);
  return /^\d{3}$/.test(cvv);
}

/** US bank routing (ABA) number: 9 digits with its weighted checksum. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** A bank account number: 4 to 17 digits. */
export function isValidBankAccount(value: string): boolean {
  return /^\d{4,17}$/.test(value);
}

/** The field errors of card details (empty when they are all valid). */
export function cardErrors(details: CardDetails, now: Date = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const brand = cardBrand(details.card_number);
  if (!isValidCardNumber(details.card_number)) errors.card_number = CARD_MESSAGES.invalidNumber;
  if (!isValidExpiry(details.expiry_month, details.expiry_year, now)) {
    errors.expiry_month = CARD_MESSAGES.invalidExpiry;
    errors.expiry_year = CARD_MESSAGES.invalidExpiry;
  }
  if (!isValidCvv(details.cvv, brand)) errors.cvv = CARD_MESSAGES.invalidCvv;
  if (!details.name_on_card.trim()) errors.name_on_card = 'Required';
  return errors;
}

/** The field errors of bank details (empty when they are all valid). */
export function bankErrors(details: BankDetails): Partial<Record<BankField, string>> {
  const errors: Partial<Record<BankField, string>> = {};
  if (!details.bank_name.trim()) errors.bank_name = 'Required';
  if (!isValidBankAccount(details.bank_account)) errors.bank_account = BANK_MESSAGES.invalidAccount;
  if (!isValidRoutingNumber(details.bank_routing)) errors.bank_routing = BANK_MESSAGES.invalidRouting;
  return errors;
}

/**
 * The text of a tokenization failure: 'Field: {field} Message: {message}' for each field error
 * (document 3 section 8).
 */
export function tokenizationMessage(fieldErrors: Partial<Record<string, string>>): string {
  return Object.entries(fieldErrors)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([field, message]) => `Field: ${field} Message: ${message}`)
    .join(' ');
}

function randomPart(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Builds an offline card token from valid details. */
export function offlineCardToken(details: CardDetails, random: string = randomPart()): string {
  const digits = cardDigits(details.card_number);
  const brand = cardBrand(digits) ?? 'card';
  return `offline_card_${brand}_${digits.slice(-4)}_${details.expiry_year}${details.expiry_month}_${random}`;
}

/** Builds an offline bank token from valid details. */
export function offlineBankToken(details: BankDetails, random: string = randomPart()): string {
  return `offline_bank_${details.bank_type}_${details.bank_account.slice(-4)}_${random}`;
}

function failure<F extends string>(fieldErrors: Partial<Record<F, string>>): TokenizeResult<F> {
  return { ok: false, message: tokenizationMessage(fieldErrors), fieldErrors };
}

/** The processor of PAYMENT_PROCESSOR=offline: validation and token building in the browser. */
export const offlineCardProcessor: CardProcessor = {
  tokenizeCard(details) {
    const clean: CardDetails = {
      ...details,
      card_number: cardDigits(details.card_number),
      expiry_month: details.expiry_month.trim(),
      expiry_year: details.expiry_year.trim(),
      cvv: details.cvv.trim(),
    };
    const errors = cardErrors(clean);
    if (Object.keys(errors).length > 0) return Promise.resolve(failure(errors));
    return Promise.resolve({ ok: true, token: offlineCardToken(clean) });
  },
  tokenizeBank(details) {
    const clean: BankDetails = {
      ...details,
      bank_account: details.bank_account.replace(/\s/g, ''),
      bank_routing: details.bank_routing.replace(/\s/g, ''),
    };
    const errors = bankErrors(clean);
    if (Object.keys(errors).length > 0) return Promise.resolve(failure(errors));
    return Promise.resolve({ ok: true, token: offlineBankToken(clean) });
  },
};

/** The processor the payment forms use. */
export const cardProcessor: CardProcessor = offlineCardProcessor;
