import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BILLING_MESSAGES, displayedPaymentDates, type Contract } from '@archline/contracts';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatCents, formatDate, formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { usePermissions } from '../../../session/permissions.ts';
import { useContract, useContractAction, type ContractAction } from '../api/contracts.ts';
import { InvoiceTable } from '../components/invoice-table.tsx';
import { InvoiceView } from '../components/invoice-view.tsx';
import { PaymentStatusChip } from '../components/payment-status-chip.tsx';
import { PeriodicRulesSection } from '../components/periodic-rules-section.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

const CONFIRM: Record<ContractAction, { title: string; text: string; label: string }> = {
  suspend: {
    title: 'Suspend Subscription',
    text: 'Suspend this subscription? The practice can no longer start new cases until it is resumed.',
    label: 'Suspend',
  },
  resume: {
    title: 'Resume Subscription',
    text: 'Resume this subscription? An unpaid invoice is charged to the primary payment method.',
    label: 'Resume',
  },
  attempt_payment: {
    title: 'Attempt Payment',
    text: 'Charge the unpaid invoice to the primary payment method now?',
    label: 'Attempt Payment',
  },
};

function Details({ contract }: { contract: Contract }) {
  const { can } = usePermissions();
  const action = useContractAction(contract.id);
  const [confirming, setConfirming] = useState<ContractAction | null>(null);
  const suspended = contract.suspended_at !== null;
  const dates = displayedPaymentDates(contract);
  const canManage = can('contracts.manage');
  const canCharge = can('contracts.manage', 'orders.manage');
  const old = contract.orders.filter((o) => o.id !== contract.current_order?.id);

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
            <Typography variant="h2" component="h2">
              Subscription Details
            </Typography>
            <PaymentStatusChip status={contract.payment_status} />
            {suspended && <Chip size="small" color="warning" label="Suspended" />}
            {contract.organization.disabled_at && <Chip size="small" label="Organization Disabled" />}
          </Box>
          <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
            <Fact label="Organization">
              <Link component={RouterLink} to={`/organizations/${contract.organization.id}`}>
                {contract.organization.name}
              </Link>
            </Fact>
            <Fact label="Initial Payment Date">{formatDate(contract.initial_payment_date)}</Fact>
            <Fact label={suspended ? 'Last Payment Date (suspended on)' : 'Last Payment Date'}>
              {formatDate(dates.last)}
            </Fact>
            {!suspended && <Fact label="Next Payment Date">{formatDate(dates.next)}</Fact>}
            <Fact label="License">
              {contract.license ? (
                <Link component={RouterLink} to={`/edit-license/${contract.license.id}`}>
                  {contract.license.license_type.name}, {contract.license.seats} seats
                </Link>
              ) : (
                'No license'
              )}
            </Fact>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
            {canCharge && !suspended && (
              <Button
                variant="contained"
                disabled={action.isPending || !contract.has_unpaid_order}
                onClick={() => setConfirming('attempt_payment')}
              >
                Attempt Payment
              </Button>
            )}
            {canManage && !suspended && (
              <Button
                variant="outlined"
                color="error"
                disabled={action.isPending}
                onClick={() => setConfirming('suspend')}
              >
                Suspend
              </Button>
            )}
            {canManage && suspended && !contract.organization.disabled_at && (
              <Button variant="contained" disabled={action.isPending} onClick={() => setConfirming('resume')}>
                Resume
              </Button>
            )}
          </Box>
          {canCharge && !suspended && !contract.has_unpaid_order && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Every invoice is paid.
            </Typography>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
            Payment Attempts
          </Typography>
          {contract.payment_attempts.length === 0 ? (
            <Typography color="text.secondary">{BILLING_MESSAGES.noPaymentAttempt}</Typography>
          ) : (
            <Box
              sx={{ overflowX: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label={'Payment Attempts, scrollable'}
            >
              <Table size="small" aria-label="Payment Attempts">
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Message</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {contract.payment_attempts.map((a) => (
                    <TableRow key={a.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.created_at)}</TableCell>
                      <TableCell align="right">{formatCents(a.amount)}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          label={
                            a.status === 'success'
                              ? 'Succeeded'
                              : a.status === 'failed'
                                ? 'Failed'
                                : 'Pending'
                          }
                          color={
                            a.status === 'success' ? 'success' : a.status === 'failed' ? 'error' : 'default'
                          }
                        />
                      </TableCell>
                      <TableCell>{a.message ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </CardContent>
      </Card>

      <PeriodicRulesSection contractId={contract.id} />

      <Card>
        <CardContent>
          <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
            Current Invoice
          </Typography>
          {contract.current_order ? (
            <InvoiceView
              order={contract.current_order}
              canAdd={can('orders.manage', 'contracts.manage')}
              canRemove={can('orders.manage')}
            />
          ) : (
            <Typography color="text.secondary">{BILLING_MESSAGES.noCurrentOrder}</Typography>
          )}
        </CardContent>
      </Card>

      <Accordion disableGutters>
        <AccordionSummary
          expandIcon={<ExpandMoreIcon />}
          aria-controls="all-invoices"
          id="all-invoices-header"
        >
          <Typography component="h2" variant="h6">
            All Invoices
          </Typography>
        </AccordionSummary>
        <AccordionDetails id="all-invoices">
          {old.length === 0 ? (
            <Typography color="text.secondary">{BILLING_MESSAGES.noOrders}</Typography>
          ) : (
            <InvoiceTable orders={old} label="All Invoices" />
          )}
        </AccordionDetails>
      </Accordion>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? CONFIRM[confirming].title : ''}
        text={confirming ? CONFIRM[confirming].text : ''}
        confirmLabel={confirming ? CONFIRM[confirming].label : ''}
        color={confirming === 'suspend' ? 'error' : 'primary'}
        busy={action.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          action.mutate(confirming, {
            onSuccess: (result) => notifySuccess(result.message),
            onSettled: () => setConfirming(null),
          });
        }}
      />
    </Stack>
  );
}

/** /subscriptions/{id}: details, payment attempts, periodic rules, the current invoice and every invoice. */
export function SubscriptionDetailsPage() {
  const id = Number(useParams().id);
  const contract = useContract(id);
  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/subscriptions">
          Subscriptions
        </Link>
      </Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {contract.data ? `${contract.data.organization.name}'s Subscription` : 'Subscription'}
      </Typography>
      {contract.isPending ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
          <CircularProgress size={20} aria-hidden="true" /> Loading the subscription...
        </Box>
      ) : contract.isError ? (
        <Alert severity="error">
          {contract.error instanceof ApiError && contract.error.status === 403
            ? "You don't have permission to access this section."
            : contract.error instanceof ApiError && contract.error.status === 404
              ? 'This subscription does not exist.'
              : errorMessage(contract.error)}
        </Alert>
      ) : (
        <Details contract={contract.data} />
      )}
    </Box>
  );
}
