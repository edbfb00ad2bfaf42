import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { OrganizationUpdateRequest, type OrganizationDetail } from '@archline/contracts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useUpdateOrganization } from '../api/update-organization.ts';

type Values = z.input<typeof OrganizationUpdateRequest>;
type Output = z.output<typeof OrganizationUpdateRequest>;
const FIELDS = ['name', 'account_number', 'organization_type'] as const;

/** 'Organization Information': name, account number and (with permission) organization type. */
export function OrganizationInformationForm({
  organization,
  canEdit,
  canSetType,
}: {
  organization: OrganizationDetail;
  canEdit: boolean;
  canSetType: boolean;
}) {
  const navigate = useNavigate();
  const update = useUpdateOrganization(organization.id);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(OrganizationUpdateRequest),
    defaultValues: {
      name: organization.name,
      account_number: organization.account_number ?? '',
      organization_type: organization.organization_type ?? '',
    },
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const body: Values = { name: values.name, account_number: values.account_number || null };
    if (canSetType) body.organization_type = values.organization_type || null;
    try {
      const result = await update.mutateAsync(body);
      notifySuccess(result.message);
      await navigate('/organizations-users');
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) notifyError(error);
    }
  });

  return (
    <Card component="section" aria-labelledby="organization-information-title">
      <CardHeader
        title="Organization Information"
        slotProps={{ title: { id: 'organization-information-title', component: 'h2', variant: 'h6' } }}
        action={
          <Stack direction="row" spacing={1}>
            {organization.deleted_at && <Chip label="Archived" />}
            {organization.disabled_at && <Chip color="warning" label="Organization Disabled" />}
          </Stack>
        }
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="organization-information-title">
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: canSetType ? 4 : 6 }}>
              <TextField
                {...form.register('name')}
                label="Organization Name"
                required
                disabled={!canEdit}
                error={Boolean(errors.name)}
                helperText={errors.name?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, md: canSetType ? 4 : 6 }}>
              <TextField
                {...form.register('account_number')}
                label="Account Number"
                disabled={!canEdit}
                error={Boolean(errors.account_number)}
                helperText={errors.account_number?.message}
              />
            </Grid>
            {canSetType && (
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  {...form.register('organization_type')}
                  label="Organization Type"
                  disabled={!canEdit}
                  error={Boolean(errors.organization_type)}
                  helperText={errors.organization_type?.message}
                />
              </Grid>
            )}
          </Grid>
          {canEdit && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
              <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save'}
              </Button>
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
