import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAccessHistory, useAccessHistoryUsers } from '../api/access-history.ts';

/** 'patients.read' reads as 'Read', 'patients.case-reversal' as 'Case reversal'. */
function describeAction(action: string): string {
  const words = (action.split('.').slice(1).join(' ') || action).replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * 'Access history' (admins and super admins): who read or changed this patient, when (in the
 * user's time zone) and from which address, newest first, page by page, narrowed to one user.
 */
export function AccessHistoryPanel({ patientId }: { patientId: number }) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [userId, setUserId] = useState<number | null>(null);
  const users = useAccessHistoryUsers(patientId);
  const query = useAccessHistory(patientId, { page: page + 1, perPage, userId });
  const rows = query.data?.data ?? [];
  const hasMore = query.data?.meta.has_more ?? false;
  return (
    <Card component="section" aria-labelledby="access-history-title">
      <CardHeader
        title="Access history"
        subheader="Who read or changed this patient, when and from where."
        slotProps={{ title: { id: 'access-history-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <TextField
          select
          label="User"
          value={userId === null ? '' : String(userId)}
          onChange={(e) => {
            setUserId(e.target.value === '' ? null : Number(e.target.value));
            setPage(0);
          }}
          sx={{ mb: 2, minWidth: 220, maxWidth: '100%' }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All users</MenuItem>
          {(users.data?.data ?? []).map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.name} ({u.email})
            </MenuItem>
          ))}
        </TextField>
        <DataTable
          label="Access history"
          busy={query.isFetching}
          head={
            <>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>What</TableCell>
              <TableCell>From</TableCell>
            </>
          }
          colSpan={4}
          loading={query.isPending}
          empty={rows.length === 0}
          statusRow={
            query.isPending ? (
              <TableRow>
                <TableCell colSpan={4} align="center">
                  <Box role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    <CircularProgress size={20} aria-hidden="true" /> Loading access history...
                  </Box>
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} align="center">
                  {query.isError ? 'The access history could not be loaded.' : 'No access recorded yet.'}
                </TableCell>
              </TableRow>
            ) : null
          }
          paging={{
            // Pages are read one at a time: the count is known once the last page is reached.
            count: hasMore ? -1 : page * perPage + rows.length,
            page,
            rowsPerPage: perPage,
            rowsPerPageOptions: [10, 25, 50],
            onPageChange: setPage,
            onRowsPerPageChange: (next) => {
              setPerPage(next);
              setPage(0);
            },
          }}
        >
          {rows.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.occurred_at)}</TableCell>
              <TableCell>
                {entry.user?.name ?? entry.actor_email ?? 'Unknown'}
                {entry.user?.email && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {entry.user.email}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {describeAction(entry.action)}
                {entry.outcome !== 'success' && ` (${entry.outcome})`}
              </TableCell>
              <TableCell>{entry.ip ?? '—'}</TableCell>
            </TableRow>
          ))}
        </DataTable>
      </CardContent>
    </Card>
  );
}
