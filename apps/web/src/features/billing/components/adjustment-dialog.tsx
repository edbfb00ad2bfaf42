import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DiscountOrChargeForm, dollarTextToCents } from '@archline/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useAddDiscountOrCharge } from '../api/orders.ts';

/** Add a charge or a discount to an order: description and value required before Continue. */
export function AdjustmentDialog({
  orderId,
  kind,
  onClose,
}: {
  orderId: number;
  kind: 'discount' | 'charge';
  onClose: () => void;
}) {
  const add = useAddDiscountOrCharge();
  const [error, setError] = useState<string>();
  const form = useForm<DiscountOrChargeForm>({
    resolver: zodResolver(DiscountOrChargeForm),
    defaultValues: { custom_description: '', amount: '' },
    mode: 'onTouched',
  });
  const [description, amount] = useWatch({ control: form.control, name: ['custom_description', 'amount'] });
  const ready = description.trim() !== '' && amount.trim() !== '';
  const errors = form.formState.errors;
  const title = kind === 'discount' ? 'Add Discount' : 'Add Charge';
  const submit = form.handleSubmit(async (values) => {
    setError(undefined);
    const cents = dollarTextToCents(values.amount);
    try {
      const result = await add.mutateAsync({
        orderId,
        custom_description: values.custom_description.trim(),
        value: kind === 'discount' ? -cents : cents,
      });
      notifySuccess(result.message);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="adjustment-dialog-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="adjustment-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Description"
              required
              {...form.register('custom_description')}
              error={Boolean(errors.custom_description)}
              helperText={errors.custom_description?.message}
              fullWidth
            />
            <TextField
              label="Value"
              required
              {...form.register('amount')}
              error={Boolean(errors.amount)}
              helperText={errors.amount?.message}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
              fullWidth
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!ready || add.isPending}>
            {add.isPending ? 'Saving...' : 'Continue'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
