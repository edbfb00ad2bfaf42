import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEBHOOK_MESSAGES } from '@archline/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { EndpointDialog } from './endpoint-dialog.tsx';

function renderDialog(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  render(<EndpointDialog open endpoint={null} busy={false} onSubmit={onSubmit} onClose={vi.fn()} />);
  return { onSubmit, dialog: screen.getByRole('dialog', { name: 'Add endpoint' }) };
}

describe('EndpointDialog', () => {
  it('shows the URL and event messages and sends nothing while they fail', async () => {
    const { onSubmit, dialog } = renderDialog();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.urlRequired)).toBeVisible();
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), 'ftp://example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.urlInvalid)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the URL and the checked event types, and shows the server refusal on the URL', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('Invalid', 422, { url: [WEBHOOK_MESSAGES.publicAddress] }));
    const { dialog } = renderDialog(onSubmit);
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), 'https://10.0.0.1/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Request completed' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Case shipped (with tracking number)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(onSubmit).toHaveBeenCalledWith({
      url: 'https://10.0.0.1/hook',
      events: ['request.completed', 'case.shipped'],
      enabled: true,
    });
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.publicAddress)).toBeVisible();
  });
});
