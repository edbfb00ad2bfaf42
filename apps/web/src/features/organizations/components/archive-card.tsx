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
import type { OrganizationDetail } from '@archline/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useSetOrganizationArchived } from '../api/archive-organization.ts';

/** Archive Organization / Restore Organization, with a confirmation. Archiving leads to the hub. */
export function ArchiveCard({ organization }: { organization: OrganizationDetail }) {
  const navigate = useNavigate();
  const archived = Boolean(organization.deleted_at);
  const action = useSetOrganizationArchived(organization.id);
  const [open, setOpen] = useState(false);
  const title = archived ? 'Restore Organization' : 'Archive Organization';

  const confirm = async () => {
    try {
      const result = await action.mutateAsync(!archived);
      setOpen(false);
      notifySuccess(result.message);
      if (!archived) await navigate('/organizations-users');
    } catch {
      // The error snackbar shows the server's message.
    }
  };

  return (
    <Card component="section" aria-labelledby="archive-title">
      <CardHeader
        title={title}
        slotProps={{ title: { id: 'archive-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Typography sx={{ mb: 2 }}>
          {archived
            ? 'The organization is archived and read-only. Restoring it makes it editable again.'
            : 'Archiving hides the organization from searches and makes it read-only. It can be restored later.'}
        </Typography>
        <Button variant="outlined" color={archived ? 'primary' : 'error'} onClick={() => setOpen(true)}>
          {title}
        </Button>
      </CardContent>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="archive-dialog-title">
        <DialogTitle id="archive-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {archived
              ? `Restore ${organization.name}?`
              : `Archive ${organization.name}? It becomes read-only.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            color={archived ? 'primary' : 'error'}
            onClick={confirm}
            disabled={action.isPending}
          >
            {archived ? 'Restore' : 'Archive'}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
