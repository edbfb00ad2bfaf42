import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../session/session.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { MessagePage } from '../../../components/message-page.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useDeleteLocation } from '../api/delete-location.ts';
import { useLocation } from '../api/get-location.ts';
import { useMembers } from '../../../lib/api/list-members.ts';
import { useUpdateLocation } from '../api/update-location.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LocationForm } from '../components/location-form.tsx';
import { canChangeLockedAddress, canLocation, useLocationsScope } from '../location-access.ts';

/** /locations/{id} (and /organizations/{organizationId}/locations/{id}): update or delete a location. */
export function LocationEditPage() {
  const { user } = useSession();
  const { basePath } = useLocationsScope();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const location = useLocation(id);
  const members = useMembers(location.data?.organization_id ?? null);
  const update = useUpdateLocation();
  const remove = useDeleteLocation();
  const [confirming, setConfirming] = useState(false);
  if (!user) return null;
  if (location.isPending) return <PageLoader label="Loading location..." />;
  if (location.isError) return <MessagePage title="Location" message={errorMessage(location.error)} />;

  const canUpdate = canLocation(user, 'update');
  const canDelete = canLocation(user, 'delete');
  const loc = location.data;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h1" component="h1">
          {loc.location_name}
        </Typography>
        <Button component={RouterLink} to={basePath}>
          Back to Locations
        </Button>
      </Box>
      <LocationForm
        // Re-mounted after a save so the form starts from the saved values.
        key={`${loc.id}-${loc.full_address}-${loc.location_name}`}
        title="Location Information"
        location={loc}
        members={members.data}
        readOnly={!canUpdate}
        addressLocked={loc.has_incomplete_requests && !canChangeLockedAddress(user)}
        onSubmit={async (values) => {
          const result = await update.mutateAsync({ id: loc.id, body: values });
          notifySuccess(result.message);
          await navigate(basePath);
        }}
        actions={
          canDelete && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )
        }
      />
      <ConfirmDialog
        open={confirming}
        title="Delete Location"
        text={`Are you sure you want to delete the location ${loc.location_name}?`}
        confirmLabel="Delete"
        color="error"
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(loc.id, {
            onSuccess: async (result) => {
              notifySuccess(result.message);
              setConfirming(false);
              await navigate(basePath);
            },
            onError: (error) => notifyError(error),
          })
        }
      />
    </Box>
  );
}
