import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormErrorSummary, fieldIssues, focusField } from './form-error-summary.tsx';

describe('fieldIssues', () => {
  it('lists every nested message with its field label, in the order of the form', () => {
    // The shape react-hook-form gives: an array field's errors are an array of per-item errors.
    const errors = {
      stl_files: [{ tag: { type: 'custom', message: 'Choose the arch.' } }],
      last_name: { type: 'too_small', message: 'Last name is required.' },
      first_name: { type: 'too_small', message: 'First name is required.' },
      custom_field_values: { colour: { type: 'custom', message: 'Required.' } },
    } as unknown as Parameters<typeof fieldIssues>[0];
    const issues = fieldIssues(errors);
    expect(issues.map((i) => [i.name, i.label])).toEqual([
      ['first_name', 'First Name'],
      ['last_name', 'Last Name'],
      ['stl_files.0.tag', 'STL Files'],
      ['custom_field_values.colour', 'colour'],
    ]);
  });
});

function Form() {
  const form = useForm<{ first_name: string; last_name: string }>({
    defaultValues: { first_name: '', last_name: '' },
  });
  const issues = [
    { name: 'first_name', label: 'First Name', message: 'First name is required.' },
    { name: 'last_name', label: 'Last Name', message: 'Last name is required.' },
    { name: 'stl_files', label: 'STL Files', message: 'Upload at least one STL file.' },
  ];
  return (
    <form>
      <input aria-label="First Name" {...form.register('first_name')} />
      {/* A MUI text field hands react-hook-form its frame, not its input. */}
      <Controller
        name="last_name"
        control={form.control}
        render={({ field }) => <TextField {...field} label="Last Name" />}
      />
      <div data-field="stl_files">
        <button type="button">Upload STL Files</button>
      </div>
      <FormErrorSummary
        issues={issues}
        onFocus={(name) => focusField(name, (n) => form.setFocus(n as 'first_name'))}
      />
    </form>
  );
}

describe('FormErrorSummary', () => {
  it('counts the fields that need attention and leads to each', async () => {
    const user = userEvent.setup();
    render(<Form />);
    expect(screen.getByRole('alert')).toHaveTextContent('3 fields need attention');
    await user.click(screen.getByRole('button', { name: 'Last Name' }));
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'STL Files' }));
    expect(screen.getByRole('button', { name: 'Upload STL Files' })).toHaveFocus();
  }, 30_000);
});
