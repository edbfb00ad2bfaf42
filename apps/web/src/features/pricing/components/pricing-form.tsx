import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  ARCH_FEE_LABELS,
  EXPORT_FEE_LABELS,
  PricingForm as PricingFormSchema,
  SHIPPING_FEE_LABELS,
  pricingFormValues,
  type Pricing,
  type PricingFormInput,
  type PricingFormOutput,
  type UpdatePricingRequest,
} from '@archline/contracts';
import { MAX_VOLUME_DISCOUNT_ROWS } from '@archline/contracts/price-rules';
import { useEffect, useId, type ReactNode } from 'react';
import { useFieldArray, useForm, type FieldError, type Path } from 'react-hook-form';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatPercent } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';

/** Every field the server may name in its 400/422 answer, so its messages land under the inputs. */
function serverFields(values: PricingFormInput): Path<PricingFormInput>[] {
  const fields: string[] = [];
  for (const group of ['arch_fees', 'export_fees', 'shipping_fees', 'settings'] as const)
    for (const key of Object.keys(values[group])) fields.push(`${group}.${key}`);
  values.arch_volume_discounts.forEach((_r, i) =>
    fields.push(`arch_volume_discounts.${i}.volume`, `arch_volume_discounts.${i}.discount`),
  );
  fields.push('arch_volume_discounts');
  values.custom_rxform.forEach((f, i) =>
    f.options.forEach((_o, j) => fields.push(`custom_rxform.${i}.options.${j}.price`)),
  );
  return fields as Path<PricingFormInput>[];
}

function errorAt(errors: unknown, path: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node as FieldError | undefined;
}

/**
 * The Customize Fees form (document 3 sections 2.13, 3 'Pricing', 5 'Pricing'): arch fees,
 * export fees, shipping fees, settings (delays in days, flat monthly, root integration) and up to
 * four arch volume discounts. Money is typed in dollars and sent in cents; `onSave` sends the
 * whole list and resolves to the server's message.
 */
