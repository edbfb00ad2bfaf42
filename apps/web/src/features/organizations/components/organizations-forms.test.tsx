import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ORGANIZATION_MESSAGES, type OrganizationDetail } from '@archline/contracts';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddMemberDialog } from './add-member-dialog.tsx';
import { CreateOrganizationButton, CreateOrganizationDialog } from './create-organization-dialog.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { MembersCard } from './members-card.tsx';

const permissions = vi.hoisted(() => ({ held: new Set<string>() }));
vi.mock('../../../session/permissions.ts', () => ({
  usePermissions: () => ({
    permissions: permissions.held,
    can: (...anyOf: string[]) => anyOf.some((p) => permissions.held.has(p)),
  }),
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const member = (id: number, name: string, role = 'organization_member') => ({
  id,
  first_name: name,
  last_name: 'Doe',
  full_name: `${name} Doe`,
  email: `${name.toLowerCase()}@example.test`,
  roles: [{ name: 'doctor' }],
  deleted_at: null,
  pivot: { role, created_at: '2026-11-01T00:00:00.000Z' },
});

const organization = {
  id: 7,
  name: 'Bright Smiles',
  account_number: null,
  organization_type: null,
  organization_type_id: null,
  disabled_at: null,
  deleted_at: null,
  customer_service_manager_user_id: null,
  joined_at: '2026-11-01T00:00:00.000Z',
  number_of_users: 1,
  webhooks_enabled: null,
  enable_custom_bracket_sets: false,
  management_notes: null,
  easy_rx_practice_id: null,
  contract_id: null,
  onboarding_id: null,
  status: 1,
  users: [member(11, 'Olivia', 'organization_owner')],
  credits: [],
  contract: null,
  locations: [],
  payment_info: { customer_id: null, billing_address: null },
} as OrganizationDetail;

const listUser = (id: number, name: string) => ({
  ...member(id, name),
  account_number: null,
  created_at: '2026-11-01T00:00:00.000Z',
  organizations: [],
});

let fetchMock: ReturnType<typeof vi.fn>;
let handler: (url: URL, init?: RequestInit) => Response;
beforeEach(() => {
  permissions.held = new Set();
  handler = () => json({ message: 'Not found.' }, 404);
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(new URL(url, 'http://x'), init));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());
// Dialogs with MUI pickers are slow to drive on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/organizations']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String((init as RequestInit).body)) }));

describe('Create Organization', () => {
  it('is offered only with organizations.manage', async () => {
    const { unmount } = renderWith(<CreateOrganizationButton />);
    expect(screen.queryByRole('button', { name: 'Create Organization' })).not.toBeInTheDocument();
    unmount();
    permissions.held = new Set(['organizations.manage']);
    renderWith(<CreateOrganizationButton />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Organization' });
    // The type field needs the type permission.
    expect(within(dialog).queryByLabelText('Organization Type')).not.toBeInTheDocument();
  });

  it('shows the form rules: name required, type 2 to 20 letters and spaces, account number 6 to 20', async () => {
    const user = userEvent.setup();
    renderWith(<CreateOrganizationDialog open canSetType onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Create Organization' });
    await user.type(within(dialog).getByLabelText(/Account Number/), 'AB1');
    await user.type(within(dialog).getByLabelText('Organization Type'), 'Lab 1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(within(dialog).getByText(ORGANIZATION_MESSAGES.invalidName)).toBeInTheDocument();
    expect(within(dialog).getByText('Must contain at least 6 characters.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates, then opens the new organization; a taken account number shows on its field', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    handler = (url, init) => {
      if (url.pathname.endsWith('/organizations') && init?.method === 'POST') {
        attempt += 1;
        if (attempt === 1)
          return json(
            {
              message: ORGANIZATION_MESSAGES.accountNumberTaken,
              errors: { account_number: [ORGANIZATION_MESSAGES.accountNumberTaken] },
            },
            422,
          );
        return json(
          { organization: { ...organization, id: 42 }, message: ORGANIZATION_MESSAGES.created },
          201,
        );
      }
      return json({ message: 'Not found.' }, 404);
    };
    const onClose = vi.fn();
    renderWith(<CreateOrganizationDialog open canSetType onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Create Organization' });
    await user.type(within(dialog).getByLabelText(/Organization Name/), 'Fresh Smiles');
    await user.type(within(dialog).getByLabelText(/Account Number/), 'FRESH-01');
    await user.type(within(dialog).getByLabelText('Organization Type'), 'Dental Lab');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(ORGANIZATION_MESSAGES.accountNumberTaken)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/organizations/42'));
    expect(onClose).toHaveBeenCalled();
    expect(posts()[1]).toEqual({
      url: expect.stringContaining('/organizations'),
      body: { name: 'Fresh Smiles', account_number: 'FRESH-01', organization_type: 'Dental Lab' },
    });
  });
  it('sends a blank type as none', async () => {
    const user = userEvent.setup();
    handler = (url, init) =>
      url.pathname.endsWith('/organizations') && init?.method === 'POST'
        ? json({ organization: { ...organization, id: 43 }, message: ORGANIZATION_MESSAGES.created }, 201)
        : json({ message: 'Not found.' }, 404);
    renderWith(<CreateOrganizationDialog open canSetType onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Create Organization' });
    await user.type(within(dialog).getByLabelText(/Organization Name/), 'Plain Practice');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/organizations/43'));
    expect(posts()[0]?.body).toEqual({ name: 'Plain Practice', account_number: null });
  });
});

describe('Add Member', () => {
  it('searches users 500 ms after typing stops, adds the picked user with the default role', async () => {
    const user = userEvent.setup();
    handler = (url, init) => {
      if (url.pathname.endsWith('/users')) {
        const q = url.searchParams.get('searchFullNameEmailQuery') ?? '';
        const all = [listUser(11, 'Olivia'), listUser(21, 'Anna'), listUser(22, 'Annabel')];
        const data = all.filter((u) => u.full_name.toLowerCase().includes(q.toLowerCase()));
        return json({
          users: { data, meta: { current_page: 1, per_page: 20, total: data.length, last_page: 1 } },
        });
      }
      if (url.pathname.endsWith('/organizations/7/add_member') && init?.method === 'POST')
        return json({ user: member(21, 'Anna'), message: ORGANIZATION_MESSAGES.memberAdded });
      return json({ message: 'Not found.' }, 404);
    };
    const onClose = vi.fn();
    renderWith(
      <AddMemberDialog organizationId={7} memberIds={[11]} canGrantManager={false} open onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Member' });
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveTextContent('Organization Member');
    const picker = within(dialog).getByRole('combobox', { name: /User/ });
    await user.type(picker, 'anna');
    await screen.findByRole('option', { name: /Annabel Doe/ });
    const searches = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .filter((u) => u.pathname.endsWith('/users'))
      .map((u) => u.searchParams.get('searchFullNameEmailQuery'));
    // Only the settled text is searched (plus the first open without text), never each keystroke.
    expect(searches.filter((q) => q && q !== 'anna')).toEqual([]);
    await user.click(screen.getByRole('option', { name: /^Anna Doe/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([
      {
        url: expect.stringContaining('/organizations/7/add_member'),
        body: { user_id: 21, role: 'organization_member' },
      },
    ]);
  });

  it('asks for a user and offers the manager role only to those who may grant it', async () => {
    const user = userEvent.setup();
    handler = (url, init) => {
      if (url.pathname.endsWith('/users'))
        return json({
          users: {
            data: [listUser(11, 'Olivia'), listUser(31, 'Zed')],
            meta: { current_page: 1, per_page: 20, total: 2, last_page: 1 },
          },
        });
      if (url.pathname.endsWith('/add_member') && init?.method === 'POST')
        return json(
          {
            message: ORGANIZATION_MESSAGES.alreadyMember,
            errors: { user_id: [ORGANIZATION_MESSAGES.alreadyMember] },
          },
          422,
        );
      return json({ message: 'Not found.' }, 404);
    };
    renderWith(
      <AddMemberDialog organizationId={7} memberIds={[11]} canGrantManager={false} open onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    const roles = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(roles).toEqual(['Organization Owner', 'Organization Member']);
    await user.keyboard('{Escape}');
  });

  it('marks current members as such and shows the server refusal on the picker', async () => {
    const user = userEvent.setup();
    handler = (url, init) => {
      if (url.pathname.endsWith('/users'))
        return json({
          users: {
            data: [listUser(11, 'Olivia'), listUser(31, 'Zed')],
            meta: { current_page: 1, per_page: 20, total: 2, last_page: 1 },
          },
        });
      if (url.pathname.endsWith('/add_member') && init?.method === 'POST')
        return json(
          {
            message: ORGANIZATION_MESSAGES.alreadyMember,
            errors: { user_id: [ORGANIZATION_MESSAGES.alreadyMember] },
          },
          422,
        );
      return json({ message: 'Not found.' }, 404);
    };
    renderWith(
      <AddMemberDialog organizationId={7} memberIds={[11]} canGrantManager={false} open onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Member' });
    await user.click(within(dialog).getByRole('combobox', { name: /User/ }));
    const olivia = await screen.findByRole('option', { name: /Olivia Doe.*already a member/ });
    expect(olivia).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: /Zed Doe/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(await within(dialog).findByText(ORGANIZATION_MESSAGES.alreadyMember)).toBeInTheDocument();
  });
});

describe('Invite User', () => {
  it('keeps Invite disabled until a valid e-mail, sends the default role, resets on success', async () => {
    const user = userEvent.setup();
    handler = (url, init) =>
      url.pathname.endsWith('/organizations/7/invite') && init?.method === 'POST'
        ? json({ organization, message: ORGANIZATION_MESSAGES.invited })
        : json({ message: 'Not found.' }, 404);
    const onClose = vi.fn();
    renderWith(<InviteUserDialog organizationId={7} open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Invite User' });
    const invite = within(dialog).getByRole('button', { name: 'Invite' });
    expect(invite).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    expect(invite).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/Email/));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Organization Owner',
      'Organization Member',
    ]);
    await user.keyboard('{Escape}');
    await user.type(within(dialog).getByLabelText(/Email/), 'new.doctor@example.test');
    await waitFor(() => expect(invite).toBeEnabled());
    await user.click(invite);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([
      {
        url: expect.stringContaining('/organizations/7/invite'),
        body: { email: 'new.doctor@example.test', role: 'organization_member' },
      },
    ]);
  });
});

describe('the member table', () => {
  it('edit leads to /users/{id}; Add Member and Invite User only when allowed', () => {
    const { unmount } = renderWith(<MembersCard organization={organization} />);
    expect(screen.getByRole('link', { name: 'Edit Olivia Doe' })).toHaveAttribute('href', '/users/11');
    expect(screen.queryByRole('button', { name: 'Add Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
    unmount();
    renderWith(<MembersCard organization={organization} canAddMember canInvite />);
    expect(screen.getByRole('button', { name: 'Add Member' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite User' })).toBeInTheDocument();
  });
});
