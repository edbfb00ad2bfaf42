import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LICENSE_MESSAGES,
  REQUIRED_MESSAGE,
  UpdateLicenseRequest,
  type LicenseWithDevices,
  type UserListItem,
} from '@archline/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { fromDateInput, toDateInput } from '../../../lib/format.ts';
import { useCreateLicense } from '../api/create-license.ts';
import { useLicenseTypes } from '../api/list-license-types.ts';
import { useSetLicenseStatus } from '../api/set-license-status.ts';
import { useUpdateLicense } from '../api/update-license.ts';
import { UserPicker } from './user-picker.tsx';

/** The form's fields: the license rules of the contracts, dates as calendar days. */
function schemaFor(editing: boolean) {
  return z
    .object({
      user: editing
        ? z.custom<UserListItem | null>()
        : z.custom<UserListItem | null>((v) => v !== null, REQUIRED_MESSAGE),
      license_type_id: UpdateLicenseRequest.shape.license_type_id,
      seats: UpdateLicenseRequest.shape.seats,
      activated_at: z.string(),
      expiration_date: z.string(),
    })
    .refine((v) => !v.activated_at || !v.expiration_date || v.expiration_date > v.activated_at, {
      path: ['expiration_date'],
      message: LICENSE_MESSAGES.expirationBeforeActivation,
    });
}

interface Values {
  user: UserListItem | null;
  license_type_id: number | '';
  seats: number;
  activated_at: string;
  expiration_date: string;
}
type Output = Omit<Values, 'license_type_id'> & { license_type_id: number };
const FIELDS = ['license_type_id', 'seats', 'activated_at', 'expiration_date'] as const;

function defaultsOf(license: LicenseWithDevices | undefined): Values {
  return {
    user: null,
    license_type_id: license?.license_type.id ?? '',
    seats: license?.seats ?? Number.NaN,
    activated_at: toDateInput(license?.activated_at),
    expiration_date: toDateInput(license?.expiration_date),
  };
}

/** New License (a user, type, seats, dates) or Edit License (type locked, plus the active switch). */
export function LicenseForm({ license, canManage }: { license?: LicenseWithDevices; canManage: boolean }) {
  const editing = license !== undefined;
  const navigate = useNavigate();
  const types = useLicenseTypes();
  const create = useCreateLicense();
  const update = useUpdateLicense();
  const setStatus = useSetLicenseStatus();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schemaFor(editing)) as never,
    defaultValues: defaultsOf(license),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const readOnly = !canManage;

  const onSubmit = form.handleSubmit(async (values) => {
    const common = {
      license_type_id: values.license_type_id,
      seats: values.seats,
      activated_at: fromDateInput(values.activated_at),
      expiration_date: fromDateInput(values.expiration_date),
    };
    try {
      const result = editing
        ? await update.mutateAsync({ id: license.id, body: common })
        : await create.mutateAsync({ ...common, user_id: values.user?.id ?? null });
      notifySuccess(result.message);
      navigate('/licenses');
    } catch (error) {
      const applied = applyServerErrors(error, form.setError, FIELDS);
      const userError =
        !editing && applyServerErrors(error, (_f, e) => form.setError('user', e), ['user_id'] as never);
      if (!applied && !userError) notifyError(error);
    }
  });

  const title = editing ? 'Edit License' : 'New License';
  const subheader = editing ? 'Change license parameters' : 'Add a new license to an user';

  return (
    <Card component="section" aria-labelledby="license-form-title">
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { id: 'license-form-title', component: 'h2', variant: 'h6' } }}
        action={
          editing && canManage ? (
            <FormControlLabel
              control={
                <Switch
                  checked={license.active}
                  disabled={setStatus.isPending}
                  onChange={(e) =>
                    setStatus.mutate(
                      { id: license.id, active: e.target.checked },
                      { onSuccess: (r) => notifySuccess(r.message) },
                    )
                  }
                />
              }
              label="Active"
            />
          ) : undefined
        }
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="license-form-title">
          <Grid container columnSpacing={2}>
            {!editing && (
              <Grid size={12}>
                <Controller
                  control={form.control}
                  name="user"
                  render={({ field, fieldState }) => (
                    <UserPicker
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    />
                  )}
                />
              </Grid>
            )}
            {editing && (
              <Grid size={12}>
                <TextField
                  label="User"
                  value={license.user?.full_name ?? license.organization.name}
                  disabled
                  margin="normal"
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...form.register('activated_at')}
                label="Activation Date"
                type="date"
                disabled={readOnly}
                margin="normal"
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(errors.activated_at)}
                helperText={errors.activated_at?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...form.register('expiration_date')}
                label="Expiration Date"
                type="date"
                disabled={readOnly}
                margin="normal"
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(errors.expiration_date)}
                helperText={errors.expiration_date?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="license_type_id"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="License Type"
                    required
                    margin="normal"
                    name={field.name}
                    inputRef={field.ref}
                    value={types.data ? field.value : ''}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      const id = Number(e.target.value);
                      field.onChange(id);
                      const type = types.data?.find((t) => t.id === id);
                      if (!editing && type && Number.isNaN(form.getValues('seats')))
                        form.setValue('seats', type.default_seats);
                    }}
                    disabled={editing || readOnly}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  >
                    {(types.data ?? []).map((t) => (
                      <MenuItem key={t.id} value={t.id}>
                        {t.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              {editing && (
                <Typography variant="body2" color="text.secondary">
                  {LICENSE_MESSAGES.typeLocked}
                </Typography>
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...form.register('seats', { valueAsNumber: true })}
                label="Seats"
                type="number"
                required
                disabled={readOnly}
                margin="normal"
                slotProps={{ htmlInput: { min: 0, max: 10000, step: 1 } }}
                error={Boolean(errors.seats)}
                helperText={errors.seats?.message}
              />
            </Grid>
          </Grid>
          {canManage && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
              <Button onClick={() => navigate('/licenses')}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save'}
              </Button>
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
