import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { displayedPaymentDates } from '@archline/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePermissions } from '../../../session/permissions.ts';
import { useOrganizationContract } from '../api/orders.ts';
import { PaymentStatusChip } from './payment-status-chip.tsx';

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

/**
 * The contract section of the management organization page, for staff who may open subscriptions
 * (contracts.manage or orders.manage): payment status, last and next payment dates (a custom next
 * date first; a suspended contract shows its suspension date and no next date) and a link to
 * /subscriptions/{id}, where the subscription is managed. Hidden without the permissions.
 */
export function OrganizationContractSection({ organizationId }: { organizationId: number }) {
  const { can } = usePermissions();
  const allowed = can('contracts.manage', 'orders.manage');
  const contract = useOrganizationContract(organizationId, allowed);
  if (!allowed) return null;

  let body: ReactNode;
  if (contract.isPending)
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} aria-hidden="true" /> Loading the contract...
      </Box>
    );
  else if (contract.isError) body = <Alert severity="error">{errorMessage(contract.error)}</Alert>;
  else if (!contract.data)
    body = <Typography color="text.secondary">The organization has no contract yet.</Typography>;
  else {
    const c = contract.data;
    const suspended = c.suspended_at !== null;
    const dates = displayedPaymentDates(c);
    body = (
      <>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <PaymentStatusChip status={c.payment_status} />
          {suspended && <Chip size="small" color="warning" label="Suspended" />}
        </Box>
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
          <Fact label={suspended ? 'Last Payment Date (suspended on)' : 'Last Payment Date'}>
            {formatDate(dates.last)}
          </Fact>
          {!suspended && (
            <Fact label="Next Payment Date">
              {formatDate(dates.next)}
              {c.custom_next_payment_date ? ' (custom)' : ''}
            </Fact>
          )}
        </Box>
        <Button component={RouterLink} to={`/subscriptions/${c.id}`} variant="outlined" sx={{ mt: 2 }}>
          Subscription Details
        </Button>
      </>
    );
  }

  return (
    <Card component="section" aria-labelledby="organization-contract-title">
      <CardHeader
        title="Contract"
        slotProps={{ title: { id: 'organization-contract-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>{body}</CardContent>
    </Card>
  );
}
