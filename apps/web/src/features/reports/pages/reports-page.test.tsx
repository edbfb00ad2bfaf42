import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORTS, REPORT_MESSAGES } from '@archline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const held = vi.hoisted(() => ({ permissions: new Set<string>() }));
vi.mock('../../../session/permissions.ts', () => ({
  usePermissions: () => ({
    permissions: held.permissions,
    can: (...anyOf: string[]) => anyOf.some((p) => held.permissions.has(p)),
  }),
}));

const { ReportsPage, formatBytes } = await import('./reports-page.tsx');

function renderPage() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ReportsPage />
    </QueryClientProvider>,
  );
}

function csvResponse(text: string, fileName: string): Response {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, 5));
      controller.enqueue(bytes.slice(5));
      controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${fileName}"` },
  });
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let clicked: string[];

beforeEach(() => {
  held.permissions = new Set(REPORTS.map((r) => `reports.${r.key}.export`));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  clicked = [];
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the reports page', () => {
  it('lists each report with its description, and labelled date fields', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    for (const r of REPORTS) {
      const radio = screen.getByRole('radio', { name: r.label });
      expect(radio).toHaveAccessibleDescription(r.description);
    }
    expect(screen.getByRole('radio', { name: 'Technicians' })).toBeChecked();
    expect(screen.getByLabelText(/^From/)).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText(/^To/)).toHaveAttribute('type', 'date');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('a report the user may not export cannot be chosen', () => {
    held.permissions = new Set(['reports.invoices.export']);
    renderPage();
    expect(screen.getByRole('radio', { name: 'Technicians' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Invoices' })).toBeChecked();
  });

  it('shows the date rules next to the fields before asking the server', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.clear(screen.getByLabelText(/^From/));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^From/)).toHaveAccessibleDescription('Required');

    await user.type(screen.getByLabelText(/^From/), '2026-02-10');
    const to = screen.getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText(REPORT_MESSAGES.dateOrder)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('downloads the chosen report under the server file name, sending the range and the time zone', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(csvResponse('\uFEFFA,B\r\n1,2\r\n', 'invoices-2026-01-01-2026-01-31.csv'));
    renderPage();
    await user.click(screen.getByRole('radio', { name: 'Invoices' }));
    const from = screen.getByLabelText(/^From/);
    await user.clear(from);
    await user.type(from, '2026-01-01');
    const to = screen.getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '2026-01-31');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(clicked).toEqual(['invoices-2026-01-01-2026-01-31.csv']));
    expect(await screen.findByText(/Saved invoices-2026-01-01-2026-01-31\.csv/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/services/api/v2/export-reports/invoices');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    // A range the form then refuses clears the earlier outcome.
    await user.clear(to);
    await user.type(to, '2025-12-31');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText(REPORT_MESSAGES.dateOrder)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows progress while the file streams', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    fetchMock.mockResolvedValue(
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('x'.repeat(2048)));
            finish = () => controller.close();
          },
        }),
        { status: 200, headers: { 'content-disposition': 'attachment; filename="technicians-a-b.csv"' } },
      ),
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('button', { name: 'Downloading...' })).toBeDisabled();
    expect(await screen.findByText('Preparing Technicians: 2.0 KB received')).toBeInTheDocument();
    finish();
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it("puts the server's field message next to its field and any other message in an alert", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        message: REPORT_MESSAGES.dateOrder,
        errors: { date_to: [REPORT_MESSAGES.dateOrder] },
      }),
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText(REPORT_MESSAGES.dateOrder)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: 'This action is unauthorized.' }));
    await user.type(screen.getByLabelText(/^To/), '{backspace}');
    await user.clear(screen.getByLabelText(/^To/));
    await user.type(screen.getByLabelText(/^To/), '2099-12-31');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This action is unauthorized.');
  });

  it('a transfer that breaks off says so and saves nothing', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('A,B\r\n'));
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200 },
      ),
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REPORT_MESSAGES.interrupted);
    expect(clicked).toEqual([]);
  });

  it('formats byte counts', () => {
    expect(formatBytes(950)).toBe('950 B');
    expect(formatBytes(12_700)).toBe('12.4 KB');
    expect(formatBytes(3_250_000)).toBe('3.1 MB');
  });
});
