import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { usePermissions } from '../../../session/permissions.ts';
import { MessagePage } from '../../../components/message-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLicense } from '../api/get-license.ts';
import { DevicesCard } from '../components/devices-card.tsx';
import { LicenseForm } from '../components/license-form.tsx';

function useCanManage(): boolean {
  return usePermissions().can('licenses.manage');
}

/** /add-license */
export function NewLicensePage() {
  const canManage = useCanManage();
  if (!canManage)
    return <MessagePage title="New License" message="You don't have permission to access this page." />;
  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Licenses
      </Typography>
      <LicenseForm canManage />
    </Box>
  );
}

/** /edit-license/{id}: the form (type locked) and the license's devices. */
export function EditLicensePage() {
  const canManage = useCanManage();
  const id = Number(useParams().id);
  const license = useLicense(id);
  if (license.isPending) return <PageLoader label="Loading license..." />;
  if (license.isError)
    return (
      <MessagePage
        title="Edit License"
        message={errorMessage(license.error)}
        severity="error"
        action={{ label: 'Back to Licenses', to: '/licenses' }}
      />
    );
  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Licenses
      </Typography>
      <Stack spacing={3}>
        <LicenseForm key={license.data.id} license={license.data} canManage={canManage} />
        <DevicesCard license={license.data} canManage={canManage} />
      </Stack>
    </Box>
  );
}
