import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ExpiryForm, type PaymentMethod } from '@archline/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useUpdateExpiry } from '../api/payment-methods.ts';

/** Update Expiration Date: a new month (MM) and year (YYYY) for a card, not in the past. */
export function ExpiryDialog({
  organizationId,
  method,
  onClose,
}: {
  organizationId: number;
  method: PaymentMethod;
  onClose: () => void;
}) {
  const update = useUpdateExpiry(organizationId);
  const [error, setError] = useState<string>();
  const current = method.card_exp_datetime ?? '';
  const form = useForm<ExpiryForm>({
    resolver: zodResolver(ExpiryForm),
    defaultValues: { expiry_month: current.slice(5, 7), expiry_year: current.slice(0, 4) },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setError(undefined);
    try {
      const result = await update.mutateAsync({
        id: method.id,
        card_exp_datetime: `${values.expiry_year}-${values.expiry_month}`,
      });
      notifySuccess(result.message);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="expiry-dialog-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="expiry-dialog-title">Update Expiration Date</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <div>{method.payment_method_nickname}</div>
            <Stack direction="row" spacing={2}>
              <TextField
                label="Month (MM)"
                {...form.register('expiry_month')}
                error={Boolean(errors.expiry_month)}
                helperText={errors.expiry_month?.message}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', maxLength: 2, autoComplete: 'cc-exp-month' },
                }}
                fullWidth
              />
              <TextField
                label="Year (YYYY)"
                {...form.register('expiry_year')}
                error={Boolean(errors.expiry_year)}
                helperText={errors.expiry_year?.message}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, autoComplete: 'cc-exp-year' } }}
                fullWidth
              />
            </Stack>
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
