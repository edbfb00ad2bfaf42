import BadgeIcon from '@mui/icons-material/Badge';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import GroupIcon from '@mui/icons-material/Group';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useCanOpen } from '../../../session/can-open.ts';

/** What the users list and the licenses page need besides the route itself (their GET endpoints). */
const USERS_LIST_PERMISSIONS = ['users.view', 'users.manage', 'users.manage-limited'] as const;
const LICENSES_PERMISSIONS = ['licenses.view', 'licenses.manage'] as const;

/**
 * Links from the Organizations & Users hub and an organization's page to the users list (the
 * organization's users when one is given), the organization's patients (its page) and the licenses,
 * each shown only to those who may open it.
 */
export function StaffLinks({ organizationId }: { organizationId?: number }) {
  const canOpen = useCanOpen();
  const usersPath = organizationId ? `/users?queryOrganization=${organizationId}` : '/users';
  const users = canOpen('/users', ...USERS_LIST_PERMISSIONS);
  const licenses = canOpen('/licenses', ...LICENSES_PERMISSIONS);
  // The organization's cases (its page only): the case list scoped to it.
  const patientsPath = organizationId ? `/organizations/${organizationId}/patients` : null;
  const patients = patientsPath !== null && canOpen(patientsPath);
  if (!users && !licenses && !patients) return null;
  return (
    <Stack
      component="nav"
      aria-label={organizationId ? 'Users and licenses of the organization' : 'Users and licenses'}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
    >
      {users && (
        <Button variant="outlined" startIcon={<GroupIcon />} component={RouterLink} to={usersPath}>
          {organizationId ? 'Users of this organization' : 'Users'}
        </Button>
      )}
      {patients && (
        <Button variant="outlined" startIcon={<FolderSharedIcon />} component={RouterLink} to={patientsPath}>
          Patients of this organization
        </Button>
      )}
      {licenses && (
        <Button variant="outlined" startIcon={<BadgeIcon />} component={RouterLink} to="/licenses">
          Licenses
        </Button>
      )}
    </Stack>
  );
}
