import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { ScrollableTable } from './scrollable-table.tsx';
import { TableStatusRow } from './table-status-row.tsx';

/** One page of a paged list: TablePagination counts pages from 0. */
export interface DataTablePaging {
  count: number;
  page: number;
  rowsPerPage: number;
  rowsPerPageOptions: readonly number[];
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

/**
 * The table of a list page: the header cells, the page's rows, one status row while the page
 * loads or when it is empty, and the pagination below. A page with its own loading or empty
 * markup passes `statusRow` instead of `emptyText`.
 */
export function DataTable({
  label,
  head,
  children,
  loading,
  empty,
  emptyText = '',
  colSpan,
  statusRow,
  fetchingLabel,
  fetching = false,
  busy,
  paging,
}: {
  /** The table's accessible name. */
  label: string;
  /** The header row's cells. */
  head: ReactNode;
  /** The rows of the page. */
  children: ReactNode;
  loading: boolean;
  empty: boolean;
  emptyText?: string;
  colSpan: number;
  statusRow?: ReactNode;
  /** Shows a progress bar with this name above the table while a page is fetched. */
  fetchingLabel?: string;
  fetching?: boolean;
  /** aria-busy of the table, when the page marks it. */
  busy?: boolean;
  paging: DataTablePaging;
}) {
  return (
    <>
      {fetchingLabel && fetching && <LinearProgress aria-label={fetchingLabel} />}
      <ScrollableTable label={label}>
        <Table aria-label={label} aria-busy={busy}>
          <TableHead>
            <TableRow>{head}</TableRow>
          </TableHead>
          <TableBody>
            {children}
            {statusRow !== undefined ? (
              statusRow
            ) : (
              <TableStatusRow colSpan={colSpan} loading={loading} empty={empty} emptyText={emptyText} />
            )}
          </TableBody>
        </Table>
      </ScrollableTable>
      <TablePagination
        component="div"
        count={paging.count}
        page={paging.page}
        onPageChange={(_e, next) => paging.onPageChange(next)}
        rowsPerPage={paging.rowsPerPage}
        rowsPerPageOptions={[...paging.rowsPerPageOptions]}
        onRowsPerPageChange={(e) => paging.onRowsPerPageChange(Number(e.target.value))}
      />
    </>
  );
}
