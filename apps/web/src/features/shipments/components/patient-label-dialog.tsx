import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { JAW_TYPE_LABELS } from '@archline/contracts';
import { useId, type ReactNode } from 'react';
import { EMPTY_VALUE } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.tsx';
import { usePrintPatientLabels } from '../api/print-patient-labels.ts';
import type { ShipmentCase } from '../shipment-rules.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * Patient Label: the case and its arches; Print saves the bench's labels (a PDF, one per item of
 * the printing request) and the server marks them printed.
 */
export function PatientLabelDialog({
  open,
  shipmentCase,
  onClose,
  onPrinted,
}: {
  open: boolean;
  shipmentCase: ShipmentCase;
  onClose: () => void;
  onPrinted: () => void;
}) {
  const id = useId();
  const print = usePrintPatientLabels();
  const { patient, shipment } = shipmentCase;
  const busy = print.isPending;
  const jaws = patient.rx_form?.jaws_id;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Patient Label</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          <Field label="Patient">{patient.formatted_name}</Field>
          <Field label="Doctor">{patient.user.full_name}</Field>
          <Field label="Case Number">{patient.case_number_text ?? EMPTY_VALUE}</Field>
          <Field label="Arches">{jaws ? (JAW_TYPE_LABELS[jaws] ?? EMPTY_VALUE) : EMPTY_VALUE}</Field>
          <Field label="Print Request">#{shipment.printing_request_id}</Field>
          <Field label="Labels">{shipment.patient_label_printed ? 'Printed' : 'Not printed'}</Field>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() =>
            print.mutate(shipment.printing_request_id, {
              onSuccess: onPrinted,
              onError: (error) => notifyError(error),
            })
          }
        >
          {busy ? 'Please wait...' : shipment.patient_label_printed ? 'Print Again' : 'Print'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
