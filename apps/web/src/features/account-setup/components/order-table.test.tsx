import '@testing-library/jest-dom/vitest';
import type { InitialOrder } from '@archline/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderTable } from './order-step.tsx';

const base: InitialOrder = {
  items: [{ product: { id: 1, name: 'Start-up Fee' }, value: 50_000, struck_through: false }],
  discounts: [],
  subtotal: 50_000,
  credit_card_fee: 745,
  total: 50_745,
  payment_method_type: 'card',
  monthly_fee: 29_900,
  first_monthly_billing_date: '2026-12-27',
};

const row = (name: RegExp) =>
  within(screen.getByRole('table', { name: 'Order summary' })).getByRole('row', { name });

describe('OrderTable', () => {
  it('strikes the start-up fee through when a start-up code replaced it', () => {
    render(
      <OrderTable
        order={{
          ...base,
          items: [{ ...base.items[0]!, struck_through: true }],
          discounts: [
            { promotion_code: { id: 4, code: 'WAIVED', description: 'Start-up fee waived' }, value: 50_000 },
          ],
          credit_card_fee: 0,
          total: 0,
        }}
      />,
    );
    expect(row(/Start-up Fee/)).toHaveTextContent('$500.00 (replaced by the promotion code)');
    expect(row(/Start-up Fee/).querySelector('s')).toHaveTextContent('$500.00');
    expect(row(/Promotion code WAIVED/)).toHaveTextContent('-$500.00');
    expect(row(/Total due today/)).toHaveTextContent('$0.00');
  });

  it('a First Month code takes nothing off today and says it comes off the monthly fee', () => {
    render(
      <OrderTable
        order={{
          ...base,
          discounts: [
            { promotion_code: { id: 1, code: 'FIRSTMONTHFREE', description: 'First month free' }, value: 0 },
          ],
        }}
      />,
    );
    expect(row(/Start-up Fee/).querySelector('s')).toBeNull();
    expect(row(/Promotion code FIRSTMONTHFREE/)).toHaveTextContent('First month freeOn the monthly fee');
    expect(row(/Total due today/)).toHaveTextContent('$507.45');
  });
});
