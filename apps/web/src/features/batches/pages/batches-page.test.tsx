import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BATCH_MESSAGES,
  BATCHES_DEFAULT_PAGE_SIZE,
  type BatchListItem,
  type ListBatchesResponse,
} from '@archline/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const held = vi.hoisted(() => ({ permissions: new Set<string>(['batches.view', 'printing-files.view']) }));
vi.mock('../../../session/permissions.ts', () => ({
  usePermissions: () => ({
    permissions: held.permissions,
    can: (...anyOf: string[]) => anyOf.some((p) => held.permissions.has(p)),
  }),
}));

const { BatchesPage } = await import('./batches-page.tsx');

function item(id: number, patch: Partial<BatchListItem> = {}): BatchListItem {
  return {
    id,
    name: `Batch ${id}`,
    status: 'new',
    notes: null,
    number_of_cases: 2,
    created_at: '2024-01-08T20:15:00.000Z',
    ...patch,
  };
}

function page(data: BatchListItem[], total = data.length, current = 1): ListBatchesResponse {
  const perPage = BATCHES_DEFAULT_PAGE_SIZE;
  return {
    data,
    total,
    meta: {
      current_page: current,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
    },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/batches']}>
        <Routes>
          <Route path="/batches" element={<BatchesPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
const urls = () => fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost'));
const lastUrl = () => urls().at(-1)!;

// Dates show in the user's time zone: the tests fix it, so 20:15 UTC reads 03:15pm.
beforeAll(() => vi.stubEnv('TZ', 'America/New_York'));
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const current = Number(url.searchParams.get('page') ?? 1);
    if (current === 2) return json(page([item(11)], 11, 2));
    return json(page([item(3, { name: 'Week 12', status: 'in_progress', number_of_cases: 4 }), item(2)], 11));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the batches page', () => {
  it('lists the batches with their status, cases and creation time in the user time zone', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Batches' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Batches' });
    expect(within(table).getByText('Loading...')).toBeInTheDocument();

    const rows = await screen.findAllByTestId('batch-row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['3', 'Week 12', 'In Progress', '4', 'Mon 03:15pm 08-Jan-2024']);

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Batch ID', 'Name', 'Status', '# of Cases', 'Creation', 'Actions']);
    // Only Batch ID, Name and Creation sort; the list opens newest first.
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['Batch ID', 'Name', 'Creation']));
    expect(within(table).queryByRole('button', { name: 'Status' })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Creation/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    const url = lastUrl();
    expect(url.pathname).toBe('/services/api/v2/batches');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'all',
      orderBy: 'created_at',
      order: 'desc',
      page: '1',
      perPage: String(BATCHES_DEFAULT_PAGE_SIZE),
    });
  });

  it('View opens the batch', async () => {
    const user = userEvent.setup();
    renderPage();
    const view = await screen.findByRole('link', { name: 'View batch Week 12' });
    expect(view).toHaveAttribute('href', '/batches/3');
    await user.click(view);
    expect(screen.getByTestId('where')).toHaveTextContent('/batches/3');
  });

  it('searches by name once typing pauses', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('batch-row');
    const search = screen.getByRole('searchbox', { name: 'Search by batch name' });
    expect(search).toHaveAttribute('placeholder', 'Batch Name');
    await user.type(search, 'Week');
    // Nothing is asked per keystroke.
    expect(urls().some((u) => u.searchParams.has('searchByName'))).toBe(false);
    await waitFor(() => expect(lastUrl().searchParams.get('searchByName')).toBe('Week'), { timeout: 2000 });
    expect(urls().filter((u) => u.searchParams.has('searchByName'))).toHaveLength(1);
  });

  it('filters by status with the toggle, All by default', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('batch-row');
    const group = screen.getByRole('group', { name: 'Status' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['New', 'In Progress', 'Completed', 'All']);
    expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(group).getByRole('button', { name: 'Completed' }));
    await waitFor(() => expect(lastUrl().searchParams.get('status')).toBe('completed'));
    await user.click(within(group).getByRole('button', { name: 'In Progress' }));
    await waitFor(() => expect(lastUrl().searchParams.get('status')).toBe('in_progress'));
  });

  it('sorts by a column, then the other way', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('batch-row');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastUrl().searchParams.get('orderBy')).toBe('name'));
    expect(lastUrl().searchParams.get('order')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastUrl().searchParams.get('order')).toBe('desc'));
    await user.click(screen.getByRole('button', { name: 'Batch ID' }));
    await waitFor(() => expect(lastUrl().searchParams.get('orderBy')).toBe('id'));
  });

  it('pages through the list ten at a time', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('batch-row');
    expect(screen.getByText('1–10 of 11')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastUrl().searchParams.get('page')).toBe('2'));
    expect(await screen.findByText('Batch 11')).toBeInTheDocument();
    expect(screen.getByText('11–11 of 11')).toBeInTheDocument();
  });

  it('says when no batch matches', async () => {
    fetchMock.mockImplementation(async () => json(page([])));
    renderPage();
    expect(await screen.findByText(BATCH_MESSAGES.noBatches)).toBeInTheDocument();
  });
});

describe('the way to the printing files', () => {
  it('staff who may view printing files get a Printing Files link to /printing-files', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('link', { name: 'Printing Files' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/printing-files');
  });

  it('is not offered without printing-files.view', async () => {
    held.permissions = new Set(['batches.view']);
    try {
      renderPage();
      expect(await screen.findByText('Week 12')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Printing Files' })).not.toBeInTheDocument();
    } finally {
      held.permissions = new Set(['batches.view', 'printing-files.view']);
    }
  });
});
