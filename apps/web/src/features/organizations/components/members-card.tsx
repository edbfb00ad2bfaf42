import EditIcon from '@mui/icons-material/Edit';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { OrganizationDetail } from '@archline/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isBuiltPath } from '../../../lib/built-routes.ts';
import { AddMemberDialog } from './add-member-dialog.tsx';
import { humanize } from './format.ts';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

/** Users and their roles in the organization; names and the edit action lead to /users/{id}. */
export function MembersCard({
  organization,
  canAddMember = false,
  canGrantManager = false,
  canInvite = false,
}: {
  organization: OrganizationDetail;
  /** organizations.add_member or organizations.manage, on a writable organization. */
  canAddMember?: boolean;
  /** organizations.change-member-role or organizations.manage: may add as manager. */
  canGrantManager?: boolean;
  /** organization.update or organizations.manage, on a writable organization. */
  canInvite?: boolean;
}) {
  const [dialog, setDialog] = useState<'add' | 'invite' | null>(null);
  return (
    <Card component="section" aria-labelledby="members-title">
      <CardHeader
        title="Users"
        slotProps={{ title: { id: 'members-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {(canAddMember || canInvite) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
            {canAddMember && (
              <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog('add')}>
                Add Member
              </Button>
            )}
            {canInvite && (
              <Button
                variant="outlined"
                startIcon={<ForwardToInboxIcon />}
                onClick={() => setDialog('invite')}
              >
                Invite User
              </Button>
            )}
          </Stack>
        )}
        {organization.users.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No users yet.</Typography>
        ) : (
          <ScrollableTable label="Users">
            <Table size="small" aria-label="Users">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {organization.users.map((u) => {
                  const href = `/users/${u.id}`;
                  const built = isBuiltPath(href);
                  return (
                    <TableRow key={u.id} data-testid="member-row">
                      <TableCell>
                        {built ? (
                          <Link component={RouterLink} to={href}>
                            {u.full_name}
                          </Link>
                        ) : (
                          u.full_name
                        )}
                      </TableCell>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{u.email}</TableCell>
                      <TableCell>{humanize(u.pivot.role)}</TableCell>
                      <TableCell align="right">
                        {built && (
                          <Tooltip title="Edit">
                            <IconButton component={RouterLink} to={href} aria-label={`Edit ${u.full_name}`}>
                              <EditIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </ScrollableTable>
        )}
      </CardContent>
      {canAddMember && (
        <AddMemberDialog
          organizationId={organization.id}
          memberIds={organization.users.map((u) => u.id)}
          canGrantManager={canGrantManager}
          open={dialog === 'add'}
          onClose={() => setDialog(null)}
        />
      )}
      {canInvite && (
        <InviteUserDialog
          organizationId={organization.id}
          open={dialog === 'invite'}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

/** The organization's locations. */
export function LocationsCard({ organization }: { organization: OrganizationDetail }) {
  return (
    <Card component="section" aria-labelledby="locations-title">
      <CardHeader
        title="Locations"
        slotProps={{ title: { id: 'locations-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {organization.locations.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No locations yet.</Typography>
        ) : (
          <Table size="small" aria-label="Locations">
            <TableHead>
              <TableRow>
                <TableCell>Location</TableCell>
                <TableCell>Address</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {organization.locations.map((l) => {
                const href = `/organizations/${organization.id}/locations/${l.id}`;
                return (
                  <TableRow key={l.id}>
                    <TableCell>
                      {isBuiltPath(href) ? (
                        <Link component={RouterLink} to={href}>
                          {l.location_name}
                        </Link>
                      ) : (
                        l.location_name
                      )}
                    </TableCell>
                    <TableCell>{l.full_address}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
