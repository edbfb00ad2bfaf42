import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_MESSAGES, type WebhookEndpoint } from '@archline/contracts';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { currentOrganizationOf, type MeUser } from '../../../session/me.ts';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useWebhooks } from '../api/list-webhooks.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSendTestEvent } from '../api/send-test-event.ts';
import { useSetWebhooksEnabled } from '../api/set-webhooks-enabled.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { DeliveriesCard } from './deliveries-card.tsx';
import { EndpointDialog, type EndpointValues } from './endpoint-dialog.tsx';
import { SecretDialog } from './secret-dialog.tsx';

type Editing = { endpoint: WebhookEndpoint | null } | null;

function EndpointItem({
  endpoint,
  busy,
  onTest,
  onEdit,
  onRotate,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  busy: boolean;
  onTest: () => void;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: '1 1 200px' }}>
            {endpoint.url}
          </Typography>
          {endpoint.enabled ? (
            <Chip size="small" color="success" label="Active" />
          ) : (
            <Chip size="small" label="Paused" />
          )}
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} aria-label="Events">
          {endpoint.events.map((event) => (
            <Chip key={event} size="small" variant="outlined" label={WEBHOOK_EVENT_LABELS[event]} />
          ))}
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            onClick={onTest}
            disabled={busy}
            aria-label={`Send test event to ${endpoint.url}`}
          >
            Send test event
          </Button>
          <Button size="small" onClick={onEdit} disabled={busy} aria-label={`Edit ${endpoint.url}`}>
            Edit
          </Button>
          <Button
            size="small"
            onClick={onRotate}
            disabled={busy}
            aria-label={`Rotate secret of ${endpoint.url}`}
          >
            Rotate secret
          </Button>
          <Button
            size="small"
            color="error"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete ${endpoint.url}`}
          >
            Delete
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The account page's Webhooks tab (practice users with organization.webhooks.manage whose
 * organization is offered webhooks): the enable switch, the endpoints with their event types, the
 * signing secret shown once, and the delivery log.
 */
export function WebhooksTab({ user }: { user: MeUser }) {
  const organizationId = currentOrganizationOf(user)?.id;
  if (organizationId === undefined) return null;
  return <WebhooksOfOrganization organizationId={organizationId} />;
}

function WebhooksOfOrganization({ organizationId }: { organizationId: number }) {
  const id = useId();
  const query = useWebhooks(organizationId);
  const setEnabled = useSetWebhooksEnabled(organizationId);
  const create = useCreateWebhook(organizationId);
  const update = useUpdateWebhook(organizationId);
  const remove = useDeleteWebhook(organizationId);
  const rotate = useRotateWebhookSecret(organizationId);
  const test = useSendTestEvent(organizationId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [shown, setShown] = useState<{ secret: string; url: string } | null>(null);
  const [switching, setSwitching] = useState<boolean | null>(null);

  const enabled = query.data?.webhooks_enabled ?? false;
  const endpoints = query.data?.webhooks ?? [];
  const busy = create.isPending || update.isPending || remove.isPending || rotate.isPending || test.isPending;

  const save = async (values: EndpointValues) => {
    if (editing?.endpoint) {
      const result = await update.mutateAsync({ id: editing.endpoint.id, body: values });
      notifySuccess(result.message);
      setEditing(null);
      return;
    }
    const result = await create.mutateAsync({ url: values.url, events: values.events });
    setEditing(null);
    setShown({ secret: result.secret, url: result.webhook.url });
  };

  return (
    <Stack spacing={3}>
      <Card component="section" aria-labelledby={`${id}-title`} variant="outlined">
        <CardContent>
          <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ mb: 1 }}>
            Webhooks
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Send signed events about your cases, requests and invoices to your own systems.
          </Typography>
          <FormControlLabel
            label="Enable webhooks"
            control={
              <Switch
                checked={switching ?? enabled}
                disabled={query.isPending || switching !== null}
                onChange={(e) => {
                  // The switch moves in the same render as the click; it follows the server again
                  // once the answer and the refreshed settings are in (or the change failed).
                  setSwitching(e.target.checked);
                  setEnabled.mutate(e.target.checked, {
                    onSuccess: (result) => notifySuccess(result.message),
                    onError: notifyError,
                    onSettled: () => setSwitching(null),
                  });
                }}
              />
            }
          />
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby={`${id}-endpoints`} variant="outlined">
        <CardContent>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}
          >
            <Typography id={`${id}-endpoints`} variant="h6" component="h2">
              Endpoints
            </Typography>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing({ endpoint: null })}
            >
              Add endpoint
            </Button>
          </Stack>
          {!enabled && !query.isPending && endpoints.length > 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Webhooks are switched off: no events are sent until you enable them.
            </Alert>
          )}
          {query.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress aria-label="Loading endpoints" />
            </Box>
          ) : query.isError ? (
            <Alert severity="error">{errorMessage(query.error)}</Alert>
          ) : endpoints.length === 0 ? (
            <Typography color="text.secondary">{WEBHOOK_MESSAGES.noEndpoints}</Typography>
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="Webhook endpoints">
              {endpoints.map((endpoint) => (
                <EndpointItem
                  key={endpoint.id}
                  endpoint={endpoint}
                  busy={busy}
                  onTest={() =>
                    test.mutate(endpoint.id, {
                      onSuccess: (result) => notifySuccess(result.message),
                      onError: notifyError,
                    })
                  }
                  onEdit={() => setEditing({ endpoint })}
                  onRotate={() => setRotating(endpoint)}
                  onDelete={() => setDeleting(endpoint)}
                />
              ))}
            </Stack>
          )}
        </CardContent>
      </Card>

      <DeliveriesCard organizationId={organizationId} />

      {editing && (
        <EndpointDialog
          open
          endpoint={editing.endpoint}
          busy={create.isPending || update.isPending}
          onSubmit={(values) =>
            save(values).catch((err: unknown) => {
              notifyError(err);
              throw err;
            })
          }
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete endpoint"
        text={`Delete the endpoint ${deleting?.url ?? ''}? It stops receiving events and its delivery log is removed.`}
        confirmLabel="Delete"
        color="error"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (result) => {
              notifySuccess(result.message);
              setDeleting(null);
            },
            onError: notifyError,
          })
        }
      />
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate signing secret"
        text={`Replace the signing secret of ${rotating?.url ?? ''}? Deliveries are signed with the new secret at once; update your receiver.`}
        confirmLabel="Rotate secret"
        color="warning"
        busy={rotate.isPending}
        onClose={() => setRotating(null)}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (result) => {
              setRotating(null);
              setShown({ secret: result.secret, url: result.webhook.url });
            },
            onError: notifyError,
          })
        }
      />
      <SecretDialog secret={shown?.secret ?? null} url={shown?.url ?? ''} onClose={() => setShown(null)} />
    </Stack>
  );
}
