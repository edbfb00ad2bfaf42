import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  CreateWebhookRequest,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@archline/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

export interface EndpointValues {
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
}

type Errors = { url?: string; events?: string };

function errorsOf(fieldErrors: Record<string, string[] | undefined>): Errors {
  const events = Object.entries(fieldErrors).find(([k]) => k === 'events' || k.startsWith('events.'))?.[1];
  return { url: fieldErrors.url?.[0], events: events?.[0] };
}

/** Add or edit an endpoint: its URL, the event types it receives and (when editing) whether it is on. */
export function EndpointDialog({
  open,
  endpoint,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** The endpoint edited; none when adding. */
  endpoint: WebhookEndpoint | null;
  busy: boolean;
  onSubmit: (values: EndpointValues) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [errors, setErrors] = useState<Errors>({});

  const toggle = (event: WebhookEventType, checked: boolean) =>
    setEvents((list) => (checked ? [...list, event] : list.filter((e) => e !== event)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const values = { url: url.trim(), events, enabled };
    const parsed = CreateWebhookRequest.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fieldErrors[issue.path.join('.')] ??= []).push(issue.message);
      setErrors(errorsOf(fieldErrors));
      return;
    }
    setErrors({});
    try {
      await onSubmit(values);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length) setErrors(errorsOf(err.errors));
      else throw err;
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={(e) => void submit(e).catch(() => {})}>
        <DialogTitle id={`${id}-title`}>{endpoint ? 'Edit endpoint' : 'Add endpoint'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Endpoint URL"
              placeholder="https://example.com/archline/webhooks"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              error={Boolean(errors.url)}
              helperText={errors.url ?? 'Archline POSTs signed JSON events to this address.'}
              required
              fullWidth
              autoFocus
              type="url"
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <FormControl component="fieldset" error={Boolean(errors.events)} required>
              <FormLabel component="legend">Events</FormLabel>
              <FormGroup>
                {WEBHOOK_EVENT_TYPES.map((event) => (
                  <FormControlLabel
                    key={event}
                    label={WEBHOOK_EVENT_LABELS[event]}
                    control={
                      <Checkbox
                        checked={events.includes(event)}
                        onChange={(e) => toggle(event, e.target.checked)}
                        name={event}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {errors.events && <FormHelperText>{errors.events}</FormHelperText>}
            </FormControl>
            {endpoint && (
              <FormControlLabel
                label="Endpoint active"
                control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
