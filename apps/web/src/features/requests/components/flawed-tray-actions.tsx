import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import {
  FLAWED_TRAY_STATUS,
  JAW_TYPE_LABELS,
  isRequestOpen,
  type CustomerRequestDetails,
  type FlawedTray,
} from '@archline/contracts';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.tsx';
import { usePermissions } from '../../../session/permissions.ts';
import {
  useCorrectFlawedTray,
  useRemoveCorrectedFile,
  useUpdateFlawedTray,
} from '../api/flawed-tray-actions.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';

/** What the caller may do on the flawed trays of the request (the server's gates, while open). */
export function useFlawedTrayAbilities(request: CustomerRequestDetails) {
  const { can } = usePermissions();
  const open = isRequestOpen(request.status_id);
  return {
    correct: open && can('flawed-trays.correct', 'flawed-trays.manage'),
    update: open && can('flawed-trays.update', 'flawed-trays.manage'),
  };
}

const archOf = (tray: FlawedTray) => JAW_TYPE_LABELS[tray.arch] ?? `Arch ${tray.arch}`;

/** Print required: a switch for those who may update, else Yes or No. */
export function FlawedTrayPrint({ request, tray }: { request: CustomerRequestDetails; tray: FlawedTray }) {
  const abilities = useFlawedTrayAbilities(request);
  const update = useUpdateFlawedTray(request.id);
  if (!abilities.update) return <>{tray.print ? 'Yes' : 'No'}</>;
  return (
    <Switch
      size="small"
      checked={tray.print}
      disabled={update.isPending}
      slotProps={{ input: { 'aria-label': `Print the corrected ${archOf(tray)} tray` } }}
      onChange={(e) =>
        update.mutate(
          { trayId: tray.id, print: e.target.checked },
          { onSuccess: (r) => notifySuccess(r.message) },
        )
      }
    />
  );
}

/** Upload the corrected file of an open tray, or Remove File of a corrected one. */
export function FlawedTrayFileActions({
  request,
  tray,
}: {
  request: CustomerRequestDetails;
  tray: FlawedTray;
}) {
  const abilities = useFlawedTrayAbilities(request);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const correct = useCorrectFlawedTray(request.id, request.patient.id);
  const remove = useRemoveCorrectedFile(request.id);
  if (!abilities.correct) return null;
  const arch = archOf(tray);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    correct.mutate(
      { trayId: tray.id, file, onProgress: setProgress },
      {
        onSuccess: (r) => notifySuccess(r.message),
        onSettled: () => {
          setProgress(null);
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  if (tray.status_id === FLAWED_TRAY_STATUS.corrected)
    return (
      <>
        <Button size="small" color="error" variant="outlined" onClick={() => setConfirming(true)}>
          Remove
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            &nbsp;File
          </Box>
          <Box component="span" sx={visuallyHidden}>
            {` of the ${arch} tray`}
          </Box>
        </Button>
        <ConfirmDialog
          open={confirming}
          title="Remove Corrected File"
          text={`Remove the corrected file of the ${arch} tray? The tray becomes open again.`}
          confirmLabel="Remove File"
          color="error"
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(tray.id, {
              onSuccess: (r) => {
                setConfirming(false);
                notifySuccess(r.message);
              },
            })
          }
          onClose={() => setConfirming(false)}
        />
      </>
    );

  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept=".stl"
        hidden
        aria-label={`Corrected file of the ${arch} tray`}
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <Button
        size="small"
        variant="outlined"
        onClick={() => input.current?.click()}
        disabled={correct.isPending}
      >
        {correct.isPending ? (
          'Uploading...'
        ) : (
          <>
            Upload
            {/* The short label keeps the table within a phone's width. */}
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              &nbsp;Corrected File
            </Box>
          </>
        )}
        <Box component="span" sx={visuallyHidden}>
          {` for the ${arch} tray`}
        </Box>
      </Button>
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={progress}
          sx={{ mt: 0.5 }}
          aria-label={`Upload of the ${arch} corrected file`}
        />
      )}
    </Box>
  );
}
