import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AddIcon from '@mui/icons-material/Add';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PaymentMethod } from '@archline/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import {
  useMakePrimaryPaymentMethod,
  usePaymentInfo,
  useRemovePaymentMethod,
} from '../api/payment-methods.ts';
import { cardExpiryLabel, sortPaymentMethods } from '../setup-helpers.ts';
import { PaymentMethodForm } from './payment-method-form.tsx';
import { StepActions } from './step-actions.tsx';

function MethodRow({
  method,
  busy,
  onMakePrimary,
  onRemove,
}: {
  method: PaymentMethod;
  busy: boolean;
  onMakePrimary: () => void;
  onRemove: () => void;
}) {
  const card = method.payment_method_type === 'card';
  const expiry = cardExpiryLabel(method);
  return (
    <ListItem
      divider
      secondaryAction={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {!method.is_primary && (
            <Button size="small" onClick={onMakePrimary} disabled={busy}>
              Make primary
            </Button>
          )}
          <Tooltip title="Remove">
            <span>
              <IconButton
                aria-label={`Remove ${method.payment_method_nickname}`}
                onClick={onRemove}
                disabled={busy}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      }
      sx={{ pr: method.is_primary ? 8 : 22 }}
    >
      <ListItemIcon aria-hidden="true">{card ? <CreditCardIcon /> : <AccountBalanceIcon />}</ListItemIcon>
      <ListItemText
        primary={
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
          >
            {method.payment_method_nickname}
            {method.is_primary && <Chip label="Primary" color="primary" size="small" />}
          </Box>
        }
        secondary={card ? (expiry ? `Credit card, expires ${expiry}` : 'Credit card') : 'Bank account (ACH)'}
      />
    </ListItem>
  );
}

/** Step 2: the saved payment methods (primary chip, make primary, remove) and adding one. */
export function PaymentMethodStep({
  organizationId,
  onBack,
  onNext,
}: {
  organizationId: number;
  onBack: () => void;
  onNext: () => void;
}) {
  const info = usePaymentInfo(organizationId);
  const makePrimary = useMakePrimaryPaymentMethod(organizationId);
  const remove = useRemovePaymentMethod(organizationId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const methods = sortPaymentMethods(info.data?.payment_methods ?? []);
  const busy = makePrimary.isPending || remove.isPending;
  const showForm = info.isSuccess && (adding || methods.length === 0);

  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        The start-up fee and the monthly subscription are charged to the primary payment method. Credit cards
        carry a 1.49% fee; bank accounts (ACH) are free.
      </Typography>
      <Typography variant="h6" component="h3" id="payment-methods-title">
        Your Payment Methods
      </Typography>
      {info.isPending ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
          <CircularProgress size={20} aria-hidden="true" /> Loading payment methods...
        </Box>
      ) : info.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void info.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(info.error)}
        </Alert>
      ) : methods.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          No payment methods yet. Add a card or a bank account below.
        </Typography>
      ) : (
        <List aria-labelledby="payment-methods-title">
          {methods.map((m) => (
            <MethodRow
              key={m.id}
              method={m}
              busy={busy}
              onMakePrimary={() =>
                makePrimary.mutate(m.id, { onSuccess: (result) => notifySuccess(result.message) })
              }
              onRemove={() => setRemoving(m)}
            />
          ))}
        </List>
      )}

      {showForm ? (
        <PaymentMethodForm
          organizationId={organizationId}
          onAdded={() => setAdding(false)}
          onCancel={methods.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : (
        info.isSuccess && (
          <Button startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ mt: 1 }}>
            Add Payment Method
          </Button>
        )
      )}

      <ConfirmDialog
        open={removing !== null}
        title="Remove Payment Method"
        text={`Remove ${removing?.payment_method_nickname ?? 'this payment method'}?`}
        confirmLabel="Remove"
        color="error"
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: (result) => {
              notifySuccess(result.message);
              setRemoving(null);
            },
          });
        }}
      />

      <StepActions
        onBack={onBack}
        next={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            {methods.length === 0 && info.isSuccess && (
              <Typography variant="body2" color="text.secondary" id="payment-next-hint">
                Add a payment method to continue.
              </Typography>
            )}
            <Button
              variant="contained"
              onClick={onNext}
              disabled={methods.length === 0}
              aria-describedby={methods.length === 0 ? 'payment-next-hint' : undefined}
            >
              Next
            </Button>
          </Box>
        }
      />
    </Box>
  );
}
