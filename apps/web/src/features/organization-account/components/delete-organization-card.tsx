import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useDeleteOrganization } from '../api/delete-organization.ts';

/** Deletes the current organization (offered to practice users with organization.update). */
export function DeleteOrganizationCard({ organizationId, name }: { organizationId: number; name: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteOrganization();
  const navigate = useNavigate();
  return (
    <Card component="section" aria-labelledby="delete-organization-title">
      <CardHeader
        title="Delete Organization"
        slotProps={{ title: { id: 'delete-organization-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Typography sx={{ mb: 2 }}>Deleting the organization removes it for all of its members.</Typography>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          Delete Organization
        </Button>
      </CardContent>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="delete-organization-dialog-title"
        aria-describedby="delete-organization-dialog-text"
      >
        <DialogTitle id="delete-organization-dialog-title">Delete Organization</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-organization-dialog-text">
            Are you sure you want to delete the organization {name}?
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(organizationId, {
                onSuccess: async (result) => {
                  notifySuccess(result.message);
                  setOpen(false);
                  await navigate('/', { replace: true });
                },
                onError: () => setOpen(false),
              })
            }
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
