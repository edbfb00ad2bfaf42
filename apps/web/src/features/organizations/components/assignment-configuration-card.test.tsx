import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ASSIGNMENT_CONFIGURATION_MESSAGES as M } from '@archline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AssignmentConfigurationCard } from './assignment-configuration-card.tsx';

const permissions = vi.hoisted(() => ({ held: new Set<string>() }));
vi.mock('../../../session/permissions.ts', () => ({
  useOrganizationPermissions: () => ({
    permissions: permissions.held,
    can: (...anyOf: string[]) => anyOf.some((p) => permissions.held.has(p)),
  }),
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const metadata = { third_party_partner: null, options: [1, 2] };
const initial = {
  data: { organization_id: 7, assignments: [1], default_assignment: 1, updated_at: null },
  metadata,
};
const print = {
  data: {
    organization_id: 7,
    print_assignments: [1],
    insert_brackets_assignments: [1],
    default_print_assignment: 1,
    default_insert_brackets_assignment: 1,
    updated_at: null,
  },
  metadata,
};

let puts: { url: string; body: unknown }[];
let printAnswer: typeof print;
beforeEach(() => {
  printAnswer = print;
  permissions.held = new Set(['organization.rx-form-preference.update']);
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push({ url: path, body });
        return json({
          ...initial,
          data: { ...initial.data, ...body, updated_at: '2026-11-27T00:00:00.000Z' },
          message: M.initialSetupSaved,
        });
      }
      if (path.endsWith('/initial_setup_configuration')) return json(initial);
      if (path.endsWith('/print_request_configuration')) return json(printAnswer);
      return json({ message: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

/**
 * Renders the card and waits until both of its forms have their answers: a test that ends while
 * one is still loading would leave React work for after the test environment is gone.
 */
const clients: QueryClient[] = [];
// Nothing left in flight when a test ends (a save's refetch included).
afterEach(async () => {
  await waitFor(() => expect(clients.every((c) => c.isFetching() === 0 && c.isMutating() === 0)).toBe(true));
  for (const c of clients.splice(0)) c.clear();
});

async function renderCard(readOnly = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  const view = render(
    <QueryClientProvider client={client}>
      <AssignmentConfigurationCard organizationId={7} readOnly={readOnly} />
    </QueryClientProvider>,
  );
  if (permissions.held.size > 0) {
    await screen.findByRole('form', { name: 'Initial Setup Configuration' });
    await screen.findByRole('form', { name: 'Print Request Configuration' });
  }
  await waitFor(() => expect(client.isFetching()).toBe(0));
  return view;
}

describe('Assignment Configuration', () => {
  it('is not shown without organization.rx-form-preference.update', async () => {
    permissions.held = new Set();
    await renderCard();
    expect(screen.queryByRole('region', { name: 'Assignment Configuration' })).not.toBeInTheDocument();
  });

  it('offers no Third Party option without a partner; Save waits for a valid change and sends the form', async () => {
    const user = userEvent.setup();
    await renderCard();
    const form = await screen.findByRole('form', { name: 'Initial Setup Configuration' });
    expect(screen.queryByRole('checkbox', { name: 'Third Party' })).not.toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(within(form).getByRole('combobox', { name: 'Default Initial Setup Assignment' }));
    await user.click(await screen.findByRole('option', { name: 'In-Office' }));
    expect(await within(form).findByText(M.defaultNotOffered)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.click(within(form).getByRole('checkbox', { name: 'In-Office' }));
    await waitFor(() => expect(within(form).queryByText(M.defaultNotOffered)).not.toBeInTheDocument());
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() =>
      expect(puts).toEqual([
        {
          url: '/services/api/v2/organizations/7/initial_setup_configuration',
          body: { assignments: [1, 2], default_assignment: 2 },
        },
      ]),
    );
  });

  it('an insert-brackets option that is neither in-office nor a print option cannot be ticked', async () => {
    printAnswer = {
      ...print,
      data: {
        ...print.data,
        print_assignments: [2],
        insert_brackets_assignments: [2],
        default_print_assignment: 2,
        default_insert_brackets_assignment: 2,
      },
    };
    await renderCard();
    const form = await screen.findByRole('form', { name: 'Print Request Configuration' });
    const insert = within(form).getByRole('group', { name: 'Insert Brackets Assignment Options' });
    expect(within(insert).getByRole('checkbox', { name: 'In-Office' })).toBeEnabled();
    expect(within(insert).getByRole('checkbox', { name: 'Provider' })).toBeDisabled();
    // Once Provider is a print option, it may be ticked for insert brackets too.
    const printOptions = within(form).getByRole('group', { name: 'Print Assignment Options' });
    await userEvent.setup().click(within(printOptions).getByRole('checkbox', { name: 'Provider' }));
    expect(within(insert).getByRole('checkbox', { name: 'Provider' })).toBeEnabled();
  });

  it('is read-only on an archived or disabled organization', async () => {
    await renderCard(true);
    const form = await screen.findByRole('form', { name: 'Initial Setup Configuration' });
    expect(within(form).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Provider' })).toBeDisabled();
  });
});
