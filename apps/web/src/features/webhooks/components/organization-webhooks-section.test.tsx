import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const held = vi.hoisted(() => ({
  roles: ['admin'] as string[],
  permissions: new Set<string>(['organization.webhooks.manage']),
}));
vi.mock('../../../session/session.tsx', () => ({
  useSession: () => ({ user: { roles: held.roles.map((name) => ({ name })) } }),
}));
vi.mock('../../../session/me.ts', () => ({
  roleNames: (u: { roles: { name: string }[] }) => u.roles.map((r) => r.name),
}));
vi.mock('../../../session/permissions.ts', () => ({
  usePermissions: () => ({
    permissions: held.permissions,
    can: (...anyOf: string[]) => anyOf.some((p) => held.permissions.has(p)),
  }),
}));
const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('../../../lib/notify.tsx', () => notify);

const { OrganizationWebhooksSection } = await import('./organization-webhooks-section.tsx');

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  let offer = { offered: false, enabled: false, endpoints: 0 };
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const { offered } = JSON.parse(String(init.body)) as { offered: boolean };
      offer = { ...offer, offered };
      return json({
        ...offer,
        message: offered ? 'Webhooks are now offered to this practice.' : 'Withdrawn',
      });
    }
    return json(offer);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  held.roles = ['admin'];
});

function renderSection(readOnly = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <OrganizationWebhooksSection organizationId={12} readOnly={readOnly} />
    </QueryClientProvider>,
  );
}

describe('OrganizationWebhooksSection', () => {
  it('offers webhooks to the practice with the switch, and says what the practice has', async () => {
    const user = userEvent.setup();
    renderSection();
    const toggle = await screen.findByRole('switch', { name: 'Offer webhooks to this practice' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/The practice has no Webhooks tab\./)).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')!;
    expect(String(put[0])).toContain('/organizations/12/webhooks/offer');
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({ offered: true });
    expect(notify.notifySuccess).toHaveBeenCalledWith('Webhooks are now offered to this practice.');
    expect(screen.getByText(/has not switched webhooks on \(0 endpoints\)/)).toBeInTheDocument();
  });

  it('is read-only for an archived organization, and absent for a practice user', async () => {
    const { unmount } = renderSection(true);
    expect(await screen.findByRole('switch', { name: 'Offer webhooks to this practice' })).toBeDisabled();
    unmount();
    held.roles = ['doctor'];
    renderSection();
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
