import '@testing-library/jest-dom/vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRAY_CORRECTION_MESSAGES } from '@archline/contracts/tray-corrections';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrayCorrectionStatus } from '../api/tray-correction.ts';
import { TrayCorrectionCard } from './tray-correction-card.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const available: TrayCorrectionStatus = {
  permitted: true,
  available: true,
  reason: null,
  ios_file_id: 41,
  organization_id: 7,
  requests: [],
};
const created = {
  id: 90,
  status_id: 1,
  status: 'New',
  flawed_trays_status: 'PENDING' as const,
  arches: [2],
  created_at: '2026-11-25T10:00:00.000Z',
};

let state: TrayCorrectionStatus;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  state = available;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (String(url).endsWith('/tray-correction')) return json({ tray_correction: state });
    if (String(url).endsWith('/organizations/7/arch') && init?.method === 'POST') {
      state = {
        ...available,
        available: false,
        reason: TRAY_CORRECTION_MESSAGES.pendingFlawedTray,
        requests: [created],
      };
      return json({ message: TRAY_CORRECTION_MESSAGES.requested, customer_request: created }, 201);
    }
    return json({ message: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TrayCorrectionCard patientId={5} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Request Tray Correction on patient details', () => {
  it('enables Send Request only once an arch is ticked, sends it, then links to the new request', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Request Tray Correction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Tray Correction' });
    const send = within(dialog).getByRole('button', { name: 'Send Request' });
    expect(send).toBeDisabled();
    const lower = within(dialog).getByRole('checkbox', { name: 'Mandibular (lower arch)' });
    await user.click(lower);
    expect(send).toBeEnabled();
    await user.click(lower);
    expect(send).toBeDisabled();
    await user.click(lower);
    await user.click(send);

    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    )!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({
      patient_id: 5,
      location_id: null,
      arches: [
        {
          jaw_type_id: 2,
          ios_file_id: 41,
          is_flawed: true,
          print_id: 2,
          expedited_shipping: false,
          insert_brackets: false,
        },
      ],
    });
    const links = await screen.findAllByRole('link', { name: /#90/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/requests/90', '/requests/90']);
    expect(screen.queryByRole('button', { name: 'Request Tray Correction' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Flawed trays pending')).toBeInTheDocument();
  });

  it('keeps the action disabled, with its reason, when the case has several IOS files', async () => {
    state = {
      ...available,
      available: false,
      reason: TRAY_CORRECTION_MESSAGES.multipleIosFiles,
      ios_file_id: null,
    };
    const user = userEvent.setup();
    renderCard();
    const button = await screen.findByRole('button', { name: 'Request Tray Correction' });
    expect(button).toBeDisabled();
    await user.hover(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Multiple IOS files have been found.');
    await user.unhover(button.parentElement!);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('hides the action when another condition fails, and the card without permission or requests', async () => {
    state = { ...available, available: false, reason: TRAY_CORRECTION_MESSAGES.noStlFile };
    const { unmount } = renderCard();
    expect(await screen.findByText('No tray corrections requested.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Tray Correction' })).not.toBeInTheDocument();
    unmount();
    state = { ...available, permitted: false, available: false };
    const { container } = renderCard();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    // Let the answer render before looking (and before the test's window goes away).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container).toBeEmptyDOMElement();
  });
});
