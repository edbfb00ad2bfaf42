import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/**
 * The one row a list table shows while its page loads ('Loading...') or when the page is empty
 * (`emptyText`); nothing otherwise.
 */
export function TableStatusRow({
  colSpan,
  loading,
  empty,
  emptyText,
}: {
  colSpan: number;
  loading: boolean;
  empty: boolean;
  emptyText: string;
}) {
  if (!loading && !empty) return null;
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center">
        <Typography color="text.secondary">{loading ? 'Loading...' : emptyText}</Typography>
      </TableCell>
    </TableRow>
  );
}
