import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrganizationSummary } from '@archline/contracts';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isBuiltPath } from '../../../lib/built-routes.ts';
import { useMembers } from '../api/list-members.ts';
import { formatDate } from '../../../lib/format.ts';
import { humanize } from './format.ts';
import { OrganizationName } from './quick-glance.tsx';

const COLUMNS = 7;

function Members({ organization, id }: { organization: OrganizationSummary; id: string }) {
  const members = useMembers(organization.id, true);
  if (members.isPending) {
    return (
      <Stack role="status" direction="row" spacing={1} sx={{ alignItems: 'center', py: 1 }}>
        <CircularProgress size={16} aria-hidden="true" />
        <Typography variant="body2">Loading users...</Typography>
      </Stack>
    );
  }
  const rows = members.data ?? [];
  if (rows.length === 0)
    return (
      <Typography variant="body2" sx={{ py: 1 }}>
        {members.isError ? 'The users could not be loaded.' : 'No users yet.'}
      </Typography>
    );
  return (
    <Table size="small" id={id} aria-label={`Users of ${organization.name}`}>
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Email</TableCell>
          <TableCell>Role</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((m) => {
          const href = `/users/${m.id}`;
          return (
            <TableRow key={m.id} data-testid="member-row">
              <TableCell>
                {isBuiltPath(href) ? (
                  <Link component={RouterLink} to={href}>
                    {m.full_name}
                  </Link>
                ) : (
                  m.full_name
                )}
              </TableCell>
              <TableCell>{m.email}</TableCell>
              <TableCell>{humanize(m.pivot.role)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** A row of the organizations list; it opens to show the organization's users. */
export function OrganizationRow({ organization: o }: { organization: OrganizationSummary }) {
  const [open, setOpen] = useState(false);
  const membersId = useId();
  return (
    <>
      <TableRow hover data-testid="organization-row">
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={`Users of ${o.name}`}
            aria-expanded={open}
            aria-controls={open ? membersId : undefined}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell>
          <OrganizationName id={o.id} name={o.name} />
        </TableCell>
        <TableCell>{o.account_number ?? '—'}</TableCell>
        <TableCell>{o.organization_type ?? '—'}</TableCell>
        <TableCell align="right">{o.number_of_users}</TableCell>
        <TableCell>{formatDate(o.joined_at)}</TableCell>
        <TableCell>
          <Stack direction="row" spacing={1}>
            {o.deleted_at && <Chip size="small" label="Archived" />}
            {o.disabled_at && <Chip size="small" color="warning" label="Organization Disabled" />}
          </Stack>
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={COLUMNS} sx={{ bgcolor: 'action.hover' }}>
            <Members organization={o} id={membersId} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
