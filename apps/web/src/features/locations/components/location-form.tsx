import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import {
  LOCATION_ADDRESS_FIELDS,
  LOCATION_MESSAGES,
  LocationFormSchema,
  type Location,
  type OrganizationMember,
} from '@archline/contracts';
import type { ReactNode } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import type { z } from 'zod';
import {
  CONTACT_NAME_FIELDS,
  COUNTRY_FIELD,
  PHONE_FIELD,
  STREET_FIELDS,
  ZIP_FIELD,
} from '../../../components/address-fields.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError } from '../../../lib/notify.tsx';

export type LocationValues = z.input<typeof LocationFormSchema>;
export type LocationOutput = z.output<typeof LocationFormSchema>;

const FIELDS = [
  'location_name',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'street_address',
  'street_address_line_2',
  'city',
  'state',
  'country',
  'zip_code',
  'users',
] as const satisfies readonly Path<LocationValues>[];

function defaultsOf(location: Location | undefined): LocationValues {
  return {
    location_name: location?.location_name ?? '',
    first_name: location?.first_name ?? '',
    last_name: location?.last_name ?? '',
    email: location?.email ?? '',
    phone_number: location?.phone_number ?? '',
    street_address: location?.street_address ?? '',
    street_address_line_2: location?.street_address_line_2 ?? '',
    city: location?.city ?? '',
    state: location?.state ?? '',
    country: location?.country ?? 'USA',
    zip_code: location?.zip_code ?? '',
    users: location?.users ?? [],
  };
}

interface FieldSpec {
  name: Exclude<(typeof FIELDS)[number], 'users'>;
  label: string;
  required?: boolean;
  autoComplete?: string;
  type?: string;
  helper?: string;
  md?: number;
}

const CONTACT_FIELDS: FieldSpec[] = [
  { name: 'location_name', label: 'Location Name', required: true, autoComplete: 'organization', md: 12 },
  ...CONTACT_NAME_FIELDS,
  PHONE_FIELD,
];

const ADDRESS_FIELDS: FieldSpec[] = [...STREET_FIELDS, COUNTRY_FIELD, ZIP_FIELD];

export interface LocationFormProps {
  title: string;
  location?: Location;
  /** The organization's members a location can be assigned to; the picker is left out when unknown. */
  members: OrganizationMember[] | undefined;
  /** True when the address fields stay read-only while the location has incomplete requests. */
  addressLocked: boolean;
  readOnly?: boolean;
  onSubmit: (values: LocationOutput) => Promise<unknown>;
  /** Extra actions next to Save (Delete). */
  actions?: ReactNode;
}

/** The location form (create and update), validated with the same schema as the API. */
export function LocationForm({
  title,
  location,
  members,
  addressLocked,
  readOnly = false,
  onSubmit,
  actions,
}: LocationFormProps) {
  const form = useForm<LocationValues, unknown, LocationOutput>({
    resolver: zodResolver(LocationFormSchema),
    defaultValues: defaultsOf(location),
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty, isValid } = form.formState;
  const lockedFields: readonly string[] = addressLocked ? LOCATION_ADDRESS_FIELDS : [];

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({ ...values, street_address_line_2: values.street_address_line_2 || null });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) notifyError(error);
    }
  });

  const field = (spec: FieldSpec) => (
    <Grid key={spec.name} size={{ xs: 12, md: spec.md ?? 6 }}>
      <TextField
        {...form.register(spec.name)}
        label={spec.label}
        required={spec.required}
        type={spec.type}
        autoComplete={spec.autoComplete}
        disabled={readOnly || lockedFields.includes(spec.name)}
        error={Boolean(errors[spec.name])}
        helperText={errors[spec.name]?.message ?? spec.helper}
      />
    </Grid>
  );

  return (
    <Card component="section" aria-labelledby="location-form-title">
      <CardHeader
        title={title}
        slotProps={{ title: { id: 'location-form-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={submit} aria-labelledby="location-form-title">
          <Grid container columnSpacing={2}>
            {CONTACT_FIELDS.map(field)}
          </Grid>
          {addressLocked && (
            <Alert severity="info" sx={{ my: 2 }}>
              {LOCATION_MESSAGES.addressLocked}
            </Alert>
          )}
          <Grid container columnSpacing={2}>
            {ADDRESS_FIELDS.map(field)}
          </Grid>
          {members && (
            <Controller
              control={form.control}
              name="users"
              render={({ field: users }) => {
                const selected = members.filter((m) => (users.value ?? []).includes(m.id));
                return (
                  <Autocomplete
                    multiple
                    disabled={readOnly}
                    options={members}
                    value={selected}
                    onChange={(_e, value) => users.onChange(value.map((m) => m.id))}
                    onBlur={users.onBlur}
                    getOptionLabel={(m) => `${m.full_name} (${m.email})`}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    filterSelectedOptions
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label="Assigned Users"
                        margin="normal"
                        error={Boolean(errors.users)}
                        helperText={
                          errors.users?.message ?? 'The organization members who work at this location'
                        }
                      />
                    )}
                  />
                );
              }}
            />
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2, mt: 2 }}>
            {actions}
            {!readOnly && (
              <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save'}
              </Button>
            )}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