export function PricingForm({
  pricing,
  canEdit,
  onSave,
  actions,
}: {
  pricing: Pricing;
  canEdit: boolean;
  onSave: (body: UpdatePricingRequest) => Promise<{ message: string }>;
  /** Extra buttons next to Save (e.g. back to the global prices). */
  actions?: ReactNode;
}) {
  const id = useId();
  const initial = pricingFormValues(pricing);
  const form = useForm<PricingFormInput, unknown, PricingFormOutput>({
    resolver: zodResolver(PricingFormSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const rows = useFieldArray({ control: form.control, name: 'arch_volume_discounts' });
  const disabled = !canEdit || isSubmitting;

  // A saved list (or another organization's) starts the form again from its values.
  const version = `${pricing.organization_id}|${pricing.updated_at}|${pricing.is_custom}`;
  useEffect(() => {
    form.reset(pricingFormValues(pricing));
  }, [version]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await onSave(values);
      notifySuccess(result.message);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, serverFields(form.getValues()))) notifyError(error);
    }
  });

  const field = (path: string, label: string, unit: 'dollars' | 'days' | 'percent' | 'count') => {
    const error = errorAt(errors, path);
    const adornment =
      unit === 'dollars'
        ? { startAdornment: <InputAdornment position="start">$</InputAdornment> }
        : unit === 'percent'
          ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
          : unit === 'days'
            ? { endAdornment: <InputAdornment position="end">days</InputAdornment> }
            : {};
    return (
      <TextField
        {...form.register(path as Path<PricingFormInput>)}
        label={label}
        required
        fullWidth
        size="small"
        autoComplete="off"
        disabled={disabled}
        error={Boolean(error)}
        helperText={error?.message}
        slotProps={{
          input: adornment,
          htmlInput: { inputMode: unit === 'dollars' || unit === 'percent' ? 'decimal' : 'numeric' },
        }}
      />
    );
  };

  const section = (title: string, children: ReactNode, note?: string) => {
    const headingId = `${id}-${title.replace(/\W+/g, '-').toLowerCase()}`;
    return (
      <Box component="fieldset" aria-labelledby={headingId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
          {title}
        </Typography>
        {note && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {note}
          </Typography>
        )}
        <Grid container spacing={2} sx={{ mt: note ? 0 : 1 }}>
          {children}
        </Grid>
      </Box>
    );
  };
  const cell = (node: ReactNode, key: string) => (
    <Grid key={key} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
      {node}
    </Grid>
  );

  const tiers = pricing.arch_volume_discounts;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Customize Fees">
      <Stack spacing={4}>
        {section(
          'Arch Fees',
          Object.entries(ARCH_FEE_LABELS).map(([key, label]) =>
            cell(field(`arch_fees.${key}`, label, 'dollars'), key),
          ),
          'Per arch; a case with both arches pays twice (the rush fee too).',
        )}
        {section(
          'Export Fees',
          Object.entries(EXPORT_FEE_LABELS).map(([key, label]) =>
            cell(field(`export_fees.${key}`, label, 'dollars'), key),
          ),
        )}
        {section(
          'Shipping Fees',
          Object.entries(SHIPPING_FEE_LABELS).map(([key, label]) =>
            cell(field(`shipping_fees.${key}`, label, 'dollars'), key),
          ),
        )}
        {section('Settings', [
          cell(field('settings.delay_case_charging', 'Delay Case Charging', 'days'), 'dcc'),
          cell(field('settings.delay_payment_processing', 'Delay Payment Processing', 'days'), 'dpp'),
          cell(field('settings.flat_monthly', 'Flat Monthly', 'dollars'), 'fm'),
          cell(field('settings.root_integration', 'Root Integration', 'dollars'), 'ri'),
          cell(field('settings.root_integration_with_ai', 'Root Integration with AI', 'dollars'), 'riai'),
          cell(field('settings.additional_seat', 'Additional Seat', 'dollars'), 'seat'),
        ])}
        <Box
          component="fieldset"
          aria-labelledby={`${id}-volume`}
          sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
        >
          <Typography
            id={`${id}-volume`}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, mb: 0.5 }}
          >
            Arch Volume Discounts
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            From a number of arches in a billing period, a percentage off the per-arch lab fees (up to{' '}
            {MAX_VOLUME_DISCOUNT_ROWS} rows).
          </Typography>
          {tiers.length > 0 && (
            <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="saved-volume-discounts">
              Saved:{' '}
              {tiers
                .map(
                  (t) =>
                    `${formatPercent(t.discount)} from ${t.volume} arches${t.is_global && pricing.organization_id !== null ? ' (global)' : ''}`,
                )
                .join(', ')}
            </Typography>
          )}
          <Stack spacing={2}>
            {rows.fields.length === 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                No volume discounts.
              </Typography>
            )}
            {rows.fields.map((row, index) => (
              <Stack key={row.id} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Box sx={{ flex: 1 }}>
                  {field(`arch_volume_discounts.${index}.volume`, 'Volume', 'count')}
                </Box>
                <Box sx={{ flex: 1 }}>
                  {field(`arch_volume_discounts.${index}.discount`, 'Discount', 'percent')}
                </Box>
                <Tooltip title="Remove">
                  <span>
                    <IconButton
                      aria-label={`Remove volume discount ${index + 1}`}
                      onClick={() => rows.remove(index)}
                      disabled={disabled}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            ))}
            {errors.arch_volume_discounts?.message && (
              <Typography role="alert" color="error" variant="body2">
                {errors.arch_volume_discounts.message}
              </Typography>
            )}
            {canEdit && (
              <Box>
                <Button
                  startIcon={<AddIcon />}
                  onClick={() => rows.append({ volume: '0', discount: '0' })}
                  disabled={disabled || rows.fields.length >= MAX_VOLUME_DISCOUNT_ROWS}
                >
                  Add Volume Discount
                </Button>
              </Box>
            )}
          </Stack>
        </Box>
        {pricing.custom_rxform.length > 0 &&
          section(
            'Custom RxForm Fields',
            pricing.custom_rxform.flatMap((f, fi) =>
              f.options.map((o, oi) =>
                cell(
                  field(
                    `custom_rxform.${fi}.options.${oi}.price`,
                    `${f.label || f.id}: ${o.label || o.id}`,
                    'dollars',
                  ),
                  `${f.id}-${o.id}`,
                ),
              ),
            ),
            'The price of each option of the fee-enabled fields of the RxForm.',
          )}
        {canEdit && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? 'Saving...' : 'Save'}
            </Button>
            <Button
              onClick={() => form.reset(pricingFormValues(pricing))}
              disabled={isSubmitting || !isDirty}
            >
              Discard Changes
            </Button>
            {actions}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
