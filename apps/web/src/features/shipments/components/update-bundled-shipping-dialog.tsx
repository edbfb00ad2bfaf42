import DialogContentText from '@mui/material/DialogContentText';
import type { PatientShipment } from '@archline/contracts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useUpdateBundledShipment } from '../api/update-bundled-shipment.ts';
import { centsToInput } from '../shipment-rules.ts';
import { BundleFormDialog } from './bundle-form-dialog.tsx';

type Bundle = NonNullable<PatientShipment['bundle']>;

/** Update Bundled Shipping: a completed bundle's tracking number and fees (fees shown as dollars). */
export function UpdateBundledShippingDialog({
  open,
  bundle,
  onClose,
  onUpdated,
}: {
  open: boolean;
  bundle: Bundle;
  onClose: () => void;
  onUpdated: () => void;
}) {
  const update = useUpdateBundledShipment();
  return (
    <BundleFormDialog
      open={open}
      title="Update Bundled Shipping"
      submitLabel="Update"
      initial={{
        tracking_number: bundle.tracking_number ?? '',
        custom_shipping_fee: centsToInput(bundle.custom_shipping_fee_cents),
        internal_shipping_cost: centsToInput(bundle.internal_shipping_cost_cents),
      }}
      intro={<DialogContentText>Bundle #{bundle.id}</DialogContentText>}
      onClose={onClose}
      onSubmit={(body) =>
        update.mutateAsync({ id: bundle.id, body }).then((result) => {
          notifySuccess(result.message);
          onUpdated();
        })
      }
    />
  );
}
