import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ANNOUNCEMENT_MAX_LENGTH, ANNOUNCEMENT_MAX_LENGTH_MESSAGE } from '@archline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnnouncementsSettings } from './announcements-settings.tsx';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify.tsx', () => ({ notifySuccess: notify.success, notifyError: notify.error }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const doctorAnnouncement = {
  id: 3,
  body: 'Closed on Friday',
  visibility: 'doctor',
  updated_at: '2026-11-20T10:00:00.000Z',
  last_updated_by: 'Sam Admin',
};

let list: unknown[];
let puts: unknown[];
beforeEach(() => {
  list = [doctorAnnouncement];
  puts = [];
  notify.success.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { visibility: string; body: string };
        puts.push(body);
        if (!body.body) {
          list = list.filter((a) => (a as { visibility: string }).visibility !== body.visibility);
          return json({ message: 'Announcement successfully deleted.', announcement: null });
        }
        const saved = { ...doctorAnnouncement, id: 9, ...body, updated_at: new Date().toISOString() };
        list = [...list.filter((a) => (a as { visibility: string }).visibility !== body.visibility), saved];
        return json({ message: 'Announcement successfully updated.', announcement: saved });
      }
      if (u.pathname.endsWith('/settings/announcements') && u.searchParams.get('scope') === 'all')
        return json({ announcements: list });
      return json({ message: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AnnouncementsSettings />
    </QueryClientProvider>,
  );
}

describe('Settings: Announcements', () => {
  it('shows the doctor and the internal announcement with who last updated them', async () => {
    renderTab();
    const doctor = await screen.findByRole('region', { name: 'Doctor Announcement' });
    expect(within(doctor).getByRole('textbox', { name: 'Doctor Announcement text' })).toHaveValue(
      'Closed on Friday',
    );
    expect(within(doctor).getByText(/by Sam Admin/)).toBeInTheDocument();
    const internal = screen.getByRole('region', { name: 'Internal Announcement' });
    expect(within(internal).getByRole('textbox')).toHaveValue('');
    expect(within(internal).getByText(/No announcement is shown/)).toBeInTheDocument();
    // Nothing to save until the text changes; nothing to delete without an announcement.
    expect(within(doctor).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(internal).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('creates the internal announcement and shows the server message', async () => {
    const user = userEvent.setup();
    renderTab();
    const internal = await screen.findByRole('region', { name: 'Internal Announcement' });
    await user.type(within(internal).getByRole('textbox'), 'Inventory count on Monday');
    await user.click(within(internal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Announcement successfully updated.'));
    expect(puts).toEqual([{ visibility: 'internal', body: 'Inventory count on Monday' }]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Internal Announcement' })).getByRole('button', {
          name: 'Delete',
        }),
      ).toBeInTheDocument(),
    );
  });

  it('deletes the doctor announcement after confirmation', async () => {
    const user = userEvent.setup();
    renderTab();
    const doctor = await screen.findByRole('region', { name: 'Doctor Announcement' });
    await user.click(within(doctor).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Announcement successfully deleted.'));
    expect(puts).toEqual([{ visibility: 'doctor', body: '' }]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Doctor Announcement' })).getByRole('textbox'),
      ).toHaveValue(''),
    );
  });

  it(`refuses more than ${ANNOUNCEMENT_MAX_LENGTH} characters with the spec's message`, async () => {
    renderTab();
    const doctor = await screen.findByRole('region', { name: 'Doctor Announcement' });
    const box = within(doctor).getByRole('textbox');
    // Typing sixteen million characters is too slow: set the value the way a paste would.
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(box, { target: { value: 'a'.repeat(ANNOUNCEMENT_MAX_LENGTH + 1) } });
    expect(await within(doctor).findByText(ANNOUNCEMENT_MAX_LENGTH_MESSAGE)).toBeInTheDocument();
    expect(within(doctor).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
