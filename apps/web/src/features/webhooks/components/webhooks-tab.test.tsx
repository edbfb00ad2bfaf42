import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeUser } from '../../../session/me.ts';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('../../../lib/notify.tsx', () => notify);

const { WebhooksTab } = await import('./webhooks-tab.tsx');

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's switch, and the answer to the switch's POST, which the test releases. */
let serverEnabled = true;
let release: ((response: Response) => void) | null = null;

/** Answers the switch's POST once it has reached the server. */
async function answer(response: Response) {
  await waitFor(() => expect(release).not.toBeNull());
  release!(response);
  release = null;
}

beforeEach(() => {
  serverEnabled = true;
  release = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST' && url.endsWith('/webhooks/set-enable')) {
        const { value } = JSON.parse(String(init.body)) as { value: boolean };
        return new Promise<Response>((resolve) => {
          release = (response) => {
            if (response.ok) serverEnabled = value;
            resolve(response);
          };
        });
      }
      if (url.includes('/webhooks/deliveries'))
        return json({ data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } });
      if (url.endsWith('/webhooks')) return json({ webhooks_enabled: serverEnabled, webhooks: [] });
      return json({});
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  notify.notifySuccess.mockReset();
  notify.notifyError.mockReset();
});

function renderTab() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = { current_organization_id: 7, organizations: [{ id: 7 }] } as unknown as MeUser;
  render(
    <QueryClientProvider client={client}>
      <WebhooksTab user={user} />
    </QueryClientProvider>,
  );
}

describe('WebhooksTab, the enable switch', () => {
  it('moves with the click, waits for the server, then shows what the server saved', async () => {
    renderTab();
    const toggle = screen.getByRole('switch', { name: 'Enable webhooks' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();

    fireEvent.click(toggle);
    // In the same render as the click: off, and no second click while the server answers.
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();

    await answer(json({ message: 'Webhooks disabled.', webhooks_enabled: false }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Webhooks disabled.'));
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
  });

  it('goes back to the saved state when the server refuses the change', async () => {
    renderTab();
    const toggle = screen.getByRole('switch', { name: 'Enable webhooks' });
    await waitFor(() => expect(toggle).toBeEnabled());

    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    await answer(json({ message: 'This action is unauthorized.' }, 403));
    await waitFor(() => expect(notify.notifyError).toHaveBeenCalled());
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
  });
});
