import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BATCH_MESSAGES,
  removeCaseQuestion,
  type Batch,
  type BatchCase,
  type BatchCaseNextStep,
} from '@archline/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('../../../lib/notify.tsx', () => ({
  notifySuccess: notify.notifySuccess,
  notifyError: notify.notifyError,
  notifySuccessWithLink: vi.fn(),
}));

const { BatchPage } = await import('./batch-page.tsx');
const { createQueryClient } = await import('../../../lib/query-client.ts');

function next(patch: Partial<BatchCaseNextStep> = {}): BatchCaseNextStep {
  return { id: 1, step: 2, process: 'Print', tech_name: null, time_start: null, time_end: null, ...patch };
}

function batchCase(id: number, name: string, step: BatchCaseNextStep | null): BatchCase {
  return {
    id,
    name,
    organization_name: 'Bright Smiles',
    printing_request_id: id * 10,
    print_workflow: { next_step: step },
  };
}

function batch(patch: Partial<Batch> = {}): Batch {
  return {
    id: 7,
    name: 'Week 12',
    status: 'new',
    notes: null,
    number_of_cases: 2,
    created_at: '2024-01-08T20:15:00.000Z',
    tech_workflow_id: null,
    created_by: { id: 1, full_name: 'Ada Admin' },
    cases: [
      batchCase(21, 'Jane Roe', null),
      batchCase(22, 'John Doe', next({ tech_name: 'Taylor Tech' })),
      batchCase(23, 'Sam Poe', next({ step: 3, process: 'Trim' })),
    ],
    ...patch,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (method: string, path: string, body: unknown) => Response | Promise<Response>;
let handler: Handler;
type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
let fetchMock: Mock<Fetch>;
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    method: init?.method ?? 'GET',
    path: new URL(url, 'http://localhost').pathname.replace('/services/api/v2', ''),
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  }));

