import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate, Link as RouterLink } from 'react-router';
import { useSession } from '../../../session/session.tsx';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useCreateLocation } from '../api/create-location.ts';
import { useMembers } from '../../../lib/api/list-members.ts';
import { LocationForm } from '../components/location-form.tsx';
import { useLocationsScope } from '../location-access.ts';

/** /locations/add (and /organizations/{organizationId}/locations/add). */
export function LocationAddPage() {
  const { user } = useSession();
  const { organizationId, basePath } = useLocationsScope();
  const navigate = useNavigate();
  const create = useCreateLocation();
  const targetOrganization = organizationId ?? user?.current_organization_id ?? null;
  const members = useMembers(targetOrganization);
  if (!user) return null;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h1" component="h1">
          Add Location
        </Typography>
        <Button component={RouterLink} to={basePath}>
          Back to Locations
        </Button>
      </Box>
      <LocationForm
        title="Location Information"
        members={members.data}
        addressLocked={false}
        onSubmit={async (values) => {
          const result = await create.mutateAsync({
            ...values,
            ...(organizationId ? { organization_id: organizationId } : {}),
          });
          notifySuccess(result.message);
          await navigate(basePath);
        }}
      />
    </Box>
  );
}
