import { describe, expect, it } from 'vitest';
import { paymentProcessorFor } from './index.ts';
import { OFFLINE_DECLINE_MESSAGE, describeOfflineToken } from './offline.ts';

const processor = paymentProcessorFor({ paymentProcessor: 'offline' });

describe('offline payment processor', () => {
  it('describes card tokens with the last day of the expiry month', () => {
    expect(describeOfflineToken('offline_card_visa_4242_202802_ab12')).toEqual({
      type: 'card',
      nickname: 'Visa ending in 4242',
      card_exp_datetime: '2028-02-29',
      fingerprint: 'card:visa:4242:202802',
    });
    expect(describeOfflineToken('offline_card_card_1111_203012_x')?.nickname).toBe('Card ending in 1111');
  });

  it('describes bank tokens', () => {
    expect(describeOfflineToken('offline_bank_savings_6789_ff00')).toEqual({
      type: 'bank',
      nickname: 'Savings account ending in 6789',
      card_exp_datetime: null,
      fingerprint: 'bank:savings:6789',
    });
  });

  it('refuses tokens it did not make', () => {
    for (const token of ['', 'tok_visa', 'offline_card_visa_4242_202813_a', 'offline_bank_gold_1234_a']) {
      expect(describeOfflineToken(token)).toBeNull();
    }
  });

  it('charges every card but the decline card ending in 0002', async () => {
    const ok = await processor.charge({
      token: 'offline_card_visa_4242_203001_a',
      amount: 507.45,
      description: 'x',
    });
    expect(ok).toMatchObject({ ok: true });
    expect(ok.ok && ok.reference).toMatch(/^offline_ch_/);
    expect(
      await processor.charge({ token: 'offline_card_visa_0002_203001_a', amount: 10, description: 'x' }),
    ).toEqual({ ok: false, message: OFFLINE_DECLINE_MESSAGE });
    expect(
      await processor.charge({ token: 'offline_bank_checking_6789_a', amount: 10, description: 'x' }),
    ).toMatchObject({ ok: true });
  });

  it('answers the first outcome again for the same idempotency key', async () => {
    const input = { token: 'offline_card_visa_4242_203001_a', amount: 10, description: 'x' };
    const first = await processor.charge({ ...input, idempotencyKey: 'contract-1-due-2027-01-31-charge' });
    const again = await processor.charge({ ...input, idempotencyKey: 'contract-1-due-2027-01-31-charge' });
    const other = await processor.charge({ ...input, idempotencyKey: 'contract-1-due-2027-03-02-charge' });
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });
});
