import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEAT_MESSAGES, type OrganizationSeatsResponse } from '@archline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeUser } from '../../../session/me.ts';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('../../../lib/notify.tsx', () => ({
  notifySuccess: notify.notifySuccess,
  notifyError: notify.notifyError,
}));

const { ExtraTab } = await import('./extra-tab.tsx');

vi.setConfig({ testTimeout: 120_000 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const userWith = (permissions: string[]) =>
  ({
    current_organization_id: 7,
    roles: [{ name: 'doctor' }],
    all_permissions: [],
    organizations: [{ id: 7, name: 'Bright Smiles', pivot: { all_permissions: permissions } }],
  }) as unknown as MeUser;
const user = userWith(['organization.f_m_payment_methods.update']);
const license = {
  id: 3,
  organization_id: 7,
  organization: { id: 7, name: 'Bright Smiles' },
  user: null,
  license_type: { id: 1, name: 'Standard' },
  seats: 5,
  active: true,
  activated_at: '2026-01-01T00:00:00.000Z',
  expiration_date: null,
  devices_count: 2,
  available_seats: 3,
  created_at: '2026-01-01T00:00:00.000Z',
};
let seats: OrganizationSeatsResponse;
let calls: { method: string; path: string; body?: unknown }[];

beforeEach(() => {
  seats = { license, allow_buy_seats: true, seat_price: 5000 };
  calls = [];
  notify.notifySuccess.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      if (method === 'GET' && path === '/services/api/v2/organizations/7/seats') return json(seats);
      if (method === 'POST' && path === '/services/api/v2/organizations/7/buy-seats') {
        const n = (body as { quantity: number }).quantity;
        seats = { ...seats, license: { ...license, seats: 5 + n, available_seats: 3 + n } };
        return json({ message: SEAT_MESSAGES.bought(n), license: seats.license, order: {} });
      }
      return json({ message: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function wrap() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <ExtraTab user={user} />
    </QueryClientProvider>,
  );
}

describe('ExtraTab', () => {
  it('shows the license, the seat price and the total, and buys after the confirmation', async () => {
    const u = userEvent.setup();
    wrap();
    const license = await screen.findByLabelText('License');
    expect(within(license).getByText('Standard')).toBeInTheDocument();
    expect(within(license).getByText('$50.00')).toBeInTheDocument();
    expect(screen.getByText('Available Seats: 3')).toBeInTheDocument();
    expect(screen.getByTestId('seats-total')).toHaveTextContent('$50.00');

    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await u.clear(quantity);
    await u.type(quantity, '3');
    expect(screen.getByTestId('seats-total')).toHaveTextContent('$150.00');
    await u.click(screen.getByRole('button', { name: 'Buy Seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Seats' });
    expect(dialog).toHaveTextContent(SEAT_MESSAGES.confirm(3, '$150.00'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: 'Buy Seats' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(SEAT_MESSAGES.bought(3)));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ quantity: 3 }]);
    expect(await screen.findByText('Available Seats: 6')).toBeInTheDocument();
  });

  it("shows the quantity's messages and asks nothing while it is invalid", async () => {
    const u = userEvent.setup();
    wrap();
    const quantity = await screen.findByRole('textbox', { name: 'Quantity' });
    await u.clear(quantity);
    await u.click(screen.getByRole('button', { name: 'Buy Seats' }));
    expect(await screen.findByText(SEAT_MESSAGES.required)).toBeInTheDocument();
    expect(screen.getByTestId('seats-total')).toHaveTextContent('—');
    await u.type(quantity, '51');
    expect(await screen.findByText(SEAT_MESSAGES.max)).toBeInTheDocument();
    await u.clear(quantity);
    await u.type(quantity, '0');
    expect(await screen.findByText(SEAT_MESSAGES.min)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells a member without the payment permission who buys seats, and asks the server nothing', async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <ExtraTab user={userWith([])} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(SEAT_MESSAGES.ownerOnly)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says so when the license type does not allow buying seats', async () => {
    seats = { license, allow_buy_seats: false, seat_price: 5000 };
    wrap();
    expect(await screen.findByText(SEAT_MESSAGES.notAllowed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Seats' })).not.toBeInTheDocument();
  });
});
