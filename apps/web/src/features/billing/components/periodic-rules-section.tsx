import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PERIODIC_RULE_DELETE_ROLE, PERIODIC_RULE_MESSAGES, type PeriodicRule } from '@archline/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCents, formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { roleNames } from '../../../session/me.ts';
import { usePermissions } from '../../../session/permissions.ts';
import { useSession } from '../../../session/session.tsx';
import { useDeletePeriodicRule, usePeriodicRules } from '../api/periodic-rules.ts';

/**
 * The Periodic Rules section of /subscriptions/{id} (periodic-rules.manage): each recurring charge
 * or discount with its value (a discount shown negative), dates and status; Add and Edit open the
 * rule's page, Delete (the admin role only) asks first. Hidden without the permission.
 */
export function PeriodicRulesSection({ contractId }: { contractId: number }) {
  const { can } = usePermissions();
  const { user } = useSession();
  const allowed = can('periodic-rules.manage');
  const canDelete = allowed && Boolean(user && roleNames(user).includes(PERIODIC_RULE_DELETE_ROLE));
  const rules = usePeriodicRules(contractId, allowed);
  const remove = useDeletePeriodicRule(contractId);
  const [deleting, setDeleting] = useState<PeriodicRule | null>(null);
  if (!allowed) return null;

  const base = `/subscriptions/${contractId}/periodic-rules`;
  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (result) => notifySuccess(result.message),
      onError: (error) => notifyError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Card component="section" aria-labelledby="periodic-rules-title">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography variant="h2" component="h2" id="periodic-rules-title">
            Periodic Rules
          </Typography>
          <Button variant="contained" component={RouterLink} to={`${base}/add`}>
            Add Periodic Rule
          </Button>
        </Stack>
        {rules.isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
            <CircularProgress size={20} aria-hidden="true" /> Loading periodic rules...
          </Box>
        ) : rules.isError ? (
          <Alert severity="error">{errorMessage(rules.error)}</Alert>
        ) : rules.data.length === 0 ? (
          <Typography color="text.secondary">{PERIODIC_RULE_MESSAGES.empty}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Periodic Rules, scrollable">
            <Table size="small" aria-label="Periodic Rules">
              <TableHead>
                <TableRow>
                  <TableCell>Type</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell align="right">Value</TableCell>
                  <TableCell>Applied From</TableCell>
                  <TableCell>Applied To</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rules.data.map((rule) => (
                  <TableRow key={rule.id}>
                    <TableCell>{rule.type}</TableCell>
                    <TableCell sx={{ minWidth: 160 }}>{rule.custom_description}</TableCell>
                    <TableCell align="right">{formatCents(rule.value)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(rule.applied_from)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(rule.applied_to)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={rule.is_active ? 'Active' : 'Inactive'}
                        color={rule.is_active ? 'success' : 'default'}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        component={RouterLink}
                        to={`${base}/${rule.id}`}
                        aria-label={`Edit ${rule.custom_description}`}
                      >
                        Edit
                      </Button>
                      {canDelete && (
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setDeleting(rule)}
                          aria-label={`Delete ${rule.custom_description}`}
                        >
                          Delete
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Periodic Rule"
        text={
          deleting
            ? `Delete the ${deleting.type.toLowerCase()} "${deleting.custom_description}"? Invoices it was applied to keep their lines.`
            : ''
        }
        confirmLabel="Delete"
        color="error"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={onDelete}
      />
    </Card>
  );
}
