import '@testing-library/jest-dom/vitest';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MessagePage } from './message-page.tsx';
import { PageLoader } from './page-loader.tsx';
import { TableStatusRow } from './table-status-row.tsx';

function renderRow(props: { loading: boolean; empty: boolean }) {
  render(
    <Table>
      <TableBody>
        <TableStatusRow colSpan={4} emptyText="No patients found." {...props} />
      </TableBody>
    </Table>,
  );
}

describe('TableStatusRow', () => {
  it("says 'Loading...' across all columns while the page loads", () => {
    renderRow({ loading: true, empty: true });
    const cell = screen.getByRole('cell', { name: 'Loading...' });
    expect(cell).toHaveAttribute('colspan', '4');
    expect(screen.queryByText('No patients found.')).not.toBeInTheDocument();
  });

  it('shows the empty text when the loaded page is empty', () => {
    renderRow({ loading: false, empty: true });
    expect(screen.getByRole('cell', { name: 'No patients found.' })).toBeInTheDocument();
  });

  it('is no row at all once there are rows', () => {
    renderRow({ loading: false, empty: false });
    expect(screen.queryByRole('row')).not.toBeInTheDocument();
  });
});

describe('MessagePage', () => {
  it('shows the title as the page heading and the message as a warning by default', () => {
    render(<MessagePage title="Something went wrong" message="The database is unavailable." />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The database is unavailable.');
    expect(alert).toHaveClass('MuiAlert-colorWarning');
  });

  it('without a title there is no heading; the action links to its route', () => {
    render(
      <MessagePage
        message="You don't have permission to access this page."
        severity="error"
        action={{ label: 'Go to Home', to: '/' }}
      />,
      { wrapper: MemoryRouter },
    );
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorError');
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});

describe('PageLoader', () => {
  it('is a polite status with its label', () => {
    render(<PageLoader label="Loading patients..." />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Loading patients...');
  });
});
