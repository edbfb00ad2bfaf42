import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormTextField } from './form-text-field.tsx';
import { NameField } from './name-field.tsx';

describe('FormTextField', () => {
  it('labels its input; a required field shows the asterisk', () => {
    render(<FormTextField label="E-mail" name="email" required />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: /^E-mail/ });
    expect(input).toBeRequired();
    expect(input.labels?.[0]).toHaveTextContent(/^E-mail\s*\*$/);
  });

  it('the helper text describes the input; an error marks it invalid', () => {
    render(<FormTextField label="E-mail" name="email" error helperText="Email is invalid" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAccessibleDescription('Email is invalid');
    expect(input).toBeInvalid();
  });

  it('without helper text the input has no description and is valid', () => {
    render(<FormTextField label="Account Number" name="account" />);
    const input = screen.getByRole('textbox', { name: 'Account Number' });
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).toBeValid();
  });
});

function NameForm() {
  const form = useForm<{ first_name: string }>({ defaultValues: { first_name: '' } });
  return <NameField form={form} name="first_name" label="First Name" />;
}

describe('NameField', () => {
  it('trims and capitalizes the name word by word when the user leaves the field', async () => {
    const user = userEvent.setup();
    render(<NameForm />);
    const input = screen.getByRole('textbox', { name: 'First Name' });
    await user.type(input, '  mary ann ');
    expect(input).toHaveValue('  mary ann ');
    await user.tab();
    expect(input).toHaveValue('Mary Ann');
  });
});
