import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERIODIC_RULE_MESSAGES, type PeriodicRule } from '@archline/contracts';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const held = vi.hoisted(() => ({ permissions: new Set<string>(), roles: [] as string[] }));
vi.mock('../../../session/permissions.ts', () => ({
  usePermissions: () => ({
    permissions: held.permissions,
    can: (...anyOf: string[]) => anyOf.some((p) => held.permissions.has(p)),
  }),
}));
vi.mock('../../../session/session.tsx', () => ({
  useSession: () => ({ user: { roles: held.roles.map((name) => ({ name })) } }),
}));
const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('../../../lib/notify.tsx', () => ({
  notifySuccess: notify.notifySuccess,
  notifyError: notify.notifyError,
}));

const { PeriodicRulesSection } = await import('./periodic-rules-section.tsx');
const { PeriodicRuleForm } = await import('./periodic-rule-form.tsx');
const { OrganizationContractSection } = await import('./organization-contract-section.tsx');
const { NewPeriodicRulePage, EditPeriodicRulePage } = await import('../pages/periodic-rule-form-page.tsx');

vi.setConfig({ testTimeout: 120_000 });

/** Types a whole value at once (pasting is much faster than key by key on a busy machine). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const charge: PeriodicRule = {
  id: 5,
  contract_id: 3,
  type: 'Charge',
  value: 2500,
  custom_description: 'Extra storage',
  is_active: true,
  applied_from: '2026-12-01',
  applied_to: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};
const discount: PeriodicRule = {
  ...charge,
  id: 6,
  type: 'Discount',
  value: -1050,
  custom_description: 'Loyalty',
  is_active: false,
  applied_from: null,
};

let calls: { method: string; url: string; body?: unknown }[];
let answer: (method: string, path: string, body: unknown) => Response;
beforeEach(() => {
  held.permissions = new Set(['periodic-rules.manage', 'contracts.manage']);
  held.roles = ['admin'];
  calls = [];
  notify.notifySuccess.mockReset();
  notify.notifyError.mockReset();
  answer = (method, path) => {
    if (method === 'GET' && path === '/services/api/v2/periodic-rules')
      return json({ periodic_rules: [charge, discount] });
    if (method === 'GET' && path === '/services/api/v2/periodic-rules/5')
      return json({ periodic_rule: charge });
    if (method === 'DELETE') return json({ message: PERIODIC_RULE_MESSAGES.deleted });
    if (method === 'POST')
      return json({ message: PERIODIC_RULE_MESSAGES.created, periodic_rule: charge }, 201);
    if (method === 'PUT') return json({ message: PERIODIC_RULE_MESSAGES.updated, periodic_rule: charge });
    return json({ message: 'Not found.' }, 404);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: u.pathname + u.search, body });
      return answer(method, u.pathname, body);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function wrap(ui: ReactNode, path = '/', entries: string[] = [path]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="/subscriptions/:id" element={<p>Subscription page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Periodic Rules section', () => {
  it('is not shown, and asks nothing, without periodic-rules.manage', () => {
    held.permissions = new Set(['contracts.manage']);
    wrap(<PeriodicRulesSection contractId={3} />);
    expect(screen.queryByRole('heading', { name: 'Periodic Rules' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('lists the rules: a discount negative, status chips, Add and Edit links', async () => {
    wrap(<PeriodicRulesSection contractId={3} />);
    const table = await screen.findByRole('table', { name: 'Periodic Rules' });
    expect(calls[0]!.url).toBe('/services/api/v2/periodic-rules?contractId=3');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('$25.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Dec 1, 2026')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('-$10.50')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Periodic Rule' })).toHaveAttribute(
      'href',
      '/subscriptions/3/periodic-rules/add',
    );
    expect(screen.getByRole('link', { name: 'Edit Loyalty' })).toHaveAttribute(
      'href',
      '/subscriptions/3/periodic-rules/6',
    );
  });

  it('shows the empty text', async () => {
    answer = () => json({ periodic_rules: [] });
    wrap(<PeriodicRulesSection contractId={3} />);
    expect(await screen.findByText(PERIODIC_RULE_MESSAGES.empty)).toBeInTheDocument();
  });

  it('offers Delete only to the admin role', async () => {
    held.roles = ['super_admin'];
    wrap(<PeriodicRulesSection contractId={3} />);
    await screen.findByRole('table', { name: 'Periodic Rules' });
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('deletes after a confirmation and shows the message', async () => {
    const user = userEvent.setup({ delay: null });
    wrap(<PeriodicRulesSection contractId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Extra storage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Periodic Rule' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(PERIODIC_RULE_MESSAGES.deleted));
    expect(calls).toContainEqual({
      method: 'DELETE',
      url: '/services/api/v2/periodic-rules/5?contractId=3',
      body: undefined,
    });
  });
});

describe('Periodic rule form', () => {
  it('requires value and description, then sends integer cents with the contract', async () => {
    const user = userEvent.setup({ delay: null });
    const done = vi.fn();
    wrap(<PeriodicRuleForm contractId={3} onDone={done} />);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText(PERIODIC_RULE_MESSAGES.required)).toHaveLength(2);
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Discount' }));
    await fill(user, screen.getByRole('textbox', { name: /Value/ }), '19.99');
    await fill(user, screen.getByRole('textbox', { name: /Description/ }), 'Loyalty');
    await fill(user, screen.getByLabelText('Applied From'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/services/api/v2/periodic-rules',
        body: {
          contract_id: 3,
          type: 'Discount',
          value: 1999,
          custom_description: 'Loyalty',
          is_active: true,
          applied_from: '2026-12-01',
          applied_to: null,
        },
      },
    ]);
    expect(notify.notifySuccess).toHaveBeenCalledWith(PERIODIC_RULE_MESSAGES.created);
  });

  it('refuses more than 2 decimals and an end before the start', async () => {
    const user = userEvent.setup({ delay: null });
    wrap(<PeriodicRuleForm contractId={3} onDone={vi.fn()} />);
    await fill(user, screen.getByRole('textbox', { name: /Value/ }), '1.234');
    await fill(user, screen.getByRole('textbox', { name: /Description/ }), 'Plan');
    await fill(user, screen.getByLabelText('Applied From'), '2026-12-10');
    await fill(user, screen.getByLabelText('Applied To'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(PERIODIC_RULE_MESSAGES.amountFormat)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Value/ }));
    await fill(user, screen.getByRole('textbox', { name: /Value/ }), '1.23');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(PERIODIC_RULE_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the server value message under Value', async () => {
    answer = () =>
      json(
        { message: 'The given data was invalid.', errors: { value: [PERIODIC_RULE_MESSAGES.valueTooLarge] } },
        400,
      );
    const user = userEvent.setup({ delay: null });
    wrap(<PeriodicRuleForm contractId={3} onDone={vi.fn()} />);
    await fill(user, screen.getByRole('textbox', { name: /Value/ }), '25');
    await fill(user, screen.getByRole('textbox', { name: /Description/ }), 'Plan');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(PERIODIC_RULE_MESSAGES.valueTooLarge)).toBeInTheDocument();
    expect(notify.notifyError).not.toHaveBeenCalled();
  });
});

describe('Periodic rule pages', () => {
  it('the edit page loads the rule in dollars, saves with PUT and goes back', async () => {
    const user = userEvent.setup({ delay: null });
    wrap(<EditPeriodicRulePage />, '/subscriptions/:contract_id/periodic-rules/:id', [
      '/subscriptions/3/periodic-rules/5',
    ]);
    const value = await screen.findByRole('textbox', { name: /Value/ });
    expect(value).toHaveValue('25.00');
    expect(calls[0]!.url).toBe('/services/api/v2/periodic-rules/5?contractId=3');
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subscription page', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls[1]).toMatchObject({
      method: 'PUT',
      url: '/services/api/v2/periodic-rules/5',
      body: { contract_id: 3, type: 'Charge', value: 2500, is_active: false, applied_from: '2026-12-01' },
    });
  });

  it('the add page refuses a user without periodic-rules.manage', () => {
    held.permissions = new Set(['contracts.manage']);
    wrap(<NewPeriodicRulePage />, '/subscriptions/:contract_id/periodic-rules/add', [
      '/subscriptions/3/periodic-rules/add',
    ]);
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
  });

  it('an unknown rule shows the message with a way back', async () => {
    wrap(<EditPeriodicRulePage />, '/subscriptions/:contract_id/periodic-rules/:id', [
      '/subscriptions/3/periodic-rules/77',
    ]);
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Subscription' })).toHaveAttribute(
      'href',
      '/subscriptions/3',
    );
  });
});

describe('Contract section of the organization page', () => {
  const summary = {
    id: 3,
    organization: { id: 7, name: 'Alpha Ortho', disabled_at: null },
    initial_payment_date: '2026-01-01',
    last_payment_date: '2026-11-01',
    next_payment_date: '2026-12-01',
    custom_next_payment_date: null as string | null,
    payment_status: 'PAID',
    suspension_type: null as number | null,
    suspended_at: null as string | null,
  };

  it('is hidden without contracts.manage or orders.manage', () => {
    held.permissions = new Set(['organizations.manage']);
    wrap(<OrganizationContractSection organizationId={7} />);
    expect(screen.queryByRole('heading', { name: 'Contract' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the status, the dates (a custom next date first) and the subscription link', async () => {
    answer = () => json({ contract: { ...summary, custom_next_payment_date: '2026-12-15' } });
    wrap(<OrganizationContractSection organizationId={7} />);
    expect(await screen.findByText('PAID')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/services/api/v2/organizations/7/contract');
    expect(screen.getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('Dec 15, 2026 (custom)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscription Details' })).toHaveAttribute(
      'href',
      '/subscriptions/3',
    );
  });

  it('a suspended contract shows the suspension date and no next date', async () => {
    answer = () =>
      json({
        contract: {
          ...summary,
          payment_status: 'SUSPENDED',
          suspension_type: 1,
          suspended_at: '2026-11-10T12:00:00.000Z',
        },
      });
    wrap(<OrganizationContractSection organizationId={7} />);
    expect(await screen.findByText('Last Payment Date (suspended on)')).toBeInTheDocument();
    expect(screen.getByText('Nov 10, 2026')).toBeInTheDocument();
    expect(screen.queryByText('Next Payment Date')).not.toBeInTheDocument();
  });

  it('says when there is no contract', async () => {
    answer = () => json({ contract: null });
    wrap(<OrganizationContractSection organizationId={7} />);
    expect(await screen.findByText('The organization has no contract yet.')).toBeInTheDocument();
  });
});
