import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { BillingAddressSchema, type BillingAddress } from '@archline/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CONTACT_NAME_FIELDS,
  COUNTRY_FIELD,
  PHONE_FIELD,
  STREET_FIELDS,
  ZIP_FIELD,
  type AddressFieldSpec,
} from '../../../components/address-fields.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useOrganization } from '../api/get-organization.ts';
import { useSaveBillingAddress } from '../api/save-billing-address.ts';

type Values = z.input<typeof BillingAddressSchema>;
type Output = z.output<typeof BillingAddressSchema>;

const FIELDS: AddressFieldSpec[] = [
  ...CONTACT_NAME_FIELDS,
  PHONE_FIELD,
  ...STREET_FIELDS,
  COUNTRY_FIELD,
  ZIP_FIELD,
];

function defaultsOf(address: BillingAddress | null): Values {
  return {
    first_name: address?.first_name ?? '',
    last_name: address?.last_name ?? '',
    email: address?.email ?? '',
    phone_number: address?.phone_number ?? '',
    street_address: address?.street_address ?? '',
    street_address_line_2: address?.street_address_line_2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    country: address?.country ?? 'USA',
    zip_code: address?.zip_code ?? '',
  };
}

function BillingAddressForm({
  organizationId,
  address,
}: {
  organizationId: number;
  address: BillingAddress | null;
}) {
  const save = useSaveBillingAddress();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(BillingAddressSchema),
    defaultValues: defaultsOf(address),
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync({
        organizationId,
        body: { ...values, street_address_line_2: values.street_address_line_2 || null },
      });
      form.reset(defaultsOf(result.billing_address));
      notifySuccess(result.message);
    } catch (error) {
      if (
        !applyServerErrors(
          error,
          form.setError,
          FIELDS.map((f) => f.name),
        )
      )
        notifyError(error);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="billing-address-title">
      <Grid container columnSpacing={2}>
        {FIELDS.map((f) => (
          <Grid key={f.name} size={{ xs: 12, md: 6 }}>
            <TextField
              {...form.register(f.name)}
              label={f.label}
              required={f.required}
              type={f.type}
              autoComplete={f.autoComplete}
              error={Boolean(errors[f.name])}
              helperText={errors[f.name]?.message ?? f.helper}
            />
          </Grid>
        ))}
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}

/** 'Billing Address' of the organization: all fields required but line 2; country defaults to USA. */
export function BillingAddressCard({ organizationId }: { organizationId: number }) {
  const organization = useOrganization(organizationId);
  return (
    <Card component="section" aria-labelledby="billing-address-title">
      <CardHeader
        title="Billing Address"
        slotProps={{ title: { id: 'billing-address-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {organization.isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={20} aria-hidden="true" /> Loading billing address...
          </Box>
        ) : organization.isError ? null : (
          <BillingAddressForm
            organizationId={organizationId}
            address={organization.data.payment_info.billing_address}
          />
        )}
      </CardContent>
    </Card>
  );
}
