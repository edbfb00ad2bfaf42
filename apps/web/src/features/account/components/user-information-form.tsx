import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { ProfileUpdateRequest, profileOf } from '@archline/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { roleNames, type MeUser } from '../../../session/me.ts';
import { userCan } from '../../../session/permissions.ts';
import { NameField } from '../../../components/name-field.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

type Values = z.input<typeof ProfileUpdateRequest>;
type Output = z.output<typeof ProfileUpdateRequest>;
const FIELDS = ['first_name', 'last_name', 'email', 'account_number'] as const;

/** The account number is editable with users.update or users.manage, or in the management profile. */
export function canEditAccountNumber(user: MeUser): boolean {
  return profileOf(roleNames(user)) === 'management' || userCan(user, 'users.update', 'users.manage');
}

function defaultsOf(user: MeUser): Values {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    account_number: user.account_number ?? '',
  };
}

/** 'User Information': the own profile, validated with the same schema as PUT /profile. */
export function UserInformationForm({ user }: { user: MeUser }) {
  const update = useUpdateProfile();
  const accountNumberEditable = canEditAccountNumber(user);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(ProfileUpdateRequest),
    defaultValues: defaultsOf(user),
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const body: Values = { first_name: values.first_name, last_name: values.last_name, email: values.email };
    if (accountNumberEditable) body.account_number = values.account_number ?? null;
    try {
      const result = await update.mutateAsync(body);
      form.reset(defaultsOf(result.user));
      notifySuccess(result.message);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) notifyError(error);
    }
  });

  return (
    <Card component="section" aria-labelledby="user-information-title">
      <CardHeader
        title="User Information"
        slotProps={{ title: { id: 'user-information-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="user-information-title">
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <NameField
                form={form}
                name="first_name"
                label="First Name"
                autoComplete="given-name"
                required
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <NameField form={form} name="last_name" label="Last Name" autoComplete="family-name" required />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...form.register('email')}
                label="Email"
                type="email"
                autoComplete="email"
                required
                error={Boolean(errors.email)}
                helperText={errors.email?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...form.register('account_number')}
                label="Account Number"
                disabled={!accountNumberEditable}
                error={Boolean(errors.account_number)}
                helperText={errors.account_number?.message}
              />
            </Grid>
          </Grid>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save'}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
