import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DIBS_OPTION_DESKTOP,
  DIBS_OPTION_ONLINE,
  SUPPORT_PHONE,
  UNSTABLE_USAGE_TITLE,
  VIEWER_OPEN_MESSAGES,
  type UnstableSoftwareUsageResponse,
} from '@archline/contracts/installers';
import { patientListStatus } from '@archline/contracts/patients';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useViewerPatient } from '../api/case-preview.ts';
import { checkUnstableSoftwareUsage, generateStreamingUrl, useViewerOptions } from '../api/open-flow.ts';
import { dibsDeepLink } from '../deep-link.ts';
import { checkedToday, rememberChecked } from '../unstable-check-memory.ts';

type LatestInstaller = UnstableSoftwareUsageResponse['data']['latest_installer'];

/** The steps of opening a case: the approved-case warning, the unstable version check, then open. */
type Step =
  | { kind: 'loading' }
  | { kind: 'approved' }
  | { kind: 'checking' }
  | { kind: 'unstable'; latest: LatestInstaller }
  | { kind: 'open' }
  | { kind: 'cancelled' };

function WarningDialog({
  title,
  children,
  onContinue,
  onCancel,
}: {
  title: string;
  children: React.ReactNode;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} component="div">
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onContinue} autoFocus>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Opens a case in DIBS: first the approved-case warning, then (for an organization) the unstable
 * version check at most once a day, then by the organization's allowed options: one option opens
 * at once, two offer 'Open via Desktop' and 'Open via Online'. Desktop is a deep link with the
 * single-use code; online asks for a streaming URL and opens it in a new tab.
 */
export function ViewerOpenFlow({ patientId, code }: { patientId: number; code: string }) {
  const patient = useViewerPatient(patientId);
  const options = useViewerOptions(patientId);
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [onlineBusy, setOnlineBusy] = useState(false);
  const autoOpened = useRef(false);
  const organizationId = options.data?.organization_id ?? null;
  const allowed = options.data?.allowed_dibs_options ?? [];
  const desktop = allowed.includes(DIBS_OPTION_DESKTOP);
  const online = allowed.includes(DIBS_OPTION_ONLINE);
  const deepLink = dibsDeepLink(code, String(patientId));

  // Step 1: the approved-case warning.
  useEffect(() => {
    if (step.kind !== 'loading' || !patient.data || !options.data) return;
    setStep(patientListStatus(patient.data) === 'approved' ? { kind: 'approved' } : { kind: 'checking' });
  }, [step.kind, patient.data, options.data]);

  // Step 2: the unstable version check of the organization, at most once a day.
  useEffect(() => {
    if (step.kind !== 'checking' || organizationId === null) return;
    if (checkedToday(organizationId)) return setStep({ kind: 'open' });
    const controller = new AbortController();
    checkUnstableSoftwareUsage(organizationId, controller.signal)
      .then((res) => {
        rememberChecked(organizationId);
        setStep(
          res.data.detected ? { kind: 'unstable', latest: res.data.latest_installer } : { kind: 'open' },
        );
      })
      .catch(() => {
        if (!controller.signal.aborted) setStep({ kind: 'open' });
      });
    return () => controller.abort();
  }, [step.kind, organizationId]);

  async function openOnline(target: Window | null) {
    setOnlineBusy(true);
    setError(null);
    try {
      const url = await generateStreamingUrl(code, patientId);
      if (target) target.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      target?.close();
      setError(errorMessage(err) || VIEWER_OPEN_MESSAGES.streamingFailed);
    } finally {
      setOnlineBusy(false);
    }
  }

  // Step 3: a single allowed option opens at once.
  useEffect(() => {
    if (step.kind !== 'open' || autoOpened.current || (desktop && online)) return;
    autoOpened.current = true;
    if (desktop) window.location.href = deepLink;
    else if (online) void openOnline(null);
  }, [step.kind, desktop, online]);

  if (patient.isError || options.isError)
    return <Alert severity="warning">The case could not be loaded.</Alert>;
  if (step.kind === 'loading' || step.kind === 'checking')
    return <CircularProgress size={24} aria-label="Preparing the case..." />;
  if (step.kind === 'approved')
    return (
      <WarningDialog
        title="Case Already Approved"
        onContinue={() => setStep({ kind: 'checking' })}
        onCancel={() => setStep({ kind: 'cancelled' })}
      >
        {VIEWER_OPEN_MESSAGES.approvedWarning}
      </WarningDialog>
    );
  if (step.kind === 'unstable')
    return (
      <WarningDialog
        title={UNSTABLE_USAGE_TITLE}
        onContinue={() => setStep({ kind: 'open' })}
        onCancel={() => setStep({ kind: 'cancelled' })}
      >
        <Typography sx={{ mb: 1 }}>
          A DIBS version marked unstable is in use in your organization. Please download and install the
          latest version
          {step.latest ? ` (${step.latest.version})` : ''}.
        </Typography>
        {step.latest && (
          <Link href={step.latest.download_url} sx={{ display: 'inline-block', mb: 1 }}>
            Download DIBS {step.latest.version}
          </Link>
        )}
        <Typography>
          Need help? Call support at{' '}
          <Link href={`tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`}>{SUPPORT_PHONE}</Link>.
        </Typography>
      </WarningDialog>
    );
  if (step.kind === 'cancelled')
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>The case was not opened.</Typography>
        <Button variant="outlined" onClick={() => setStep({ kind: 'loading' })}>
          Start Again
        </Button>
      </Stack>
    );

  return (
    <Stack spacing={2}>
      {desktop && online ? (
        <Typography>Choose how to open the case.</Typography>
      ) : (
        <Typography role="status">
          {desktop
            ? 'Opening the case in the DIBS desktop application. If nothing happens, make sure DIBS is installed.'
            : 'Opening the case in DIBS online...'}
        </Typography>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {desktop && (
          <Button component="a" href={deepLink} variant="contained" size="large">
            {online ? VIEWER_OPEN_MESSAGES.openDesktop : 'Open'}
          </Button>
        )}
        {online && (
          <Button
            variant={desktop ? 'outlined' : 'contained'}
            size="large"
            endIcon={<OpenInNewIcon aria-hidden="true" />}
            disabled={onlineBusy}
            aria-label={`${VIEWER_OPEN_MESSAGES.openOnline} (opens in a new tab)`}
            onClick={() => {
              // The tab opens on the click itself (a pop-up blocker allows it), the address follows.
              const target = window.open('', '_blank');
              if (target) target.opener = null;
              void openOnline(target);
            }}
          >
            {VIEWER_OPEN_MESSAGES.openOnline}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
