import { describe, expect, it } from 'vitest';
import { deliveriesRefreshIn } from './list-deliveries.ts';

const now = Date.parse('2026-11-27T10:00:00.000Z');
const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();

describe('deliveriesRefreshIn', () => {
  it('looks every 3 s while a delivery waits for its first attempt', () => {
    expect(deliveriesRefreshIn([{ status: 'pending', attempts: 0, next_retry_at: null }], now)).toBe(3000);
  });

  it('looks again shortly after the earliest retry is due, within 3 s to a minute', () => {
    const retrying = (s: number) => ({ status: 'pending' as const, attempts: 1, next_retry_at: at(s) });
    expect(deliveriesRefreshIn([retrying(30), retrying(10)], now)).toBe(12_000);
    expect(deliveriesRefreshIn([retrying(-5)], now)).toBe(3000);
    expect(deliveriesRefreshIn([retrying(1800)], now)).toBe(60_000);
  });

  it('stops when nothing is pending', () => {
    expect(
      deliveriesRefreshIn(
        [
          { status: 'delivered', attempts: 1, next_retry_at: null },
          { status: 'failed', attempts: 6, next_retry_at: null },
        ],
        now,
      ),
    ).toBe(false);
    expect(deliveriesRefreshIn([], now)).toBe(false);
  });
});
