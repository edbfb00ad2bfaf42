import DialogContentText from '@mui/material/DialogContentText';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useCompleteBundledShipment } from '../api/complete-bundled-shipment.ts';
import { centsToInput, groupBundle, openCases, type ShipmentCase } from '../shipment-rules.ts';
import { BundleFormDialog } from './bundle-form-dialog.tsx';

/**
 * Bundled Shipping: completes the open cases of a shipping group with the parcel's tracking number
 * (prefilled from the bundle's label) and, for users who may apply them, its fees.
 */
export function BundledShippingDialog({
  open,
  cases,
  onClose,
  onCompleted,
}: {
  open: boolean;
  cases: readonly ShipmentCase[];
  onClose: () => void;
  onCompleted: () => void;
}) {
  const complete = useCompleteBundledShipment();
  const bundle = groupBundle(cases);
  const completing = openCases(cases);
  const ids = completing.map((c) => c.shipment.printing_request_id);
  const location = completing[0]?.shipment.location?.name;
  return (
    <BundleFormDialog
      open={open}
      title="Bundled Shipping"
      submitLabel="Complete"
      initial={{
        tracking_number: bundle?.tracking_number ?? completing[0]?.shipment.tracking_number ?? '',
        custom_shipping_fee: centsToInput(bundle?.custom_shipping_fee_cents),
        internal_shipping_cost: centsToInput(bundle?.internal_shipping_cost_cents),
      }}
      intro={
        <DialogContentText>
          {completing.length === 1 ? 'Completes 1 case' : `Completes ${completing.length} cases`}
          {location ? ` shipping to ${location}` : ''}:{' '}
          {completing.map((c) => c.patient.formatted_name).join('; ')}.
        </DialogContentText>
      }
      onClose={onClose}
      onSubmit={(values) =>
        complete.mutateAsync({ ids, ...values }).then((result) => {
          notifySuccess(result.message);
          onCompleted();
        })
      }
    />
  );
}
