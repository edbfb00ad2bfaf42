import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  isNotificationEmail,
  isNotificationPhone,
  NOTIFICATION_MAX_EMAILS,
  NOTIFICATION_MAX_PHONES,
  NOTIFICATION_SETTINGS_MESSAGES as M,
  type OrganizationNotificationSetting,
} from '@archline/contracts';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { usePermissions } from '../../../session/permissions.ts';
import {
  useOrganizationNotificationSettings,
  useUpdateOrganizationNotificationSettings,
} from '../api/organization-notification-settings.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Default recipients, 2 additional emails, 1 phone number' (or 'Off'). */
export function settingSummary(s: OrganizationNotificationSetting): string {
  if (!s.enabled) return 'Off';
  const parts = [s.is_disable_default_recipients ? 'No default recipients' : 'Default recipients'];
  if (s.additional_emails.length)
    parts.push(plural(s.additional_emails.length, 'additional email', 'additional emails'));
  parts.push(
    s.phone_numbers.length
      ? plural(s.phone_numbers.length, 'text number', 'text numbers')
      : 'no text messages',
  );
  return parts.join(', ');
}

/**
 * The organization page's Email and Text Notifications (organization.notification-settings.update):
 * per notification, whether it is sent, extra e-mail recipients, whether the default recipients are
 * left out, and the phone numbers that get it as a text message. Hidden without the permission.
 */
export function OrganizationNotificationSettingsSection({
  organizationId,
  readOnly,
}: {
  organizationId: number;
  readOnly: boolean;
}) {
  const { can } = usePermissions();
  const allowed = can('organization.notification-settings.update');
  const settings = useOrganizationNotificationSettings(organizationId, allowed);
  const update = useUpdateOrganizationNotificationSettings(organizationId);
  const [editing, setEditing] = useState<OrganizationNotificationSetting | null>(null);
  if (!allowed) return null;

  const save = async (s: OrganizationNotificationSetting) => {
    try {
      const result = await update.mutateAsync({
        [s.key]: {
          enabled: s.enabled,
          additional_emails: s.additional_emails,
          is_disable_default_recipients: s.is_disable_default_recipients,
          phone_numbers: s.phone_numbers,
        },
      });
      notifySuccess(result.message);
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };

  return (
    <Card component="section" aria-labelledby="notification-settings-title">
      <CardHeader
        title="Email and Text Notifications"
        subheader="Which notifications the organization gets by e-mail and by text message."
        slotProps={{ title: { id: 'notification-settings-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {settings.isPending ? (
          <PageLoader label="Loading notification settings..." />
        ) : settings.isError ? (
          <Alert severity="error">{errorMessage(settings.error)}</Alert>
        ) : (
          <List dense aria-labelledby="notification-settings-title" disablePadding>
            {settings.data.data.map((s) => (
              <ListItem key={s.key} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText primary={s.label} secondary={settingSummary(s)} sx={{ minWidth: 200 }} />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
                  <Switch
                    checked={s.enabled}
                    disabled={readOnly || update.isPending}
                    slotProps={{ input: { 'aria-label': `${s.label} enabled` } }}
                    onChange={(e) => void save({ ...s, enabled: e.target.checked })}
                  />
                  <Button
                    size="small"
                    disabled={readOnly}
                    aria-label={`Edit ${s.label}`}
                    onClick={() => setEditing(s)}
                  >
                    Edit
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      {editing && settings.data && (
        <NotificationSettingDialog
          setting={editing}
          suggestions={settings.data.metadata.email_suggestions}
          busy={update.isPending}
          onClose={() => setEditing(null)}
          onSave={async (s) => {
            if (await save(s)) setEditing(null);
          }}
        />
      )}
    </Card>
  );
}

function NotificationSettingDialog({
  setting,
  suggestions,
  busy,
  onClose,
  onSave,
}: {
  setting: OrganizationNotificationSetting;
  suggestions: string[];
  busy: boolean;
  onClose: () => void;
  onSave: (s: OrganizationNotificationSetting) => void;
}) {
  const [draft, setDraft] = useState(setting);
  const titleId = `notification-setting-${setting.key}-title`;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{setting.label}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={draft.enabled}
                onChange={(e) => setDraft((d) => ({ ...d, enabled: e.target.checked }))}
              />
            }
            label="Enabled"
          />
          <ChipListField
            label="Additional Emails"
            hint="Type an address and press Enter."
            values={draft.additional_emails}
            options={suggestions.filter((s) => !draft.additional_emails.includes(s))}
            isValid={isNotificationEmail}
            max={NOTIFICATION_MAX_EMAILS}
            invalidMessage={M.invalidEmail}
            tooManyMessage={M.tooManyEmails}
            // 'Disable Default Email Recipients' needs an additional email and clears when the list empties.
            onChange={(list) =>
              setDraft((d) => ({
                ...d,
                additional_emails: list,
                is_disable_default_recipients: list.length ? d.is_disable_default_recipients : false,
              }))
            }
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.is_disable_default_recipients}
                disabled={draft.additional_emails.length === 0}
                onChange={(e) => setDraft((d) => ({ ...d, is_disable_default_recipients: e.target.checked }))}
              />
            }
            label="Disable Default Email Recipients"
          />
          <ChipListField
            label="Text Message Phone Numbers"
            hint="Each number gets this notification as a text message."
            values={draft.phone_numbers}
            isValid={isNotificationPhone}
            max={NOTIFICATION_MAX_PHONES}
            invalidMessage={M.invalidPhone}
            tooManyMessage={M.tooManyPhones}
            onChange={(list) => setDraft((d) => ({ ...d, phone_numbers: list }))}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={busy} onClick={() => onSave(draft)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A list of addresses typed one at a time (Enter adds one, shown as chips): an invalid entry or one
 * past the limit is refused with its message and leaves the list as it was.
 */
function ChipListField({
  label,
  hint,
  values,
  options = [],
  isValid,
  max,
  invalidMessage,
  tooManyMessage,
  onChange,
}: {
  label: string;
  hint: string;
  values: string[];
  options?: string[];
  isValid: (value: string) => boolean;
  max: number;
  invalidMessage: string;
  tooManyMessage: string;
  onChange: (list: string[]) => void;
}) {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const set = (next: string[]) => {
    const added = next.filter((v) => !values.includes(v)).map((v) => v.trim());
    if (added.some((v) => !isValid(v))) return setError(invalidMessage);
    const list = [...new Set(next.map((v) => v.trim()))];
    if (list.length > max) return setError(tooManyMessage);
    setError(null);
    setInput('');
    onChange(list);
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      options={options}
      value={values}
      inputValue={input}
      onInputChange={(_e, value, reason) => {
        if (reason !== 'reset') setInput(value);
        if (error) setError(null);
      }}
      onChange={(_e, next) => set(next as string[])}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} label={option} size="small" {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? hint} />
      )}
    />
  );
}
