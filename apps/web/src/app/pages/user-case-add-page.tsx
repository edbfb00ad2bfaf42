import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CREATE_CASE_FOR_USER_PERMISSIONS, GUARD_MESSAGES, isDoctor } from '@archline/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { MessagePage } from '../../components/message-page.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { StartCaseForm } from '../../features/case-entry/pages/start-case-page.tsx';
import { userQuery } from '../../features/users/api/get-user.ts';
import { permissionsOf } from '../../session/permissions.ts';
import { useSession } from '../../session/session.tsx';

/**
 * /users/{userId}/patients/add: staff start a case for a doctor. The case form of case entry with
 * the doctor fixed to the user (POST /patients with user_id), in one of the doctor's
 * organizations; then the new patient's page opens.
 */
export function UserCaseAddPage() {
  const raw = useParams().userId ?? '';
  const userId = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const { user: me } = useSession();
  const doctor = useQuery({ ...userQuery(userId ?? 0), enabled: userId !== null });
  const [chosen, setChosen] = useState<number | null>(null);
  if (userId === null) return <NotFoundPage />;
  if (!me) return null;
  const permissions = permissionsOf(me);
  if (!CREATE_CASE_FOR_USER_PERMISSIONS.every((p) => permissions.has(p)))
    return <MessagePage message={GUARD_MESSAGES.page} />;
  if (doctor.isPending) return <PageLoader label="Loading user..." />;
  if (doctor.isError) {
    const status = doctor.error instanceof ApiError ? doctor.error.status : 0;
    if (status === 404 || status === 403) return <NotFoundPage />;
    return <Alert severity="error">The user could not be loaded.</Alert>;
  }
  const u = doctor.data;
  const back = { label: 'Back to the user', to: `/users/${u.id}` };
  if (!isDoctor(u) || u.deleted_at !== null)
    return (
      <MessagePage
        title="Start a Case"
        message={
          u.deleted_at !== null
            ? `${u.full_name} is archived: no case can be started for them.`
            : `${u.full_name} is not a doctor: a case can be started only for a doctor.`
        }
        severity="info"
        action={back}
      />
    );
  if (u.organizations.length === 0)
    return (
      <MessagePage
        title="Start a Case"
        message={`${u.full_name} belongs to no organization yet: add them to one first.`}
        severity="info"
        action={back}
      />
    );
  const organizationId =
    chosen !== null && u.organizations.some((o) => o.id === chosen) ? chosen : u.organizations[0]!.id;

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1" component="h1">
          Start a Case for {u.full_name}
        </Typography>
        <Button variant="outlined" component={RouterLink} to={`/users/${u.id}`}>
          Back to the user
        </Button>
      </Stack>
      {u.organizations.length > 1 && (
        <FormControl sx={{ mb: 3, width: { xs: '100%', sm: 360 } }}>
          <InputLabel id="case-organization-label">Organization</InputLabel>
          <Select
            labelId="case-organization-label"
            label="Organization"
            value={organizationId}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {u.organizations.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.account_number ? `${o.name} (${o.account_number})` : o.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      {u.organizations.length === 1 && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Organization: {u.organizations[0]!.name}
        </Typography>
      )}
      <StartCaseForm
        key={organizationId}
        user={me}
        organizationId={organizationId}
        doctor={{ id: u.id, full_name: u.full_name }}
      />
    </Box>
  );
}
