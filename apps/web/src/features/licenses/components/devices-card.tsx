import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LICENSE_MESSAGES, type Device, type LicenseWithDevices } from '@archline/contracts';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useDeleteDevice } from '../api/delete-device.ts';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

function detailsText(details: Device['details']): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

/** 'Devices' of a license: Name, Additional Information, Created Date, and delete (frees a seat). */
export function DevicesCard({ license, canManage }: { license: LicenseWithDevices; canManage: boolean }) {
  const remove = useDeleteDevice();
  const [pending, setPending] = useState<Device | null>(null);

  const confirm = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        setPending(null);
      },
    });
  };

  return (
    <Card component="section" aria-labelledby="devices-title">
      <CardHeader
        title="Devices"
        slotProps={{ title: { id: 'devices-title', component: 'h2', variant: 'h6' } }}
        action={<Chip label={`Available Seats: ${license.available_seats}`} />}
      />
      <CardContent>
        {license.devices.length === 0 ? (
          <Typography color="text.secondary">{LICENSE_MESSAGES.noDevices}</Typography>
        ) : (
          <ScrollableTable label="Devices">
            <Table aria-labelledby="devices-title" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Additional Information</TableCell>
                  <TableCell>Created Date</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {license.devices.map((device) => (
                  <TableRow key={device.id}>
                    <TableCell>{device.name}</TableCell>
                    <TableCell>{detailsText(device.details)}</TableCell>
                    <TableCell>{formatDate(device.created_at)}</TableCell>
                    <TableCell align="right">
                      {canManage && (
                        <IconButton aria-label={`Delete ${device.name}`} onClick={() => setPending(device)}>
                          <DeleteIcon />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
        )}
      </CardContent>
      <Dialog open={pending !== null} onClose={() => setPending(null)} aria-labelledby="delete-device-title">
        <DialogTitle id="delete-device-title">Delete Device</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {pending ? `Delete "${pending.name}"? Its seat becomes available again.` : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
