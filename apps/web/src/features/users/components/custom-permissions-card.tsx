import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { CUSTOM_PERMISSION_MESSAGES } from '@archline/contracts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useCustomPermissions, useToggleCustomPermission } from '../api/custom-permissions.ts';

/** 'Additional User Permissions': one switch per custom permission of the user's roles. */
export function CustomPermissionsCard({ userId, readOnly }: { userId: number; readOnly: boolean }) {
  const permissions = useCustomPermissions(userId);
  const toggle = useToggleCustomPermission();
  return (
    <Card component="section" aria-labelledby="custom-permissions-title">
      <CardHeader
        title="Additional User Permissions"
        slotProps={{ title: { id: 'custom-permissions-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {permissions.isPending && <Typography color="text.secondary">Loading...</Typography>}
        {permissions.data?.length === 0 && (
          <Typography color="text.secondary">{CUSTOM_PERMISSION_MESSAGES.empty}</Typography>
        )}
        {permissions.data && permissions.data.length > 0 && (
          <List dense aria-labelledby="custom-permissions-title">
            {permissions.data.map((p) => (
              <ListItem
                key={p.permission}
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={p.enabled}
                    disabled={readOnly || toggle.isPending}
                    slotProps={{ input: { 'aria-label': p.label } }}
                    onChange={() =>
                      toggle.mutate(
                        { userId, permission: p.permission },
                        { onSuccess: (r) => notifySuccess(r.message) },
                      )
                    }
                  />
                }
              >
                <ListItemText primary={p.label} secondary={p.description} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
