import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Batch, BatchWorkflowResponse, TechPendingTask, TechWorkflowProcess } from '@archline/contracts';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('../../../lib/notify.tsx', () => ({
  notifySuccess: notify.notifySuccess,
  notifyError: notify.notifyError,
  notifySuccessWithLink: vi.fn(),
}));

const { BatchPage } = await import('../pages/batch-page.tsx');
const { createQueryClient } = await import('../../../lib/query-client.ts');

const batch: Batch = {
  id: 7,
  name: 'Week 12',
  status: 'in_progress',
  notes: null,
  number_of_cases: 2,
  created_at: '2024-01-08T20:15:00.000Z',
  tech_workflow_id: 40,
  created_by: null,
  cases: [
    { id: 21, name: 'Jane Roe', organization_name: 'A', printing_request_id: 1, print_workflow: null },
    { id: 22, name: 'John Doe', organization_name: 'B', printing_request_id: 2, print_workflow: null },
  ],
};

function process(patch: Partial<TechWorkflowProcess>): TechWorkflowProcess {
  return {
    id: 401,
    tech_workflow_id: 40,
    step: 1,
    process: 'Generate Tray',
    status: 'PENDING',
    tech_name: null,
    user_id: null,
    started_at: null,
    finished_at: null,
    production_time: null,
    lag_time: null,
    has_started: false,
    has_finished: false,
    is_prerequisite_finished: true,
    next_step: true,
    can_start: true,
    can_finish: false,
    ...patch,
  };
}

function workflow(
  processes: TechWorkflowProcess[],
  o: { edit?: boolean; pending?: TechPendingTask | null } = {},
): BatchWorkflowResponse {
  return {
    tech_workflow: {
      id: 40,
      type: 'batch',
      batch_id: 7,
      created_at: '2024-01-08T20:15:00.000Z',
      updated_at: '2024-01-08T20:15:00.000Z',
      production_time: 0,
      finished: false,
      processes,
    },
    assignable_users: [{ id: 4, full_name: 'Taylor Tech' }],
    abilities: { work: true, edit: o.edit ?? false },
    pending_task: o.pending ?? null,
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

async function renderPage() {
  const rendered = render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/batches/7']}>
        <Routes>
          <Route path="/batches/:id" element={<BatchPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Week 12' });
  return rendered;
}

const card = () => screen.getByRole('region', { name: 'Workflow' });

describe('the batch’s workflow card', () => {
  it('is the page’s third card: loading, then the processes with their actions', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    handler = async (_m, path) => {
      if (path === '/batches/7/workflow') {
        await held;
        return json(
          workflow([
            process({}),
            process({
              id: 402,
              step: 2,
              process: 'Generate QA',
              status: 'NEW',
              can_start: false,
              next_step: false,
            }),
          ]),
        );
      }
      return json({ data: batch });
    };
    await renderPage();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Batch Details', 'Cases', 'Workflow']);
    expect(within(card()).getByRole('status')).toHaveTextContent('Loading workflow...');
    release();
    const table = await within(card()).findByRole('table', { name: 'Batch workflow' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Step',
      'Process',
      'Technician',
      'Status',
      'Started',
      'Finished',
      'Production Time',
      'Lag Time',
      'Actions',
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Generate Tray' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Start Generate Tray' })).toBeEnabled();
    expect(within(table).queryByRole('button', { name: 'Start Generate QA' })).toBeNull();
    // A technician does not edit the table.
    expect(within(table).queryByRole('button', { name: /^Edit/ })).toBeNull();
    // The table scrolls sideways on a narrow screen and is reachable by keyboard.
    expect(within(card()).getByRole('region', { name: 'Batch workflow, scrollable' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('starts a process, says so and reads the batch and its workflow again', async () => {
    let started = false;
    handler = (method, path) => {
      if (method === 'PATCH' && path === '/batches/7/workflow/processes/401/start') {
        started = true;
        return json({
          message: 'Process started.',
          process: process({ status: 'IN_PROGRESS', has_started: true, can_start: false, can_finish: true }),
        });
      }
      if (path === '/batches/7/workflow')
        return json(
          workflow([
            started
              ? process({
                  status: 'IN_PROGRESS',
                  tech_name: 'Taylor Tech',
                  started_at: '2024-01-09T10:00:00.000Z',
                  has_started: true,
                  can_start: false,
                  can_finish: true,
                })
              : process({}),
          ]),
        );
      return json({ data: batch });
    };
    await renderPage();
    const user = userEvent.setup();
    await user.click(await within(card()).findByRole('button', { name: 'Start Generate Tray' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Process started.'));
    expect(await within(card()).findByRole('button', { name: 'Finish Generate Tray' })).toBeEnabled();
    expect(within(card()).getByText('Taylor Tech')).toBeInTheDocument();
    const gets = calls().filter((c) => c.method === 'GET');
    expect(gets.filter((c) => c.path === '/batches/7')).toHaveLength(2);
    expect(gets.filter((c) => c.path === '/batches/7/workflow')).toHaveLength(2);
  });

  it('finishes a process; a refusal shows the server’s message and still reads the batch again', async () => {
    handler = (method, path) => {
      if (method === 'PATCH' && path.endsWith('/finish'))
        return json({ message: 'Only the assigned technician can finish this process.' }, 403);
      if (path === '/batches/7/workflow')
        return json(
          workflow([
            process({ status: 'IN_PROGRESS', has_started: true, can_start: false, can_finish: true }),
          ]),
        );
      return json({ data: batch });
    };
    await renderPage();
    const user = userEvent.setup();
    await user.click(await within(card()).findByRole('button', { name: 'Finish Generate Tray' }));
    await waitFor(() => expect(notify.notifyError).toHaveBeenCalled());
    expect(
      calls().some((c) => c.method === 'PATCH' && c.path === '/batches/7/workflow/processes/401/finish'),
    ).toBe(true);
    await waitFor(() => expect(calls().filter((c) => c.path === '/batches/7')).toHaveLength(2));
  });

  it('lets an admin edit a process’s technician through the dialog', async () => {
    handler = (method, path) => {
      if (method === 'PUT') return json({ message: 'Process updated.', process: process({ user_id: 4 }) });
      if (path === '/batches/7/workflow') return json(workflow([process({})], { edit: true }));
      return json({ data: batch });
    };
    await renderPage();
    const user = userEvent.setup();
    await user.click(await within(card()).findByRole('button', { name: 'Edit Generate Tray' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Technician' }));
    await user.click(await screen.findByRole('option', { name: 'Taylor Tech' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Process updated.'));
    expect(calls().find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/batches/7/workflow/processes/401',
      body: { user_id: 4 },
    });
  });

  it('names an unfinished task elsewhere, and says when the workflow cannot be read', async () => {
    handler = (_m, path) =>
      path === '/batches/7/workflow'
        ? json(
            workflow([process({})], {
              pending: {
                process_id: 9,
                process: 'S2',
                tech_workflow_id: 3,
                patient_id: 77,
                patient_name: 'Bo Li',
                batch_id: null,
                batch_name: null,
              },
            }),
          )
        : json({ data: batch });
    const first = await renderPage();
    expect(await within(card()).findByRole('link', { name: 'S2 on Bo Li' })).toHaveAttribute(
      'href',
      '/patient-workflow/77',
    );
    first.unmount();
    handler = (_m, path) =>
      path === '/batches/7/workflow' ? json({ message: 'Server error.' }, 500) : json({ data: batch });
    await renderPage();
    expect(await within(card()).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Server error.',
    );
  });
});
