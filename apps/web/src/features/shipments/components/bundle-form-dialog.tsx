import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { BundledCompletionBody } from '@archline/contracts';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError } from '../../../lib/notify.tsx';
import { usePermissions } from '../../../session/permissions.ts';

/** The Bundle dialog's fields (document 2 section 5): tracking number required, fees optional, at least 0. */
export const BundleForm = BundledCompletionBody.pick({
  tracking_number: true,
  custom_shipping_fee: true,
  internal_shipping_cost: true,
});
export type BundleFormInput = z.input<typeof BundleForm>;
export type BundleFormOutput = z.output<typeof BundleForm>;

/** What the form sends: the tracking number, and each fee the user may apply (in dollars, null when empty). */
export interface BundleValues {
  tracking_number: string;
  custom_shipping_fee?: number | null;
  internal_shipping_cost?: number | null;
}

const FIELDS = ['tracking_number', 'custom_shipping_fee', 'internal_shipping_cost'] as const;

/** Which fee fields the user sees and sends. */
export function useFeePermissions() {
  const { can } = usePermissions();
  return {
    customFee: can('customer-requests.apply-custom-shipping-fee'),
    internalCost: can('customer-requests.apply-internal-shipping-cost'),
  };
}

/**
 * The form of Bundled Shipping and Update Bundled Shipping: Tracking Number, and Custom Shipping
 * Fee and Internal Shipping Cost for users with customer-requests.apply-custom-shipping-fee /
 * apply-internal-shipping-cost. `onSubmit` gets the valid values (fees in dollars, only those the
 * user may apply); when it rejects, the server's field messages go under the fields.
 */
export function BundleFormDialog({
  open,
  title,
  submitLabel,
  initial,
  intro,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  initial: { tracking_number: string; custom_shipping_fee: string; internal_shipping_cost: string };
  intro?: ReactNode;
  onClose: () => void;
  /** Sends the values; a rejection shows the server's messages. */
  onSubmit: (values: BundleValues) => Promise<unknown>;
}) {
  const id = useId();
  const fees = useFeePermissions();
  const form = useForm<BundleFormInput, unknown, BundleFormOutput>({
    resolver: zodResolver(BundleForm),
    defaultValues: initial,
  });
  const { errors, isSubmitting: busy } = form.formState;

  // Each opening starts from the shipment as it is.
  const { tracking_number, custom_shipping_fee, internal_shipping_cost } = initial;
  useEffect(() => {
    if (open) form.reset({ tracking_number, custom_shipping_fee, internal_shipping_cost });
  }, [open, form, tracking_number, custom_shipping_fee, internal_shipping_cost]);

  const submit = form.handleSubmit(async (values) => {
    const dollars = (cents: number | null | undefined) =>
      cents === null || cents === undefined ? null : cents / 100;
    try {
      await onSubmit({
        tracking_number: values.tracking_number,
        ...(fees.customFee ? { custom_shipping_fee: dollars(values.custom_shipping_fee) } : {}),
        ...(fees.internalCost ? { internal_shipping_cost: dollars(values.internal_shipping_cost) } : {}),
      });
    } catch (error) {
      // The server's field messages go under the fields the user sees; anything else in a snackbar.
      const shown = FIELDS.filter(
        (f) =>
          f === 'tracking_number' ||
          (f === 'custom_shipping_fee' && fees.customFee) ||
          (f === 'internal_shipping_cost' && fees.internalCost),
      );
      if (!applyServerErrors(error, form.setError, shown)) notifyError(error);
    }
  });

  const money = (name: 'custom_shipping_fee' | 'internal_shipping_cost', label: string) => (
    <TextField
      {...form.register(name)}
      label={label}
      autoComplete="off"
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      disabled={busy}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'decimal' },
      }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
        <DialogContent>
          {intro}
          <TextField
            {...form.register('tracking_number')}
            label="Tracking Number"
            required
            autoFocus
            autoComplete="off"
            error={Boolean(errors.tracking_number)}
            helperText={errors.tracking_number?.message}
            disabled={busy}
          />
          {fees.customFee && money('custom_shipping_fee', 'Custom Shipping Fee')}
          {fees.internalCost && money('internal_shipping_cost', 'Internal Shipping Cost')}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Please wait...' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
