import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { AssignmentValue, RxFormResponse } from '@archline/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EMPTY_VALUE, formatDateTime } from '../../../lib/format.ts';
import { DetailField, detailGrid } from './detail-field.tsx';
import { assignmentLabel, PrintAssignment } from './print-assignment.tsx';

const LABEL_COLORS = { PENDING: 'warning', COMPLETED: 'success', CANCELLED: 'default' } as const;

/**
 * The initial case setup behind an initial setup request: the Rx form's label (PENDING once the
 * doctor was told, COMPLETED, CANCELLED), its status, who does the setup (a select while the setup
 * is new, for callers with rx-forms.assign), and Notify Doctor while the form is neither ready nor
 * cancelled (rx-forms.mark-as-ready or its organization variant). The server decides both.
 */
export function InitialSetupCard({
  form,
  error,
  options,
  busy,
  onAssign,
  onNotify,
}: {
  form: RxFormResponse | undefined;
  error: Error | null;
  /** The organization's initial setup assignments (the current one is always offered). */
  options: readonly number[] | undefined;
  busy: boolean;
  onAssign: (value: AssignmentValue) => Promise<unknown>;
  onNotify: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const rx = form?.rx_form;
  const rules = form?.metadata.modification_rules;
  const canAssign =
    !!rules?.can_change_assignments && rules.modifiable_fields.includes('initial_setup_assignment');
  const choices = rx ? [...new Set([...(options ?? []), rx.initial_setup_assignment])].sort() : [];

  return (
    <Card sx={{ mb: 2 }}>
      <CardHeader
        title="Initial Setup"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          rx?.label ? (
            <Chip size="small" color={LABEL_COLORS[rx.label]} variant="outlined" label={rx.label} />
          ) : undefined
        }
      />
      <CardContent>
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : !rx ? (
          <Skeleton variant="rounded" height={56} aria-label="Loading the initial setup" />
        ) : (
          <Stack spacing={2}>
            <Box sx={detailGrid}>
              <DetailField label="Setup Status">{rx.status}</DetailField>
              <DetailField label="Submitted">{formatDateTime(rx.submitted_at)}</DetailField>
              <DetailField label="Doctor Notified">
                {rx.ready_at ? formatDateTime(rx.ready_at) : EMPTY_VALUE}
              </DetailField>
              {!canAssign && (
                <DetailField label="Initial Setup By">
                  {assignmentLabel(rx.initial_setup_assignment)}
                </DetailField>
              )}
            </Box>
            {(canAssign || rx.can_notify_doctor) && (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                {canAssign && (
                  <PrintAssignment
                    label="Initial Setup By"
                    assignedTo={rx.initial_setup_assignment}
                    options={choices}
                    busy={busy}
                    onAssign={onAssign}
                  />
                )}
                {rx.can_notify_doctor && (
                  <Button variant="outlined" onClick={() => setConfirming(true)} disabled={busy}>
                    Notify Doctor
                  </Button>
                )}
              </Stack>
            )}
          </Stack>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Notify Doctor"
        text={`${rx?.user.full_name ?? 'The doctor'} will be told that the initial setup is ready for approval.`}
        confirmLabel="Notify Doctor"
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void onNotify().then(
            () => setConfirming(false),
            () => setConfirming(false),
          )
        }
      />
    </Card>
  );
}
