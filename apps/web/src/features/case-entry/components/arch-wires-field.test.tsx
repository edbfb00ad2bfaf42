import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ARCH_WIRE_CHOICE_MESSAGES, type ArchWireItem } from '@archline/contracts';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ArchWiresField } from './arch-wires-field.tsx';

const builtIn: ArchWireItem = { id: 1, label: 'Standard Ovoid', file_name: 'ovoid.stl', uploaded: false };
const uploaded: ArchWireItem = { id: 2, label: 'NiTi 0.014', file_name: 'niti.stl', uploaded: true };

function Harness({ options, initial = [] }: { options: ArchWireItem[]; initial?: number[] }) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <>
      <ArchWiresField options={options} value={value} onChange={setValue} />
      <output aria-label="chosen">{value.join(',')}</output>
    </>
  );
}

describe('ArchWiresField', () => {
  it('offers the built-in arch wires when no uploaded one exists', async () => {
    render(<Harness options={[builtIn]} />);
    expect(screen.queryByText(ARCH_WIRE_CHOICE_MESSAGES.uploadedInUse)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Arch Wires' }));
    const option = screen.getByRole('option', { name: 'Standard Ovoid' });
    expect(option).not.toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(option);
    expect(screen.getByLabelText('chosen')).toHaveTextContent('1');
  });

  it('disables the built-in arch wires and says so while uploaded ones exist', async () => {
    render(<Harness options={[builtIn, uploaded]} />);
    expect(screen.getByText(ARCH_WIRE_CHOICE_MESSAGES.uploadedInUse)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Arch Wires' }));
    const list = screen.getByRole('listbox');
    expect(within(list).getByRole('option', { name: 'Standard Ovoid' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // The uploaded ones come first and are chosen as usual.
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['NiTi 0.014', 'Standard Ovoid']);
    await userEvent.click(within(list).getByRole('option', { name: 'NiTi 0.014' }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('2');
  });

  it('drops a built-in arch wire chosen before uploaded ones were offered', () => {
    render(<Harness options={[builtIn, uploaded]} initial={[1, 2]} />);
    expect(screen.getByLabelText('chosen')).toHaveTextContent(/^2$/);
  });
});
