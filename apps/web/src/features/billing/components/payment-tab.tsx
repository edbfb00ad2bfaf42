import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AddIcon from '@mui/icons-material/Add';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayedPaymentDates, paymentMethodChip, type PaymentMethod } from '@archline/contracts';
import { useState, type ComponentType } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { currentOrganizationOf, type MeUser } from '../../../session/me.ts';
import { useOrganizationContract } from '../api/orders.ts';
import { useMakePrimary, usePaymentInfo, useRemovePaymentMethod } from '../api/payment-methods.ts';
import { ExpiryDialog } from './expiry-dialog.tsx';

/** The add form (card or bank, tokenized in the browser, with the bot check); the account page passes it in. */
export type AddPaymentMethodForm = ComponentType<{
  organizationId: number;
  onAdded: () => void;
  onCancel?: () => void;
}>;

/** 'MM/YYYY' of a card's expiry. */
function expiryText(method: PaymentMethod): string {
  const value = method.card_exp_datetime;
  return value ? `${value.slice(5, 7)}/${value.slice(0, 4)}` : '';
}

function MethodRow({
  method,
  busy,
  onMakePrimary,
  onUpdateExpiry,
  onRemove,
}: {
  method: PaymentMethod;
  busy: boolean;
  onMakePrimary: () => void;
  onUpdateExpiry: () => void;
  onRemove: () => void;
}) {
  const card = method.payment_method_type === 'card';
  const chip = paymentMethodChip(method);
  return (
    <Box
      component="li"
      aria-label={method.payment_method_nickname}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        listStyle: 'none',
      }}
    >
      <Box aria-hidden="true" sx={{ color: 'text.secondary', display: 'flex' }}>
        {card ? <CreditCardIcon /> : <AccountBalanceIcon />}
      </Box>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {method.payment_method_nickname}
          </Typography>
          {method.is_primary && <Chip label="Primary" color="primary" size="small" />}
          {chip === 'Expired' && <Chip label="Expired" color="error" size="small" />}
          {chip === 'Expiring' && <Chip label="Expiring" color="warning" size="small" />}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {card ? `Credit card, expires ${expiryText(method)}` : 'Bank account (ACH)'}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {!method.is_primary && (
          <Button size="small" onClick={onMakePrimary} disabled={busy}>
            Make Primary
          </Button>
        )}
        {card && (
          <Button size="small" onClick={onUpdateExpiry} disabled={busy}>
            Update Expiry
          </Button>
        )}
        <Button size="small" color="error" onClick={onRemove} disabled={busy}>
          Remove
        </Button>
      </Box>
    </Box>
  );
}

/** Account, Payment tab ('Payment Information'): the payment methods and the next payment date. */
export function PaymentTab({
  user,
  AddPaymentMethodForm,
}: {
  user: MeUser;
  AddPaymentMethodForm: AddPaymentMethodForm;
}) {
  const organizationId = currentOrganizationOf(user)?.id;
  if (organizationId === undefined) return <Alert severity="info">There is no organization selected.</Alert>;
  return <PaymentInformation organizationId={organizationId} AddPaymentMethodForm={AddPaymentMethodForm} />;
}

function PaymentInformation({
  organizationId,
  AddPaymentMethodForm,
}: {
  organizationId: number;
  AddPaymentMethodForm: AddPaymentMethodForm;
}) {
  const info = usePaymentInfo(organizationId);
  const contract = useOrganizationContract(organizationId);
  const makePrimary = useMakePrimary(organizationId);
  const remove = useRemovePaymentMethod(organizationId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [editing, setEditing] = useState<PaymentMethod | null>(null);
  const methods = info.data?.payment_methods ?? [];
  const busy = makePrimary.isPending || remove.isPending;
  const next = contract.data ? displayedPaymentDates(contract.data).next : null;

  return (
    <Card>
      <CardContent>
        <Typography variant="h2" component="h2" sx={{ mb: 1 }} id="payment-information-title">
          Payment Information
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Next payment date:{' '}
          <strong>{contract.isPending ? 'Loading...' : contract.isError ? '—' : formatDate(next)}</strong>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Invoices are charged to the primary payment method. Credit cards carry a 1.49% fee; bank accounts
          (ACH) are free.
        </Typography>
        <Typography variant="h3" component="h3" id="payment-methods-title" sx={{ fontSize: '1.1rem' }}>
          Payment Methods
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
            No payment methods yet.
          </Typography>
        ) : (
          <Stack component="ul" aria-labelledby="payment-methods-title" sx={{ p: 0, m: 0 }}>
            {methods.map((m) => (
              <MethodRow
                key={m.id}
                method={m}
                busy={busy}
                onMakePrimary={() =>
                  makePrimary.mutate(m.id, { onSuccess: (result) => notifySuccess(result.message) })
                }
                onUpdateExpiry={() => setEditing(m)}
                onRemove={() => setRemoving(m)}
              />
            ))}
          </Stack>
        )}
        {info.isSuccess &&
          (adding ? (
            <AddPaymentMethodForm
              organizationId={organizationId}
              onAdded={() => setAdding(false)}
              onCancel={() => setAdding(false)}
            />
          ) : (
            <Button startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ mt: 2 }}>
              Add Payment Method
            </Button>
          ))}
      </CardContent>
      {editing && (
        <ExpiryDialog organizationId={organizationId} method={editing} onClose={() => setEditing(null)} />
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
    </Card>
  );
}
