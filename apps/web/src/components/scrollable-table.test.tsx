import '@testing-library/jest-dom/vitest';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollableTable } from './scrollable-table.tsx';

/** jsdom lays nothing out: the box's widths and the resize notices are played here. */
let widths = { scroll: 300, client: 300 };
const observers: Array<() => void> = [];
class FakeResizeObserver {
  constructor(private readonly notify: () => void) {
    observers.push(notify);
  }
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  widths = { scroll: 300, client: 300 };
  observers.length = 0;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => widths.scroll);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => widths.client);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderTable() {
  render(
    <>
      <button type="button">Before</button>
      <ScrollableTable label="Users">
        <Table aria-label="Users">
          <TableBody>
            <TableRow>
              <TableCell>Jane Roe</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </ScrollableTable>
    </>,
  );
}

describe('ScrollableTable', () => {
  it('takes no stop in the tab order while the table fits', async () => {
    renderTable();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Before' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it('is a named region reachable by keyboard while the table is wider than the screen', async () => {
    widths = { scroll: 900, client: 358 };
    renderTable();
    const region = screen.getByRole('region', { name: 'Users, scrollable' });
    expect(region).toContainElement(screen.getByRole('table', { name: 'Users' }));
    await userEvent.tab();
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('follows the screen: the region goes when the table fits again', () => {
    widths = { scroll: 900, client: 358 };
    renderTable();
    expect(screen.getByRole('region', { name: 'Users, scrollable' })).toHaveAttribute('tabindex', '0');
    widths = { scroll: 900, client: 1200 };
    act(() => observers.forEach((notify) => notify()));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
