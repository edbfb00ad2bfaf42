import { randomUUID } from 'node:crypto';
import type { ChargeResult, DescribedPaymentMethod, PaymentProcessor } from './types.ts';

/**
 * The offline processor (PAYMENT_PROCESSOR=offline): no network. The browser validates the card
 * or bank details and builds the token itself:
 *   offline_card_{brand}_{last4}_{YYYYMM}_{random}
 *   offline_bank_{checking|savings}_{last4}_{random}
 * Every charge succeeds except on a card or account whose last four digits are 0002 (the
 * documented decline card 4000 0000 0000 0002): 'The card was declined.' A charge asked again
 * with the same idempotency key answers the first outcome (the same reference), as a real
 * processor does.
 */
export const OFFLINE_DECLINE_LAST4 = '0002';
export const OFFLINE_DECLINE_MESSAGE = 'The card was declined.';

const CARD_TOKEN = /^offline_card_([a-z]{1,20})_(\d{4})_(\d{4})(0[1-9]|1[0-2])_([A-Za-z0-9]{1,64})$/;
const BANK_TOKEN = /^offline_bank_(checking|savings)_([A-Za-z0-9]{1,4})_([A-Za-z0-9]{1,64})$/;

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
};

/** The last day of a month, 'YYYY-MM-DD'. */
function lastDayOfMonth(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function describeOfflineToken(token: string): DescribedPaymentMethod | null {
  const card = CARD_TOKEN.exec(token);
  if (card) {
    const [, brand, last4, year, month] = card as unknown as [string, string, string, string, string];
    const label = BRAND_LABELS[brand] ?? 'Card';
    return {
      type: 'card',
      nickname: `${label} ending in ${last4}`,
      card_exp_datetime: lastDayOfMonth(Number(year), Number(month)),
      fingerprint: `card:${brand}:${last4}:${year}${month}`,
    };
  }
  const bank = BANK_TOKEN.exec(token);
  if (bank) {
    const [, kind, last4] = bank as unknown as [string, string, string];
    return {
      type: 'bank',
      nickname: `${kind === 'checking' ? 'Checking' : 'Savings'} account ending in ${last4}`,
      card_exp_datetime: null,
      fingerprint: `bank:${kind}:${last4}`,
    };
  }
  return null;
}

function lastFourOf(token: string): string | null {
  return CARD_TOKEN.exec(token)?.[2] ?? BANK_TOKEN.exec(token)?.[2] ?? null;
}

/** Outcomes by idempotency key (this process only; the oldest are forgotten past the limit). */
const outcomes = new Map<string, ChargeResult>();
const MAX_REMEMBERED_KEYS = 100_000;

function chargeOnce(token: string, amount: number): ChargeResult {
  const last4 = lastFourOf(token);
  if (last4 === null) return { ok: false, message: OFFLINE_DECLINE_MESSAGE };
  if (last4 === OFFLINE_DECLINE_LAST4) return { ok: false, message: OFFLINE_DECLINE_MESSAGE };
  if (!Number.isFinite(amount) || amount < 0) return { ok: false, message: 'The amount is invalid.' };
  return { ok: true, reference: `offline_ch_${randomUUID()}` };
}

export const offlinePaymentProcessor: PaymentProcessor = {
  name: 'offline',
  describeToken: describeOfflineToken,
  async charge({ token, amount, idempotencyKey }): Promise<ChargeResult> {
    if (idempotencyKey === undefined) return chargeOnce(token, amount);
    const known = outcomes.get(idempotencyKey);
    if (known) return known;
    const outcome = chargeOnce(token, amount);
    if (outcomes.size >= MAX_REMEMBERED_KEYS) outcomes.delete(outcomes.keys().next().value!);
    outcomes.set(idempotencyKey, outcome);
    return outcome;
  },
};
