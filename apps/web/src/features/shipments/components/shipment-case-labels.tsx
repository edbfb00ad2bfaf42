import { SHIPPING_VIEW_PERMISSIONS } from '@archline/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { usePermissions } from '../../../session/permissions.ts';
import { isShipmentOpen, shipmentBlockedReason, type ShipmentCase } from '../shipment-rules.ts';
import { PatientLabelDialog } from './patient-label-dialog.tsx';

/**
 * A case's shipment in the shipping view: its patient labels (printed or not), why it cannot go on
 * a shipping label ('Shipping location is missing.', 'This is assigned to third party partner.'),
 * and the Patient Label action for staff who update shipping information.
 */
export function ShipmentCaseLabels({
  patient,
  shipment,
  onChanged,
}: ShipmentCase & {
  onChanged: () => void;
}) {
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  const printsLabels = can(...SHIPPING_VIEW_PERMISSIONS);
  const reason = isShipmentOpen(shipment) ? shipmentBlockedReason(shipment) : null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip
          size="small"
          variant="outlined"
          color={shipment.patient_label_printed ? 'success' : 'default'}
          label={shipment.patient_label_printed ? 'Patient label printed' : 'Patient label not printed'}
        />
        {!isShipmentOpen(shipment) && <Chip size="small" label="Completed" />}
      </Stack>
      {reason && (
        <Typography variant="body2" sx={{ color: 'warning.main' }}>
          {reason}
        </Typography>
      )}
      {printsLabels && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => setOpen(true)}
          aria-label={`Patient Label of ${patient.full_name}`}
        >
          Patient Label
        </Button>
      )}
      {printsLabels && (
        <PatientLabelDialog
          open={open}
          shipmentCase={{ patient, shipment }}
          onClose={() => setOpen(false)}
          onPrinted={() => {
            setOpen(false);
            onChanged();
          }}
        />
      )}
    </Stack>
  );
}
