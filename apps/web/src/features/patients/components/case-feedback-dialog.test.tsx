import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { snackbars } from '../../../lib/snackbar-host.tsx';
import { runClientResets } from '../../../lib/reset.ts';
import { CaseFeedbackDialog, FEEDBACK_ASKED_KEY } from './case-feedback-dialog.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<(url: string, init?: RequestInit) => Promise<Response>>;

function respond(showDisableOption: boolean) {
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).includes('/feedback-suggestion'))
      return json({ data: { patient: { id: 7, name: 'Sam Lee' }, showDisableOption } });
    if (String(url).includes('/submit-feedback') && init?.method === 'POST')
      return json({
        message: 'Thank you for your feedback!',
        data: { patient: { id: 7, name: 'Sam Lee' }, rating: 10, disabled: false },
      });
    return json({ message: 'Not found.' }, 404);
  });
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CaseFeedbackDialog organizationId={3} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.sessionStorage.clear();
  fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  const { closeSnackbar } = await snackbars;
  act(() => closeSnackbar());
});

describe('CaseFeedbackDialog', () => {
  it('asks about the suggested case and sends the rating with the disable option', async () => {
    respond(true);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Case Feedback' });
    expect(dialog).toHaveTextContent('How was your case Sam Lee?');
    expect(fetchMock.mock.calls[0]![0]).toContain('/organizations/3/feedback-suggestion');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: "Don't ask again" }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Great' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([url]) => String(url).includes('/submit-feedback'))!;
    expect(String(post[0])).toContain('/patients/7/submit-feedback');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ score: 10, options: { disable: true } });
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(FEEDBACK_ASKED_KEY)).toBe('1');
  });

  it('offers the disable option only when the server says so; Dismiss closes it for the session', async () => {
    respond(false);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Case Feedback' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Great', 'Ok', 'Bad', 'Dismiss']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/submit-feedback'))).toBe(false);
  });

  it('does not ask again in a session that was asked, until sign-out clears it', async () => {
    respond(false);
    window.sessionStorage.setItem(FEEDBACK_ASKED_KEY, '1');
    const view = renderDialog();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    view.unmount();
    runClientResets();
    expect(window.sessionStorage.getItem(FEEDBACK_ASKED_KEY)).toBeNull();
  });
});
