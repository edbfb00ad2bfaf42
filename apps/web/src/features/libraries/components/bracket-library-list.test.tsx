import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { libraryColor, type BracketLibrary, type BracketLibraryAbilities } from '@archline/contracts';
import { describe, expect, it } from 'vitest';
import { BracketLibraryList } from './bracket-library-list.tsx';

const ALL: BracketLibraryAbilities = {
  add: true,
  update: true,
  changelog: true,
  inventory: true,
  edit_inventory: true,
  download: true,
  remove: true,
};

const library = (id: number, extra: Partial<BracketLibrary> = {}): BracketLibrary => ({
  id,
  label: `Library ${id}`,
  file_name: `library-${id}.zip`,
  format: 1,
  users: [],
  hidden_at: null,
  shelf: null,
  row: null,
  column: null,
  has_file: true,
  has_inventory: true,
  low_stock: false,
  low_stock_threshold: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  ...extra,
});

function renderList(libraries: BracketLibrary[], abilities = ALL, readOnly = false) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <BracketLibraryList
        organizationId={1}
        libraries={libraries}
        abilities={abilities}
        readOnly={readOnly}
      />
    </QueryClientProvider>,
  );
}

describe('BracketLibraryList', () => {
  it('lists at most 5 libraries before See More', async () => {
    renderList(Array.from({ length: 7 }, (_, i) => library(i + 1)));
    const list = screen.getByRole('list', { name: 'Bracket libraries' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'See More' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'See Less' })).toBeInTheDocument();
  });

  it('dims hidden libraries, shows location and stock state, and cycles the palette', () => {
    renderList([
      library(1, { shelf: 'A', row: '1', column: '2', low_stock: true }),
      library(2, { hidden_at: '2026-11-02T10:00:00.000Z' }),
    ]);
    const first = screen.getByRole('listitem', { name: 'Library 1' });
    expect(first).toHaveTextContent('Shelf A · Row 1 · Column 2');
    expect(first).toHaveTextContent('Low Inventory');
    expect(first).toHaveStyle({ borderLeftColor: libraryColor(0) });
    const hidden = screen.getByRole('listitem', { name: 'Library 2' });
    expect(hidden).toHaveAttribute('data-hidden', 'true');
    expect(within(hidden).getByRole('button', { name: 'Unhide Library 2' })).toBeInTheDocument();
  });

  it('offers only what the abilities allow; read-only leaves the inventory', () => {
    renderList([library(1)], { ...ALL, remove: false, download: false });
    expect(screen.queryByRole('button', { name: 'Remove Library 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Library 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Library 1' })).toBeInTheDocument();
  });

  it('reads No Data when there is nothing', () => {
    renderList([], ALL, true);
    expect(screen.getByText('No Data')).toBeInTheDocument();
  });

  it('read-only: inventory only', () => {
    renderList([library(1)], ALL, true);
    const row = screen.getByRole('listitem', { name: 'Library 1' });
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Inventory of Library 1']);
  });
});
