import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CreditRequest, type OrganizationDetail } from '@archline/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useAddCredit } from '../api/add-credit.ts';
import { formatDate } from '../../../lib/format.ts';

type Values = z.input<typeof CreditRequest>;
type Output = z.output<typeof CreditRequest>;
const FIELDS = ['value', 'valid_from', 'valid_to'] as const;

/** Credits: the organization's credits and, for editors, the form that grants one. */
export function CreditsCard({
  organization,
  canEdit,
}: {
  organization: OrganizationDetail;
  canEdit: boolean;
}) {
  const add = useAddCredit(organization.id);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(CreditRequest),
    defaultValues: { value: '', valid_from: '', valid_to: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await add.mutateAsync(values);
      form.reset({ value: '', valid_from: '', valid_to: '' });
      notifySuccess(result.message);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) notifyError(error);
    }
  });

  return (
    <Card component="section" aria-labelledby="credits-title">
      <CardHeader
        title="Credits"
        slotProps={{ title: { id: 'credits-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {organization.credits.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No credits yet.</Typography>
        ) : (
          <Table size="small" aria-label="Credits">
            <TableHead>
              <TableRow>
                <TableCell align="right">Value</TableCell>
                <TableCell>Valid From</TableCell>
                <TableCell>Valid To</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {organization.credits.map((c) => (
                <TableRow key={c.id}>
                  <TableCell align="right">{c.value.toFixed(2)}</TableCell>
                  <TableCell>{formatDate(c.valid_from)}</TableCell>
                  <TableCell>{formatDate(c.valid_to)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {canEdit && (
          <Box component="form" noValidate onSubmit={onSubmit} aria-label="Add credit" sx={{ mt: 2 }}>
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  {...form.register('value')}
                  label="Value"
                  type="number"
                  required
                  slotProps={{ htmlInput: { min: 0, max: 1e9, step: 'any' } }}
                  error={Boolean(errors.value)}
                  helperText={errors.value?.message}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  {...form.register('valid_from', { deps: ['valid_to'] })}
                  label="Valid From"
                  type="date"
                  required
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={Boolean(errors.valid_from)}
                  helperText={errors.valid_from?.message}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  {...form.register('valid_to')}
                  label="Valid To"
                  type="date"
                  required
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={Boolean(errors.valid_to)}
                  helperText={errors.valid_to?.message}
                />
              </Grid>
            </Grid>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Adding...' : 'Add Credit'}
              </Button>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
