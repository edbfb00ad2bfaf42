import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REQUEST_MESSAGES } from '@archline/contracts';
import { useEffect, useId, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { usePrintShippingLabel } from '../api/print-shipping-label.ts';
import {
  canShip,
  groupBundle,
  isShipmentOpen,
  labelSelectionProblem,
  preselectedForLabel,
  shipmentBlockedReason,
  type ShipmentCase,
} from '../shipment-rules.ts';

/**
 * Print Shipping Label: the group's cases with a checkbox each (the open ones of the provider with
 * a location chosen first; a case that cannot ship says why). Print buys one label for the chosen
 * cases, which must share one location, and saves the PDF. A bundle whose label was bought offers
 * Reprint instead, which prints that label again.
 */
export function PrintShippingLabelDialog({
  open,
  cases,
  onClose,
  onPrinted,
}: {
  open: boolean;
  cases: readonly ShipmentCase[];
  onClose: () => void;
  onPrinted: () => void;
}) {
  const id = useId();
  const print = usePrintShippingLabel();
  const bundle = groupBundle(cases);
  const reprint = bundle?.shipping_label_printed ? bundle : null;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  // Each opening chooses afresh.
  const preselected = cases
    .filter((c) => preselectedForLabel(c.shipment))
    .map((c) => c.shipment.printing_request_id)
    .join(',');
  useEffect(() => {
    if (open) setSelected(new Set(preselected ? preselected.split(',').map(Number) : []));
  }, [open, preselected]);

  const selection = cases.filter((c) => selected.has(c.shipment.printing_request_id)).map((c) => c.shipment);
  const problem = reprint ? null : labelSelectionProblem(selection);
  const busy = print.isPending;

  const send = () =>
    print.mutate(
      reprint ? { bundled_shipment_id: reprint.id } : { ids: selection.map((s) => s.printing_request_id) },
      {
        onSuccess: () => {
          notifySuccess(REQUEST_MESSAGES.shippingLabelPrinted);
          onPrinted();
        },
        onError: (error) => notifyError(error),
      },
    );

  const toggle = (printingRequestId: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(printingRequestId)) next.delete(printingRequestId);
      else next.add(printingRequestId);
      return next;
    });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Print Shipping Label</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: 1 }}>
          {reprint
            ? `The label of bundle #${reprint.id}${reprint.tracking_number ? ` (tracking ${reprint.tracking_number})` : ''} has been bought; Reprint prints it again.`
            : 'Choose the cases that go in the parcel: one label for cases that ship to one location.'}
        </DialogContentText>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Cases">
          {cases.map(({ patient, shipment }) => {
            const reason = shipmentBlockedReason(shipment);
            const reasonId = `${id}-reason-${shipment.printing_request_id}`;
            const details = [shipment.location?.name, isShipmentOpen(shipment) ? null : 'Completed'].filter(
              Boolean,
            );
            return (
              <Box component="li" key={shipment.printing_request_id} data-testid="label-case">
                {reprint ? (
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {patient.formatted_name}
                  </Typography>
                ) : (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={selected.has(shipment.printing_request_id)}
                        disabled={busy || !canShip(shipment)}
                        onChange={() => toggle(shipment.printing_request_id)}
                        slotProps={{ input: { 'aria-describedby': reason ? reasonId : undefined } }}
                      />
                    }
                    label={patient.formatted_name}
                  />
                )}
                <Box sx={{ pl: reprint ? 0 : 4 }}>
                  {details.length > 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {details.join(' · ')}
                    </Typography>
                  )}
                  {reason && (
                    <Typography variant="body2" id={reasonId} sx={{ color: 'warning.main' }}>
                      {reason}
                    </Typography>
                  )}
                </Box>
              </Box>
            );
          })}
        </Stack>
        {problem && (
          <Alert severity="info" sx={{ mt: 2 }} id={`${id}-problem`}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={send}
          disabled={busy || problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
        >
          {busy ? 'Please wait...' : reprint ? 'Reprint' : 'Print'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
