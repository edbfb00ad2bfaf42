import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { monthlyBillingNote, type InitialOrder } from '@archline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { ME_QUERY_KEY } from '../../../session/me.ts';
import {
  initialOrderQueryOptions,
  useInitialOrder,
  useProcessInitialPurchase,
} from '../api/initial-order.ts';
import { usePaymentInfo } from '../api/payment-methods.ts';
import { formatCalendarDate, formatCents } from '../../../lib/format.ts';
import { StepActions } from './step-actions.tsx';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';

/** The order preview: the start-up fee (struck through when a code replaced it), codes, card fee, total. */
export function OrderTable({ order }: { order: InitialOrder }) {
  const card = order.payment_method_type === 'card';
  return (
    <Table
      size="small"
      aria-label="Order summary"
      sx={{ '& td:last-of-type, & th:last-of-type': { textAlign: 'right' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Item
          </TableCell>
          <TableCell component="th" scope="col">
            Amount
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.items.map((item) => (
          <TableRow key={item.product.id}>
            <TableCell>{item.product.name}</TableCell>
            <TableCell>
              {item.struck_through ? (
                <>
                  <Box component="s" sx={{ color: 'text.secondary' }}>
                    {formatCents(item.value)}
                  </Box>
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    (replaced by the promotion code)
                  </Box>
                </>
              ) : (
                formatCents(item.value)
              )}
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell>Subtotal</TableCell>
          <TableCell>{formatCents(order.subtotal)}</TableCell>
        </TableRow>
        {order.discounts.map((d) => (
          <TableRow key={d.promotion_code.id}>
            <TableCell>
              Promotion code {d.promotion_code.code}
              {d.promotion_code.description && (
                <Typography variant="body2" color="text.secondary">
                  {d.promotion_code.description}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              {/* A First Month code takes nothing off today: it comes off the monthly fee. */}
              {d.value === 0 ? 'On the monthly fee' : formatCents(-Math.abs(d.value))}
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell>
            {card ? 'Credit card fee (1.49%)' : 'Credit card fee (none for bank accounts)'}
          </TableCell>
          <TableCell>{formatCents(order.credit_card_fee)}</TableCell>
        </TableRow>
        <TableRow>
          <TableCell sx={{ fontWeight: 700, borderBottom: 0 }}>Total due today</TableCell>
          <TableCell sx={{ fontWeight: 700, borderBottom: 0 }}>{formatCents(order.total)}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/**
 * Step 3: the order preview (start-up fee, promotion code, card fee, total) and Place Order. On
 * success the current user is refreshed and the portal opens on /patients; on failure the error
 * shows and the user stays.
 */
export function OrderStep({
  organizationId,
  onBack,
  onPlaced,
}: {
  organizationId: number;
  onBack: () => void;
  onPlaced: () => void;
}) {
  const queryClient = useQueryClient();
  const [promoInput, setPromoInput] = useState('');
  const [appliedCode, setAppliedCode] = useState('');
  const [promoError, setPromoError] = useState<string>();
  const [applying, setApplying] = useState(false);
  const [purchaseError, setPurchaseError] = useState<string>();
  const order = useInitialOrder(organizationId, appliedCode);
  const info = usePaymentInfo(organizationId);
  const purchase = useProcessInitialPurchase();
  const hasPaymentMethod = (info.data?.payment_methods.length ?? 0) > 0;
  const calculating = order.isFetching || applying;
  const placing = purchase.isPending;

  const apply = async () => {
    const code = promoInput.trim().toUpperCase();
    setPromoError(undefined);
    setPromoInput(code);
    if (!code) {
      setAppliedCode('');
      return;
    }
    setApplying(true);
    try {
      await queryClient.fetchQuery(initialOrderQueryOptions(organizationId, code));
      setAppliedCode(code);
    } catch (error) {
      setPromoError(
        error instanceof ApiError ? (error.errors.promo_code?.[0] ?? error.message) : errorMessage(error),
      );
    } finally {
      setApplying(false);
    }
  };

  const removeCode = () => {
    setAppliedCode('');
    setPromoInput('');
    setPromoError(undefined);
  };

  const place = async () => {
    setPurchaseError(undefined);
    try {
      const result = await purchase.mutateAsync({ organizationId, promoCode: appliedCode });
      notifySuccess(result.message);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      onPlaced();
    } catch (error) {
      setPurchaseError(errorMessage(error));
      // Already set up elsewhere: the refreshed user takes the guard to /patients.
      if (error instanceof ApiError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    }
  };

  return (
    <Box>
      <Box
        component="form"
        noValidate
        aria-label="Apply a promotion code"
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, maxWidth: 520 }}
      >
        <TextField
          name="promo_code"
          label="Promotion Code"
          value={promoInput}
          onChange={(event) => setPromoInput(event.target.value)}
          error={Boolean(promoError)}
          helperText={promoError ?? (appliedCode ? `Code ${appliedCode} applied` : 'Optional')}
          disabled={placing}
          slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
          sx={{ mt: 0 }}
          margin="none"
        />
        <Button type="submit" variant="outlined" disabled={calculating || placing} sx={{ mt: 1 }}>
          Apply
        </Button>
        {appliedCode && (
          <Button
            onClick={removeCode}
            disabled={calculating || placing}
            aria-label="Remove the promotion code"
            sx={{ mt: 1 }}
          >
            Remove
          </Button>
        )}
      </Box>

      <Box sx={{ mt: 3, position: 'relative' }} aria-busy={calculating}>
        {order.isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4 }}>
            <CircularProgress size={20} aria-hidden="true" /> Calculating your order...
          </Box>
        ) : order.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void order.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(order.error)}
          </Alert>
        ) : (
          <>
            <OrderTable order={order.data} />
            <Box sx={{ mt: 3, p: 2, bgcolor: 'background.default', borderRadius: 1 }}>
              <Typography>
                Monthly subscription: <strong>{formatCents(order.data.monthly_fee)}</strong> per month
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {monthlyBillingNote(formatCalendarDate(order.data.first_monthly_billing_date))}
              </Typography>
            </Box>
            {calculating && (
              <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
                <CircularProgress size={16} aria-hidden="true" /> Updating the order...
              </Box>
            )}
          </>
        )}
      </Box>

      {!hasPaymentMethod && info.isSuccess && (
        <Alert severity="warning" sx={{ mt: 3 }}>
          Please add a payment method.
        </Alert>
      )}
      {purchaseError && (
        <Alert severity="error" sx={{ mt: 3 }} role="alert">
          {purchaseError}
        </Alert>
      )}

      <StepActions
        onBack={onBack}
        backDisabled={placing}
        next={
          <Button
            variant="contained"
            onClick={() => void place()}
            disabled={calculating || placing || !order.isSuccess || !hasPaymentMethod}
            startIcon={
              placing ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined
            }
          >
            {placing ? 'Placing Order...' : 'Place Order'}
          </Button>
        }
      />
    </Box>
  );
}
