import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FormSwitch } from './form-switch.tsx';

function Form({
  onSubmit,
  disabled,
}: {
  onSubmit: (values: { is_active: boolean }) => void;
  disabled?: boolean;
}) {
  const form = useForm({ defaultValues: { is_active: true } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <FormSwitch control={form.control} name="is_active" label="Active" disabled={disabled} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('FormSwitch', () => {
  it('is a switch named by its label that shows and sets the form value', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const toggle = screen.getByRole('switch', { name: 'Active' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ is_active: false }, expect.anything());
  });

  it('cannot be changed while disabled', () => {
    render(<Form onSubmit={vi.fn()} disabled />);
    expect(screen.getByRole('switch', { name: 'Active' })).toBeDisabled();
  });
});