beforeEach(() => {
  handler = (_method, path) =>
    path.endsWith('/workflow') ? json({ message: 'Not found.' }, 404) : json({ data: batch() });
  fetchMock = vi.fn<Fetch>(async (url: string, init?: RequestInit) =>
    handler(
      init?.method ?? 'GET',
      new URL(url, 'http://localhost').pathname.replace('/services/api/v2', ''),
      init?.body ? JSON.parse(String(init.body)) : undefined,
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  notify.notifySuccess.mockClear();
  notify.notifyError.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(path = '/batches/7') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/batches/:id" element={<BatchPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const updateButton = () => screen.getByRole('button', { name: 'Update' });

describe('the batch page', () => {
  it('shows the batch form: name, read-only status and notes; Update waits for a change', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading batch...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Week 12' })).toBeInTheDocument();
    expect(nameField()).toHaveValue('Week 12');
    expect(nameField()).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Status' })).toHaveValue('New');
    expect(screen.getByRole('textbox', { name: 'Status' })).toHaveAttribute('readonly');
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes.tagName).toBe('TEXTAREA');
    expect(notes).toHaveAttribute('rows', '4');
    expect(updateButton()).toBeDisabled();
  });

  it("says 'Name is required' under an emptied name; Update needs a valid change", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Week 12' });
    await user.clear(nameField());
    expect(await screen.findByText(BATCH_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(nameField()).toHaveAccessibleDescription(BATCH_MESSAGES.nameRequired);
    expect(updateButton()).toBeDisabled();

    await user.type(nameField(), 'Week 12');
    // Back to what is stored: nothing to update.
    await waitFor(() => expect(screen.queryByText(BATCH_MESSAGES.nameRequired)).not.toBeInTheDocument());
    expect(updateButton()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Rush');
    await waitFor(() => expect(updateButton()).toBeEnabled());
  });

  it('updates the batch, says so and shows what the server stored', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Week 12' });
    handler = (method) =>
      method === 'PUT'
        ? json({ message: BATCH_MESSAGES.updated, data: batch({ name: 'Week 13', notes: 'Rush' }) })
        : json({ data: batch({ name: 'Week 13', notes: 'Rush' }) });
    await user.clear(nameField());
    await user.type(nameField(), '  Week 13 ');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Rush');
    await user.click(updateButton());

    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(BATCH_MESSAGES.updated));
    expect(calls().find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/batches/7',
      body: { name: 'Week 13', status: 'new', notes: 'Rush' },
    });
    expect(nameField()).toHaveValue('Week 13');
    expect(await screen.findByRole('heading', { level: 1, name: 'Week 13' })).toBeInTheDocument();
    await waitFor(() => expect(updateButton()).toBeDisabled());
  });

  it("a refused update shows the server's message and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Week 12' });
    handler = (method) =>
      method === 'PUT' ? json({ message: 'The name has already been taken.' }, 422) : json({ data: batch() });
    await user.clear(nameField());
    await user.type(nameField(), 'Week 9');
    await user.click(updateButton());

    await waitFor(() => expect(notify.notifyError).toHaveBeenCalledTimes(1));
    const error = notify.notifyError.mock.calls[0]![0] as Error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('The name has already been taken.');
    expect(notify.notifySuccess).not.toHaveBeenCalled();
    expect(nameField()).toHaveValue('Week 9');
    expect(updateButton()).toBeEnabled();
  });

  it('lists the cases with their next print step and a workflow link that opens a new window', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Cases' });
    const rows = within(table).getAllByTestId('batch-case-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Finished',
      '[2] Print',
      '[3] Trim',
    ]);
    const view = within(rows[1]!).getByRole('link', { name: 'View workflow of John Doe' });
    expect(view).toHaveAttribute('href', '/patient-workflow/22');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view.getAttribute('rel')).toContain('noopener');
    // Highlighted: the next step has a technician.
    expect(view).toHaveAttribute('data-underway', 'true');
    expect(view).toHaveAccessibleDescription('View workflow (next step under way)');
    const idle = within(rows[2]!).getByRole('link', { name: 'View workflow of Sam Poe' });
    expect(idle).not.toHaveAttribute('data-underway');
    for (const row of rows) expect(within(row).getByRole('button', { name: /^Remove / })).toBeEnabled();
  });

  it('removes a case after confirmation and reads the batch again', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Cases' });
    handler = (method) =>
      method === 'DELETE'
        ? json({ message: BATCH_MESSAGES.caseRemoved, batch_removed: false })
        : json({ data: batch({ cases: batch().cases.slice(0, 2) }) });
    await user.click(screen.getByRole('button', { name: 'Remove John Doe from the batch' }));
    const dialog = await screen.findByRole('dialog', { name: BATCH_MESSAGES.removeTitle });
    expect(dialog).toHaveAccessibleDescription(removeCaseQuestion('John Doe'));
    expect(within(dialog).queryByText(BATCH_MESSAGES.lastCaseWarning)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(BATCH_MESSAGES.caseRemoved));
    expect(
      calls()
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.path),
    ).toEqual(['/batches/7/cases/22']);
    await waitFor(() => expect(screen.getAllByTestId('batch-case-row')).toHaveLength(2));
    expect(calls().filter((c) => c.method === 'GET' && c.path === '/batches/7')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('warns before removing the last case, then goes back to the list', async () => {
    const user = userEvent.setup();
    handler = (method) =>
      method === 'DELETE'
        ? json({ message: BATCH_MESSAGES.batchRemoved, batch_removed: true })
        : json({ data: batch({ number_of_cases: 1, cases: [batchCase(21, 'Jane Roe', null)] }) });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Jane Roe from the batch' }));
    const dialog = await screen.findByRole('dialog', { name: BATCH_MESSAGES.removeTitle });
    expect(within(dialog).getByText(removeCaseQuestion('Jane Roe'))).toBeInTheDocument();
    expect(within(dialog).getByText(BATCH_MESSAGES.lastCaseWarning)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByTestId('where')).toHaveTextContent('/batches');
    expect(notify.notifySuccess).toHaveBeenCalledWith(BATCH_MESSAGES.batchRemoved);
    // The batch is gone: it is not asked for again.
    expect(calls().filter((c) => c.method === 'GET' && c.path === '/batches/7')).toHaveLength(1);
  });

  it('offers no removal from a completed batch', async () => {
    handler = () => json({ data: batch({ status: 'completed' }) });
    renderPage();
    expect(await screen.findByText(BATCH_MESSAGES.completedBatch)).toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: /^Remove .* from the batch$/ }))
      expect(button).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Status' })).toHaveValue('Completed');
  });

  it('shows the not-found page for an address that names no batch', async () => {
    renderPage('/batches/abc');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the not-found page for a batch the server does not know', async () => {
    handler = () => json({ message: 'Not found.' }, 404);
    renderPage('/batches/99');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(calls().map((c) => c.path)).toEqual(['/batches/99']);
  });
});
