import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BILLING_MESSAGES } from '@archline/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { currentOrganizationOf, type MeUser } from '../../../session/me.ts';
import { useCurrentOrder, useOrganizationOrders } from '../api/orders.ts';
import { InvoiceTable } from './invoice-table.tsx';
import { InvoiceView } from './invoice-view.tsx';

function Loading({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
      <CircularProgress size={20} aria-hidden="true" /> {label}
    </Box>
  );
}

/** Account, Invoices tab: 'Current Invoice' and the 'Old Invoices' accordion. */
export function InvoicesTab({ user }: { user: MeUser }) {
  const organizationId = currentOrganizationOf(user)?.id;
  if (organizationId === undefined) return <Alert severity="info">There is no organization selected.</Alert>;
  return <Invoices organizationId={organizationId} />;
}

function Invoices({ organizationId }: { organizationId: number }) {
  const current = useCurrentOrder(organizationId);
  const orders = useOrganizationOrders(organizationId);
  const old = (orders.data ?? []).filter((o) => o.id !== current.data?.id && !o.is_current);
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent>
          <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
            Current Invoice
          </Typography>
          {current.isPending ? (
            <Loading label="Loading the current invoice..." />
          ) : current.isError ? (
            <Alert severity="error">{errorMessage(current.error)}</Alert>
          ) : current.data ? (
            <InvoiceView order={current.data} />
          ) : (
            <Typography color="text.secondary">{BILLING_MESSAGES.noCurrentOrder}</Typography>
          )}
        </CardContent>
      </Card>
      <Accordion defaultExpanded={false} disableGutters>
        <AccordionSummary
          expandIcon={<ExpandMoreIcon />}
          aria-controls="old-invoices"
          id="old-invoices-header"
        >
          <Typography component="h2" variant="h6">
            Old Invoices
          </Typography>
        </AccordionSummary>
        <AccordionDetails id="old-invoices">
          {orders.isPending ? (
            <Loading label="Loading invoices..." />
          ) : orders.isError ? (
            <Alert severity="error">{errorMessage(orders.error)}</Alert>
          ) : old.length === 0 ? (
            <Typography color="text.secondary">{BILLING_MESSAGES.noOrders}</Typography>
          ) : (
            <InvoiceTable orders={old} label="Old Invoices" />
          )}
        </AccordionDetails>
      </Accordion>
    </Stack>
  );
}
