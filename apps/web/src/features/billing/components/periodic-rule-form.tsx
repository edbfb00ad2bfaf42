import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  PERIODIC_RULE_TYPES,
  PeriodicRuleForm as PeriodicRuleFormSchema,
  periodicRuleFormValues,
  type PeriodicRule,
  type PeriodicRuleFormInput,
  type PeriodicRuleFormOutput,
} from '@archline/contracts';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useSavePeriodicRule } from '../api/periodic-rules.ts';
import { FormSwitch } from '../../../components/form-switch.tsx';

const FIELDS = ['type', 'custom_description', 'is_active', 'applied_from', 'applied_to'] as const;

/**
 * Create or update a periodic rule of a subscription: type Charge or Discount, the value in dollars
 * (2 decimals; sent as integer cents), description, Active and the optional dates it applies from
 * and to. `onDone` runs after a successful save and on Cancel (back to the previous page).
 */
export function PeriodicRuleForm({
  contractId,
  rule,
  onDone,
}: {
  contractId: number;
  rule?: PeriodicRule;
  onDone: () => void;
}) {
  const editing = rule !== undefined;
  const save = useSavePeriodicRule(contractId, rule?.id);
  const form = useForm<PeriodicRuleFormInput, unknown, PeriodicRuleFormOutput>({
    resolver: zodResolver(PeriodicRuleFormSchema),
    defaultValues: periodicRuleFormValues(rule),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync(values);
      notifySuccess(result.message);
      onDone();
    } catch (error) {
      // the server's value error belongs to the amount typed
      const mapped = applyServerErrors(error, form.setError, FIELDS);
      const valueError = error instanceof ApiError ? error.errors.value?.[0] : undefined;
      if (valueError) form.setError('amount', { message: valueError });
      if (!mapped && !valueError) notifyError(error);
    }
  });

  const title = editing ? 'Edit Periodic Rule' : 'New Periodic Rule';
  return (
    <Card component="section" aria-labelledby="periodic-rule-form-title">
      <CardHeader
        title={title}
        slotProps={{ title: { id: 'periodic-rule-form-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="periodic-rule-form-title">
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="type"
                render={({ field }) => (
                  <FormControl margin="normal" disabled={isSubmitting}>
                    <FormLabel id="periodic-rule-type">Type</FormLabel>
                    <RadioGroup
                      row
                      aria-labelledby="periodic-rule-type"
                      name={field.name}
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value)}
                    >
                      {PERIODIC_RULE_TYPES.map((t) => (
                        <FormControlLabel key={t} value={t} control={<Radio />} label={t} />
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...form.register('amount')}
                label="Value"
                required
                margin="normal"
                autoComplete="off"
                disabled={isSubmitting}
                error={Boolean(errors.amount)}
                helperText={errors.amount?.message ?? 'In dollars, e.g. 25.00'}
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                  htmlInput: { inputMode: 'decimal' },
                }}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                {...form.register('custom_description')}
                label="Description"
                required
                margin="normal"
                multiline
                minRows={2}
                disabled={isSubmitting}
                error={Boolean(errors.custom_description)}
                helperText={errors.custom_description?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...form.register('applied_from')}
                label="Applied From"
                type="date"
                margin="normal"
                disabled={isSubmitting}
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(errors.applied_from)}
                helperText={errors.applied_from?.message ?? 'Optional'}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...form.register('applied_to')}
                label="Applied To"
                type="date"
                margin="normal"
                disabled={isSubmitting}
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(errors.applied_to)}
                helperText={errors.applied_to?.message ?? 'Optional'}
              />
            </Grid>
            <Grid size={12}>
              <FormSwitch control={form.control} name="is_active" label="Active" disabled={isSubmitting} />
            </Grid>
          </Grid>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Save' : 'Create'}
            </Button>
            <Button onClick={onDone} disabled={isSubmitting}>
              Cancel
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
