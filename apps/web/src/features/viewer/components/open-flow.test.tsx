import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUPPORT_PHONE, VIEWER_OPEN_MESSAGES } from '@archline/contracts/installers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ViewerOpenFlow } from './open-flow.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const patient = (approved: boolean) => ({
  patient: {
    id: 5,
    first_name: 'Ana',
    last_name: 'Lopez',
    case_number_text: 'C-5',
    numeric_suffix: null,
    patient_status_id: 1,
    rx_form: {
      status_id: 3,
      ready_at: '2026-01-01',
      completed_at: approved ? '2026-01-02' : null,
      cancelled_at: null,
    },
  },
});

function mockApi(o: { approved: boolean; options: number[]; detected: boolean }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/patients/5')) return json(patient(o.approved));
      if (url.endsWith('/patients/5/viewer-options'))
        return json({ data: { organization_id: 9, allowed_dibs_options: o.options } });
      if (url.endsWith('/organizations/9/check-unstable-software-usage'))
        return json({
          data: {
            detected: o.detected,
            latest_installer: o.detected
              ? { version: '2.12.8', download_url: '/services/api/v2/installers/1/download?x=1' }
              : null,
          },
        });
      if (url.endsWith('/dibs-on-demand/generate-streaming-url'))
        return json({ streaming_url: '/dibs/online?q=5' });
      return json({ message: 'Not found.' }, 404);
    }),
  );
  return calls;
}

function renderFlow() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ViewerOpenFlow patientId={5} code="abc" />
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the DIBS open flow', () => {
  it('warns about an approved case, then the unstable version, then offers both options', async () => {
    mockApi({ approved: true, options: [1, 4], detected: true });
    renderFlow();
    const approved = await screen.findByRole('dialog', { name: 'Case Already Approved' });
    expect(approved).toHaveTextContent(VIEWER_OPEN_MESSAGES.approvedWarning);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const unstable = await screen.findByRole('dialog', { name: 'Unstable Version Usage Detected' });
    expect(unstable).toHaveTextContent('(2.12.8)');
    expect(unstable).toHaveTextContent(SUPPORT_PHONE);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('link', { name: 'Open via Desktop' })).toHaveAttribute(
      'href',
      'archline-dibs://open?code=abc&q=5',
    );

    const tab = { location: { href: '' }, opener: {}, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await userEvent.click(screen.getByRole('button', { name: /Open via Online/ }));
    await waitFor(() => expect(tab.location.href).toBe('/dibs/online?q=5'));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('checks an organization at most once a day', async () => {
    const first = mockApi({ approved: false, options: [1, 4], detected: false });
    renderFlow();
    await screen.findByRole('link', { name: 'Open via Desktop' });
    expect(first.filter((c) => c.includes('check-unstable-software-usage'))).toHaveLength(1);
    document.body.innerHTML = '';
    const second = mockApi({ approved: false, options: [1, 4], detected: true });
    renderFlow();
    await screen.findByRole('link', { name: 'Open via Desktop' });
    expect(second.filter((c) => c.includes('check-unstable-software-usage'))).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an error when the online viewer cannot start', async () => {
    mockApi({ approved: false, options: [1, 4], detected: false });
    const fetchMock = vi.mocked(globalThis.fetch);
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/generate-streaming-url')
        ? json({ message: VIEWER_OPEN_MESSAGES.onlineNotAllowed }, 403)
        : base(input, init),
    );
    renderFlow();
    const tab = { location: { href: '' }, opener: {}, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await userEvent.click(await screen.findByRole('button', { name: /Open via Online/ }));
    expect(await screen.findByText(VIEWER_OPEN_MESSAGES.onlineNotAllowed)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });
});
