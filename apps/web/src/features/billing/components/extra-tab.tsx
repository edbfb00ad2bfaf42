import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BuySeatsForm,
  SEAT_LIMITS,
  SEAT_MESSAGES,
  seatsTotalCents,
  type BuySeatsFormInput,
} from '@archline/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCents } from '../../../lib/format.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { currentOrganizationOf, type MeUser } from '../../../session/me.ts';
import { userCan } from '../../../session/permissions.ts';
import { useBuySeats, useOrganizationSeats } from '../api/seats.ts';

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <Box component="div" sx={{ minWidth: 140 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** A whole number of seats typed in the field, or null while it is not one (for the total). */
function typedQuantity(text: string): number | null {
  const parsed = BuySeatsForm.safeParse({ quantity: text });
  return parsed.success ? parsed.data.quantity : null;
}

/**
 * The account page's Extra tab (shown only when the contract's license type allows buying seats):
 * the license's seats, the seat price, and buying 1-50 seats after a confirmation. The license
 * gains them at once; their price goes on the current invoice.
 */
export function ExtraTab({ user }: { user: MeUser }) {
  const organizationId = currentOrganizationOf(user)?.id ?? 0;
  // Seats are bought by whoever manages the payment methods (the practice owner).
  const mayBuy = userCan(user, 'organization.f_m_payment_methods.update');
  const seats = useOrganizationSeats(organizationId, mayBuy);
  const buy = useBuySeats(organizationId);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const form = useForm<BuySeatsFormInput, unknown, { quantity: number }>({
    resolver: zodResolver(BuySeatsForm),
    defaultValues: { quantity: '1' },
    mode: 'onTouched',
  });
  const quantityText = useWatch({ control: form.control, name: 'quantity' });
  const quantity = typedQuantity(quantityText);
  const price = seats.data?.seat_price ?? 0;
  const total = quantity === null ? null : seatsTotalCents(quantity, price);

  const submit = form.handleSubmit((values) => {
    setError(undefined);
    setConfirming(values.quantity);
  });
  const confirm = async () => {
    if (confirming === null) return;
    try {
      const result = await buy.mutateAsync({ quantity: confirming });
      notifySuccess(result.message);
      setConfirming(null);
      form.reset({ quantity: '1' });
    } catch (e) {
      setConfirming(null);
      if (!applyServerErrors(e, form.setError, ['quantity'])) setError(errorMessage(e));
    }
  };

  if (!mayBuy) return <Alert severity="info">{SEAT_MESSAGES.ownerOnly}</Alert>;
  if (seats.isPending)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
        <CircularProgress size={20} aria-hidden="true" /> Loading seats...
      </Box>
    );
  if (seats.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void seats.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(seats.error)}
      </Alert>
    );
  const { license, allow_buy_seats } = seats.data;
  if (!license || !allow_buy_seats)
    return <Alert severity="info">{license ? SEAT_MESSAGES.notAllowed : SEAT_MESSAGES.noLicense}</Alert>;

  return (
    <Card component="section" aria-labelledby="extra-seats-title">
      <CardContent>
        <Stack spacing={3}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography id="extra-seats-title" variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
              Additional Seats
            </Typography>
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={`Available Seats: ${license.available_seats}`}
            />
          </Stack>
          <Box component="dl" aria-label="License" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
            <Fact label="License Type" value={license.license_type.name} />
            <Fact label="Seats" value={license.seats} />
            <Fact label="Seats in Use" value={license.devices_count} />
            <Fact label="Available Seats" value={license.available_seats} />
            <Fact label="Price per Seat" value={formatCents(price)} />
          </Box>
          <Box component="form" noValidate onSubmit={submit} aria-label="Buy seats">
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextField
                label="Quantity"
                required
                {...form.register('quantity')}
                error={Boolean(form.formState.errors.quantity)}
                helperText={
                  form.formState.errors.quantity?.message ??
                  `From ${SEAT_LIMITS.min} to ${SEAT_LIMITS.max} seats`
                }
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ width: { xs: '100%', sm: 200 } }}
              />
              <Box sx={{ py: { sm: 1 } }}>
                <Typography variant="body2" color="text.secondary">
                  Total
                </Typography>
                <Typography aria-live="polite" data-testid="seats-total" sx={{ fontWeight: 600 }}>
                  {total === null ? '—' : formatCents(total)}
                </Typography>
              </Box>
              <Box sx={{ py: { sm: 1 } }}>
                <Button type="submit" variant="contained" disabled={buy.isPending}>
                  Buy Seats
                </Button>
              </Box>
            </Stack>
          </Box>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        title="Buy Seats"
        text={
          confirming === null
            ? ''
            : SEAT_MESSAGES.confirm(confirming, formatCents(seatsTotalCents(confirming, price)))
        }
        confirmLabel="Buy Seats"
        busy={buy.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
}
