import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CREATE_CASE_FOR_USER_PERMISSIONS, isDoctor } from '@archline/contracts';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useCanOpen } from '../../../session/can-open.ts';
import { usePermissions } from '../../../session/permissions.ts';
import { useSession } from '../../../session/session.tsx';
import { MessagePage } from '../../../components/message-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { useArchiveUser, useRestoreUser } from '../api/user-status.ts';
import { CustomPermissionsCard } from '../components/custom-permissions-card.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { NotificationSettingsCard } from '../components/notification-settings-card.tsx';
import { WhitehatCard } from '../components/whitehat-card.tsx';
import { TwoFactorResetCard } from '../components/two-factor-reset-card.tsx';
import { roleNames } from '../../../session/me.ts';
import { UserForm } from '../components/user-form.tsx';

type Pending = 'archive' | 'restore' | 'delete' | null;

/** /users/{id}: User Information with archive, restore and delete by permission. */
export function UserPage() {
  const id = Number(useParams().id);
  const { user: me } = useSession();
  const { can } = usePermissions();
  const canOpen = useCanOpen();
  const user = useUser(id);
  const update = useUpdateUser();
  const archive = useArchiveUser();
  const restore = useRestoreUser();
  const remove = useDeleteUser();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);

  if (user.isPending) return <PageLoader label="Loading user..." />;
  if (user.isError)
    return (
      <MessagePage
        title="User"
        message={errorMessage(user.error)}
        severity="error"
        action={{ label: 'Back to Users', to: '/users' }}
      />
    );

  const u = user.data;
  const has = can;
  const own = me?.id === u.id;
  const archived = u.deleted_at !== null;
  const canUpdate = has('users.update', 'users.manage');
  const canArchive = !own && !archived && has('users.archive');
  const canRestore = !own && archived && has('users.restore');
  const canDelete = !own && has('users.delete', 'users.manage');
  // Staff who may start a case for another doctor: offered on a doctor's page only.
  const caseForUserPath = `/users/${u.id}/patients/add`;
  const canStartCase =
    !archived &&
    isDoctor(u) &&
    u.organizations.length > 0 &&
    canOpen(caseForUserPath) &&
    CREATE_CASE_FOR_USER_PERMISSIONS.every((p) => has(p));

  const run = () => {
    const done = { onSuccess: (r: { message: string }) => (notifySuccess(r.message), setPending(null)) };
    if (pending === 'archive') archive.mutate(u.id, done);
    if (pending === 'restore') restore.mutate(u.id, done);
    if (pending === 'delete')
      remove.mutate(u.id, {
        onSuccess: (r) => {
          notifySuccess(r.message);
          navigate('/organizations-users');
        },
      });
  };
  const dialogs = {
    archive: {
      title: 'Archive User',
      text: `Archive ${u.full_name}? Archived users are read-only.`,
      label: 'Archive',
    },
    restore: { title: 'Restore User', text: `Restore ${u.full_name}?`, label: 'Restore' },
    delete: { title: 'Delete User', text: `Delete ${u.full_name}? This cannot be undone.`, label: 'Delete' },
  };
  const dialog = pending ? dialogs[pending] : null;

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h1" component="h1">
          {u.full_name}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {canStartCase && (
            <Button variant="contained" component={RouterLink} to={caseForUserPath}>
              Start a Case
            </Button>
          )}
          {canArchive && (
            <Button variant="outlined" color="warning" onClick={() => setPending('archive')}>
              Archive
            </Button>
          )}
          {canRestore && (
            <Button variant="outlined" onClick={() => setPending('restore')}>
              Restore
            </Button>
          )}
          {canDelete && (
            <Button variant="outlined" color="error" onClick={() => setPending('delete')}>
              Delete
            </Button>
          )}
        </Stack>
      </Box>
      <Stack spacing={3}>
        <Card component="section" aria-labelledby="user-information-title">
          <CardHeader
            title="User Information"
            slotProps={{ title: { id: 'user-information-title', component: 'h2', variant: 'h6' } }}
            action={archived ? <Chip label="Archived" color="warning" /> : undefined}
          />
          <CardContent>
            {/* Re-mounted when the saved user changes so the form starts from the saved values. */}
            <UserForm
              key={`${u.id}-${u.deleted_at ?? ''}`}
              user={u}
              readOnly={archived || !canUpdate}
              hideRole={own}
              submitLabel="Save"
              onSave={async (values) => {
                const result = await update.mutateAsync({ id: u.id, body: values });
                notifySuccess(result.message);
                return result.user;
              }}
            />
          </CardContent>
        </Card>
        {has('permissions.manage') && <CustomPermissionsCard userId={u.id} readOnly={archived} />}
        {has('users.update-whitehat-integration') && <WhitehatCard userId={u.id} readOnly={archived} />}
        {!own && me && roleNames(me).includes('super_admin') && <TwoFactorResetCard userId={u.id} />}
        {(own || has('users.manage-notification-settings')) && (
          <NotificationSettingsCard userId={u.id} readOnly={archived} />
        )}
      </Stack>
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        text={dialog?.text ?? ''}
        confirmLabel={dialog?.label ?? ''}
        busy={archive.isPending || restore.isPending || remove.isPending}
        color={pending === 'restore' ? 'primary' : 'error'}
        onConfirm={run}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
