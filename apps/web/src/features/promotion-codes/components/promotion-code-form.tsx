import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
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
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  PROMOTION_CODE_MESSAGES,
  PROMOTION_CODE_TYPES,
  PromotionCodeForm as PromotionCodeFormSchema,
  type PromotionCode,
  type PromotionCodeFormInput,
  type PromotionCodeFormOutput,
} from '@archline/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { fromDateInput, toDateInput } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useCreatePromotionCode } from '../api/create-promotion-code.ts';
import { useDeletePromotionCode } from '../api/delete-promotion-code.ts';
import { useUpdatePromotionCode } from '../api/update-promotion-code.ts';
import { FormSwitch } from '../../../components/form-switch.tsx';

const FIELDS = [
  'code',
  'description',
  'value',
  'is_fixed',
  'max_uses',
  'promotion_code_type_id',
  'starts_at',
  'expires_at',
] as const;

function defaultsOf(code: PromotionCode | undefined): PromotionCodeFormInput {
  if (!code)
    return {
      code: '',
      description: '',
      is_fixed: true,
      value: '',
      max_uses: '',
      promotion_code_type_id: '',
      starts_at: '',
      expires_at: '',
      is_active: true,
    };
  return {
    code: code.code,
    description: code.description,
    is_fixed: code.is_fixed,
    value: code.is_fixed ? (code.value / 100).toFixed(2) : String(code.value),
    max_uses: code.max_uses === null ? '' : String(code.max_uses),
    promotion_code_type_id: code.promotion_code_type_id,
    starts_at: toDateInput(code.starts_at),
    expires_at: toDateInput(code.expires_at),
    is_active: code.is_active,
  };
}

/**
 * Create or update a promotion code: the code (capital letters and digits, fixed after creation),
 * description, a fixed amount in dollars or a percentage, type, max uses, dates and Active. The
 * code with id 1 is shown read-only. Saving goes back to the list.
 */
export function PromotionCodeForm({ code }: { code?: PromotionCode }) {
  const editing = code !== undefined;
  const readOnly = code?.read_only ?? false;
  const navigate = useNavigate();
  const create = useCreatePromotionCode();
  const update = useUpdatePromotionCode(code?.id ?? 0);
  const remove = useDeletePromotionCode(code?.id ?? 0);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<PromotionCodeFormInput, unknown, PromotionCodeFormOutput>({
    resolver: zodResolver(PromotionCodeFormSchema),
    defaultValues: defaultsOf(code),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const isFixed = form.watch('is_fixed');
  const disabled = readOnly || isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      ...values,
      starts_at: values.starts_at ? fromDateInput(values.starts_at) : null,
      expires_at: values.expires_at ? fromDateInput(values.expires_at) : null,
    };
    try {
      const result = editing ? await update.mutateAsync(body) : await create.mutateAsync(body);
      notifySuccess(result.message);
      navigate('/promotion-codes');
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) notifyError(error);
    }
  });

  const onDelete = async () => {
    try {
      const result = await remove.mutateAsync();
      notifySuccess(result.message);
      navigate('/promotion-codes');
    } catch (error) {
      notifyError(error);
      setConfirming(false);
    }
  };

  const title = editing ? `Promotion Code ${code.code}` : 'Create Promotion Code';
  return (
    <Card component="section" aria-labelledby="promotion-code-form-title">
      <CardHeader
        title={title}
        subheader={editing ? `Used ${code.uses} time${code.uses === 1 ? '' : 's'}` : undefined}
        slotProps={{ title: { id: 'promotion-code-form-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {PROMOTION_CODE_MESSAGES.readOnly}
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="promotion-code-form-title">
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...form.register('code')}
                label="Code"
                required
                margin="normal"
                autoComplete="off"
                disabled={editing || disabled}
                error={Boolean(errors.code)}
                helperText={
                  errors.code?.message ??
                  (editing
                    ? 'The code cannot be changed after creation.'
                    : 'Capital letters and numbers only.')
                }
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="promotion_code_type_id"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="Type"
                    required
                    margin="normal"
                    name={field.name}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    disabled={disabled}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  >
                    {PROMOTION_CODE_TYPES.map((t) => (
                      <MenuItem key={t.id} value={t.id}>
                        {t.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                {...form.register('description')}
                label="Description"
                required
                margin="normal"
                multiline
                minRows={2}
                disabled={disabled}
                error={Boolean(errors.description)}
                helperText={errors.description?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="is_fixed"
                render={({ field }) => (
                  <FormControl margin="normal" disabled={disabled}>
                    <FormLabel id="promotion-amount-kind">Amount</FormLabel>
                    <RadioGroup
                      row
                      aria-labelledby="promotion-amount-kind"
                      value={field.value ? 'fixed' : 'percent'}
                      onChange={(e) => field.onChange(e.target.value === 'fixed')}
                    >
                      <FormControlLabel value="fixed" control={<Radio />} label="Fixed ($)" />
                      <FormControlLabel value="percent" control={<Radio />} label="Percentage (%)" />
                    </RadioGroup>
                  </FormControl>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...form.register('value')}
                label="Value"
                required
                margin="normal"
                autoComplete="off"
                disabled={disabled}
                error={Boolean(errors.value)}
                helperText={errors.value?.message}
                slotProps={{
                  input: isFixed
                    ? { startAdornment: <InputAdornment position="start">$</InputAdornment> }
                    : { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                  htmlInput: { inputMode: 'decimal' },
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                {...form.register('max_uses')}
                label="Max Uses"
                margin="normal"
                autoComplete="off"
                disabled={disabled}
                error={Boolean(errors.max_uses)}
                helperText={errors.max_uses?.message ?? 'Empty: no limit.'}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                {...form.register('starts_at')}
                label="Starts At"
                type="date"
                margin="normal"
                disabled={disabled}
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(errors.starts_at)}
                helperText={errors.starts_at?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                {...form.register('expires_at')}
                label="Expires At"
                type="date"
                margin="normal"
                disabled={disabled}
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(errors.expires_at)}
                helperText={errors.expires_at?.message}
              />
            </Grid>
            <Grid size={12}>
              <FormSwitch control={form.control} name="is_active" label="Active" disabled={disabled} />
            </Grid>
          </Grid>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
            {!readOnly && (
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : editing ? 'Save' : 'Create'}
              </Button>
            )}
            <Button component={RouterLink} to="/promotion-codes" disabled={isSubmitting}>
              Back to Promotion Codes
            </Button>
            {editing && !readOnly && (
              <Button color="error" onClick={() => setConfirming(true)} disabled={isSubmitting}>
                Delete
              </Button>
            )}
          </Stack>
        </Box>
      </CardContent>
      {editing && (
        <ConfirmDialog
          open={confirming}
          title="Delete Promotion Code"
          text={`The code ${code.code} is deleted; orders that used it keep their discounts.`}
          confirmLabel="Delete"
          color="error"
          busy={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => void onDelete()}
        />
      )}
    </Card>
  );
}
