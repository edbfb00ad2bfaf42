import { SHIPPING_VIEW_PERMISSIONS } from '@archline/contracts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatCents } from '../../../lib/format.ts';
import { usePermissions } from '../../../session/permissions.ts';
import {
  completeProblem,
  groupBundle,
  openCases,
  shippingLabelProblem,
  type ShipmentCase,
} from '../shipment-rules.ts';
import { useFeePermissions } from './bundle-form-dialog.tsx';
import { BundledShippingDialog } from './bundled-shipping-dialog.tsx';
import { ExplainedButton } from './explained-button.tsx';
import { PrintShippingLabelDialog } from './print-shipping-label-dialog.tsx';
import { UpdateBundledShippingDialog } from './update-bundled-shipping-dialog.tsx';

type Open = 'label' | 'complete' | 'tracking' | null;

/**
 * A shipping group's actions (the case list's group header): Print Shipping Label (staff who
 * update shipping information), Complete while some case is open, Tracking once the bundle is
 * completed (staff who complete requests). Disabled actions say why. The bundle's fees show to
 * those who may apply them. `onChanged` refreshes the list after a change.
 */
export function ShipmentGroupActions({
  cases,
  onChanged,
}: {
  cases: readonly ShipmentCase[];
  onChanged: () => void;
}) {
  const { can } = usePermissions();
  const fees = useFeePermissions();
  const [open, setOpen] = useState<Open>(null);
  const printsLabels = can(...SHIPPING_VIEW_PERMISSIONS);
  const completes = can('customer-requests.complete', 'customer-requests.manage');
  const bundle = groupBundle(cases);
  const hasOpen = openCases(cases).length > 0;
  const done = () => {
    setOpen(null);
    onChanged();
  };
  const money = [
    fees.customFee && bundle?.custom_shipping_fee_cents != null
      ? `Fee ${formatCents(bundle.custom_shipping_fee_cents)}`
      : null,
    fees.internalCost && bundle?.internal_shipping_cost_cents != null
      ? `Cost ${formatCents(bundle.internal_shipping_cost_cents)}`
      : null,
  ].filter(Boolean);

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {money.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {money.join(' · ')}
          </Typography>
        )}
        {printsLabels && (
          <ExplainedButton
            size="small"
            variant="outlined"
            reason={shippingLabelProblem(cases)}
            onClick={() => setOpen('label')}
          >
            Print Shipping Label
          </ExplainedButton>
        )}
        {completes && hasOpen && (
          <ExplainedButton
            size="small"
            variant="contained"
            reason={completeProblem(cases)}
            onClick={() => setOpen('complete')}
          >
            Complete
          </ExplainedButton>
        )}
        {completes && bundle?.completed_at && (
          <ExplainedButton size="small" variant="outlined" reason={null} onClick={() => setOpen('tracking')}>
            Tracking
          </ExplainedButton>
        )}
      </Stack>
      {printsLabels && (
        <PrintShippingLabelDialog
          open={open === 'label'}
          cases={cases}
          onClose={() => setOpen(null)}
          onPrinted={done}
        />
      )}
      {completes && hasOpen && (
        <BundledShippingDialog
          open={open === 'complete'}
          cases={cases}
          onClose={() => setOpen(null)}
          onCompleted={done}
        />
      )}
      {completes && bundle?.completed_at && (
        <UpdateBundledShippingDialog
          open={open === 'tracking'}
          bundle={bundle}
          onClose={() => setOpen(null)}
          onUpdated={done}
        />
      )}
    </>
  );
}
