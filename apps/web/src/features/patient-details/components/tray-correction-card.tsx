import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { REQUEST_UPDATED_EVENT } from '@archline/contracts/requests';
import {
  TRAY_CORRECTION_ARCHES,
  trayCorrectionShownDisabled,
  type TrayCorrectionRequestSummary,
} from '@archline/contracts/tray-corrections';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useSocket } from '../../../session/realtime.tsx';
import { trayCorrectionKey } from '../api/keys.ts';
import {
  useRequestTrayCorrection,
  useTrayCorrection,
  type TrayCorrectionStatus,
} from '../api/tray-correction.ts';

const ARCH_NAMES: Record<number, string> = { 1: 'Maxillary', 2: 'Mandibular', 3: 'Both' };

/** A request of the patient's channel changed: the card fetches its state again. */
function useRefreshOnRequestEvents(patientId: number) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: trayCorrectionKey(patientId) });
    socket.on(REQUEST_UPDATED_EVENT, refetch);
    return () => {
      socket.off(REQUEST_UPDATED_EVENT, refetch);
    };
  }, [socket, patientId, queryClient]);
}

/** The dialog: Send Request only once an arch is ticked. */
export function TrayCorrectionDialog({
  open,
  status,
  patientId,
  onClose,
  onSent,
}: {
  open: boolean;
  status: TrayCorrectionStatus;
  patientId: number;
  onClose: () => void;
  onSent: (request: TrayCorrectionRequestSummary) => void;
}) {
  const id = useId();
  const [arches, setArches] = useState<number[]>([]);
  const send = useRequestTrayCorrection(patientId);
  const close = () => {
    if (send.isPending) return;
    setArches([]);
    send.reset();
    onClose();
  };
  const toggle = (arch: number, checked: boolean) =>
    setArches((current) => (checked ? [...current, arch].sort() : current.filter((a) => a !== arch)));
  const submit = () => {
    if (arches.length === 0 || status.ios_file_id === null) return;
    send.mutate(
      {
        organizationId: status.organization_id,
        body: {
          patient_id: patientId,
          location_id: null,
          arches: arches.map((a) => ({
            jaw_type_id: a as 1 | 2,
            ios_file_id: status.ios_file_id!,
            is_flawed: true,
            print_id: 2,
            expedited_shipping: false,
            insert_brackets: false,
          })),
        },
      },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          setArches([]);
          onSent(result.customer_request);
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>Request Tray Correction</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          Tick the arches whose trays are flawed. The lab corrects their tray files and uploads them to the
          request.
        </DialogContentText>
        <FormGroup aria-label="Arches" sx={{ mt: 1 }}>
          {TRAY_CORRECTION_ARCHES.map((a) => (
            <FormControlLabel
              key={a.id}
              control={
                <Checkbox checked={arches.includes(a.id)} onChange={(e) => toggle(a.id, e.target.checked)} />
              }
              label={a.label}
            />
          ))}
        </FormGroup>
        {send.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(send.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={send.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={arches.length === 0 || send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Request'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RequestRow({ request, highlight }: { request: TrayCorrectionRequestSummary; highlight: boolean }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: highlight ? 'action.selected' : undefined,
      }}
    >
      <Link component={RouterLink} to={`/requests/${request.id}`}>
        Flawed Tray Correction #{request.id}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {request.arches.map((a) => ARCH_NAMES[a] ?? a).join(', ')} · {formatDateTime(request.created_at)}
      </Typography>
      <Chip size="small" label={request.status} />
      <Chip
        size="small"
        variant="outlined"
        color={request.flawed_trays_status === 'COMPLETED' ? 'success' : 'warning'}
        label={request.flawed_trays_status}
        aria-label={`Flawed trays ${request.flawed_trays_status.toLowerCase()}`}
      />
    </Box>
  );
}

/**
 * Tray corrections on patient details: Request Tray Correction when every condition holds (hidden
 * otherwise, disabled with its reason when the case has several IOS files), and the case's flawed
 * tray requests, each linking to its request page.
 */
export function TrayCorrectionCard({ patientId }: { patientId: number }) {
  const query = useTrayCorrection(patientId);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  useRefreshOnRequestEvents(patientId);
  const status = query.data;
  if (!status) return null;
  const disabledReason =
    status.permitted && trayCorrectionShownDisabled(status.reason) ? status.reason : null;
  if (!status.permitted && status.requests.length === 0) return null;

  const action = status.available ? (
    <Button variant="outlined" onClick={() => setOpen(true)}>
      Request Tray Correction
    </Button>
  ) : disabledReason ? (
    <Tooltip title={disabledReason} describeChild>
      {/* A disabled button receives no pointer events: the wrapper carries the tooltip. */}
      <span tabIndex={0} aria-label={`Request Tray Correction: ${disabledReason}`}>
        <Button variant="outlined" disabled>
          Request Tray Correction
        </Button>
      </span>
    </Tooltip>
  ) : null;

  return (
    <Card component="section" aria-labelledby="tray-corrections-title">
      <CardHeader
        title="Tray Corrections"
        action={action}
        slotProps={{ title: { id: 'tray-corrections-title', component: 'h2', variant: 'h6' } }}
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {sent !== null && (
          <Alert severity="success" sx={{ mb: 1 }} onClose={() => setSent(null)}>
            The tray correction has been requested.{' '}
            <Link component={RouterLink} to={`/requests/${sent}`}>
              Open request #{sent}
            </Link>
          </Alert>
        )}
        {status.requests.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No tray corrections requested.
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Flawed tray requests">
            {status.requests.map((r) => (
              <RequestRow key={r.id} request={r} highlight={r.id === sent} />
            ))}
          </Box>
        )}
      </CardContent>
      {status.available && (
        <TrayCorrectionDialog
          open={open}
          status={status}
          patientId={patientId}
          onClose={() => setOpen(false)}
          onSent={(r) => {
            setOpen(false);
            setSent(r.id);
          }}
        />
      )}
    </Card>
  );
}
