import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BATCH_MESSAGES, BATCH_UNFINISHED_CODE } from '@archline/contracts';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { snackbars } from '../../../lib/snackbar-host.tsx';
import { CreateBatchDialog } from './create-batch-dialog.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<(url: string, init?: RequestInit) => Promise<Response>>;
const posted = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    path: String(url),
    method: init?.method,
    body: JSON.parse(String(init?.body)) as unknown,
  }));

beforeEach(() => {
  fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  const { closeSnackbar } = await snackbars;
  act(() => closeSnackbar());
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The case list's use: the dialog closes once the batch exists. */
function Harness({
  patientIds,
  onClose,
  onCreated,
}: {
  patientIds: number[];
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <CreateBatchDialog
      open={open}
      patientIds={patientIds}
      onClose={onClose}
      onCreated={(id) => {
        onCreated(id);
        setOpen(false);
      }}
    />
  );
}

function renderDialog(patientIds = [5, 6, 7]) {
  const handlers = { onClose: vi.fn(), onCreated: vi.fn() };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/patients-page']}>
        <Routes>
          <Route path="/patients-page" element={<Harness patientIds={patientIds} {...handlers} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return handlers;
}

describe('the create batch dialog', () => {
  it('asks for a name before creating', async () => {
    const user = userEvent.setup();
    const { onCreated } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Create Batch' });
    expect(dialog).toHaveAccessibleDescription('3 cases selected.');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(BATCH_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      BATCH_MESSAGES.nameRequired,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('warns about unfinished tray generations, proceeds on request and offers the new batch', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(
        json({ message: BATCH_MESSAGES.unfinishedTrayGeneration, code: BATCH_UNFINISHED_CODE }, 409),
      )
      .mockResolvedValueOnce(json({ message: BATCH_MESSAGES.created, data: { id: 42 } }, 201));
    const { onCreated } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Create Batch' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Week 12 ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText(BATCH_MESSAGES.unfinishedTrayGeneration)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(onCreated).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(42));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual([
      { path: '/services/api/v2/batches', method: 'POST', body: { name: 'Week 12', patients: [5, 6, 7] } },
      {
        path: '/services/api/v2/batches',
        method: 'POST',
        body: { name: 'Week 12', patients: [5, 6, 7], proceed: true },
      },
    ]);
    // The snackbar says so with a link to the batch.
    expect(await screen.findByText(BATCH_MESSAGES.created)).toBeInTheDocument();
    const visit = await screen.findByRole('link', { name: BATCH_MESSAGES.visitBatch });
    expect(visit).toHaveAttribute('href', '/batches/42');
    await user.click(visit);
    expect(await screen.findByTestId('where')).toHaveTextContent('/batches/42');
  });

  it('Cancel on the warning goes back to the name, creating nothing', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      json({ message: BATCH_MESSAGES.unfinishedTrayGeneration, code: BATCH_UNFINISHED_CODE }, 409),
    );
    const { onCreated } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Create Batch' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Week 12');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Week 12');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("puts the server's message for the name under the field, and any other in a snackbar", async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(
        json({ message: BATCH_MESSAGES.nameTooLong, errors: { name: [BATCH_MESSAGES.nameTooLong] } }, 422),
      )
      .mockResolvedValueOnce(
        json(
          { message: BATCH_MESSAGES.alreadyBatched, errors: { patients: [BATCH_MESSAGES.alreadyBatched] } },
          422,
        ),
      );
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Create Batch' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Week 12');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(BATCH_MESSAGES.nameTooLong)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(BATCH_MESSAGES.alreadyBatched)).toBeInTheDocument();
    expect(within(dialog).queryByText(BATCH_MESSAGES.alreadyBatched)).not.toBeInTheDocument();
  });

  it('needs at least two cases', () => {
    renderDialog([5]);
    const dialog = screen.getByRole('dialog', { name: 'Create Batch' });
    expect(within(dialog).getByText(BATCH_MESSAGES.minCases)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
  });
});
