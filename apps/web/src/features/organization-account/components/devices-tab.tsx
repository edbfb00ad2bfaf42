import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LICENSE_MESSAGES, type Device, type LicenseWithDevices } from '@archline/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import type { MeUser } from '../../../session/me.ts';
import { useOrganizationLicenses } from '../api/get-organization-licenses.ts';
import { userCan } from '../../../session/permissions.ts';
import { DeleteDeviceDialog } from './delete-device-dialog.tsx';
import { RenameDeviceDialog } from './rename-device-dialog.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

/** Devices are managed with organization.update in the organization, or by the license holder. */
function canManageDevices(user: MeUser, license: LicenseWithDevices): boolean {
  return userCan(user, 'organization.update') || license.user?.id === user.id;
}

type Pending = { kind: 'rename' | 'delete'; device: Device } | null;

function LicenseCard({ user, license }: { user: MeUser; license: LicenseWithDevices }) {
  const [pending, setPending] = useState<Pending>(null);
  const manage = canManageDevices(user, license);
  const titleId = `license-${license.id}-title`;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={`${license.license_type.name} License`}
        subheader={license.user ? `Holder: ${license.user.full_name}` : undefined}
        action={
          <Chip color="primary" variant="outlined" label={`Available Seats: ${license.available_seats}`} />
        }
        slotProps={{
          title: { id: titleId, component: 'h2', variant: 'h6' },
          subheader: { color: 'text.secondary' },
        }}
      />
      <CardContent>
        {license.devices.length === 0 ? (
          <Typography color="text.secondary">{LICENSE_MESSAGES.noDevices}</Typography>
        ) : (
          <ScrollableTable label={`${license.license_type.name} License`}>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Last Login</TableCell>
                  <TableCell>Registration Date</TableCell>
                  {manage && <TableCell align="right">Actions</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {license.devices.map((device) => (
                  <TableRow key={device.id}>
                    <TableCell>{device.name}</TableCell>
                    <TableCell>{formatDateTime(device.last_login)}</TableCell>
                    <TableCell>{formatDateTime(device.created_at)}</TableCell>
                    {manage && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <IconButton
                          aria-label={`Edit ${device.name}`}
                          onClick={() => setPending({ kind: 'rename', device })}
                        >
                          <EditIcon />
                        </IconButton>
                        <IconButton
                          aria-label={`Delete ${device.name}`}
                          onClick={() => setPending({ kind: 'delete', device })}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
        )}
      </CardContent>
      {pending?.kind === 'rename' && (
        <RenameDeviceDialog device={pending.device} onClose={() => setPending(null)} />
      )}
      {pending?.kind === 'delete' && (
        <DeleteDeviceDialog device={pending.device} onClose={() => setPending(null)} />
      )}
    </Card>
  );
}

/** Account tab 7 'Devices': the current organization's licenses with their registered devices. */
export function DevicesTab({ user }: { user: MeUser }) {
  const licenses = useOrganizationLicenses(user.current_organization_id);
  if (user.current_organization_id !== null && licenses.isPending)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} aria-hidden="true" /> Loading licenses...
      </Box>
    );
  if (licenses.isError) return <Alert severity="error">{errorMessage(licenses.error)}</Alert>;
  const list = licenses.data ?? [];
  if (list.length === 0) return <Typography color="text.secondary">{LICENSE_MESSAGES.noLicenses}</Typography>;
  return (
    <Stack spacing={3}>
      {list.map((license) => (
        <LicenseCard key={license.id} user={user} license={license} />
      ))}
    </Stack>
  );
}
