import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useNotificationSettings, useToggleNotificationSetting } from '../api/notification-settings.ts';

/** 'low_bracket_inventory' -> 'Low Bracket Inventory'. */
export function settingLabel(name: string): string {
  return name
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** 'Notification Settings': one switch per notification key of the user. */
export function NotificationSettingsCard({ userId, readOnly }: { userId: number; readOnly: boolean }) {
  const settings = useNotificationSettings(userId);
  const toggle = useToggleNotificationSetting();
  return (
    <Card component="section" aria-labelledby="notification-settings-title">
      <CardHeader
        title="Notification Settings"
        slotProps={{ title: { id: 'notification-settings-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {settings.isPending && <Typography color="text.secondary">Loading...</Typography>}
        {settings.data && (
          <List dense aria-labelledby="notification-settings-title">
            {settings.data.map((s) => (
              <ListItem
                key={s.name}
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={s.enabled}
                    disabled={readOnly || toggle.isPending}
                    slotProps={{ input: { 'aria-label': settingLabel(s.name) } }}
                    onChange={() =>
                      toggle.mutate({ userId, name: s.name }, { onSuccess: (r) => notifySuccess(r.message) })
                    }
                  />
                }
              >
                <ListItemText primary={settingLabel(s.name)} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
