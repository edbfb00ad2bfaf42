import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Table from '@mui/material/Table';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchField, useTableSort } from './table-controls.tsx';

function Sorted({ onChange }: { onChange: () => void }) {
  const sort = useTableSort<'name' | 'created'>({ orderBy: 'created', order: 'desc' }, onChange);
  return (
    <>
      <Table>
        <TableHead>
          <TableRow>
            {sort.header('name', 'Name')}
            {sort.header('created', 'Created')}
          </TableRow>
        </TableHead>
      </Table>
      <p data-testid="sort">{`${sort.orderBy} ${sort.order}`}</p>
    </>
  );
}

describe('useTableSort', () => {
  it('sorts a new column ascending, the same column the other way, and reports each change', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Sorted onChange={onChange} />);
    expect(screen.getByTestId('sort')).toHaveTextContent('created desc');
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByTestId('sort')).toHaveTextContent('name asc');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(screen.getByTestId('sort')).toHaveTextContent('name desc');
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

describe('SearchField', () => {
  it('is a search box named by its label, or by its placeholder', async () => {
    const user = userEvent.setup();
    function Both() {
      const [a, setA] = useState('');
      return (
        <>
          <SearchField placeholder="Batch Name" label="Search by batch name" value={a} onChange={setA} />
          <SearchField placeholder="Search by User" value="" onChange={() => undefined} />
          <p data-testid="typed">{a}</p>
        </>
      );
    }
    render(<Both />);
    await user.type(screen.getByRole('searchbox', { name: 'Search by batch name' }), 'Rush');
    expect(screen.getByTestId('typed')).toHaveTextContent('Rush');
    expect(screen.getByRole('searchbox', { name: 'Search by User' })).toHaveAttribute(
      'placeholder',
      'Search by User',
    );
  });
});
