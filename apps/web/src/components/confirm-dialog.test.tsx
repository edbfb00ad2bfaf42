import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, NoticeDialog } from './confirm-dialog.tsx';

function renderConfirm(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Delete File"
      text="Are you sure you want to delete this file?"
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  return { onConfirm, onClose };
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title and described by its text', () => {
    renderConfirm();
    const dialog = screen.getByRole('dialog', { name: 'Delete File' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this file?');
  });

  it('confirms with the confirm label and closes with Cancel', async () => {
    const user = userEvent.setup();
    const { onConfirm, onClose } = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('while busy: both buttons are disabled and Escape does not close', async () => {
    const user = userEvent.setup();
    const { onClose } = renderConfirm({ busy: true });
    expect(screen.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows nothing when closed', () => {
    renderConfirm({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('NoticeDialog', () => {
  it('has a single Close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<NoticeDialog open title="Setup complete" text="Your account is ready." onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Setup complete' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
