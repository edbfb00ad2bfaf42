import { zodResolver } from '@hookform/resolvers/zod';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  CREATE_ORGANIZATION_PERMISSIONS,
  ORGANIZATION_TYPE_PERMISSIONS,
  OrganizationCreateRequest,
} from '@archline/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { usePermissions } from '../../../session/permissions.ts';
import { useCreateOrganization } from '../api/create-organization.ts';

type Values = z.input<typeof OrganizationCreateRequest>;
type Output = z.output<typeof OrganizationCreateRequest>;
const FIELDS = ['name', 'account_number', 'organization_type'] as const;
const EMPTY: Values = { name: '', account_number: '', organization_type: '' };

/**
 * The organization form in a dialog: name (required), account number and, with the type
 * permission, the organization type. On success it opens the new organization's page.
 */
export function CreateOrganizationDialog({
  open,
  canSetType,
  onClose,
}: {
  open: boolean;
  canSetType: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(OrganizationCreateRequest),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    if (isSubmitting) return;
    form.reset(EMPTY);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const body: Values = { name: values.name, account_number: values.account_number || null };
    if (canSetType && values.organization_type) body.organization_type = values.organization_type;
    try {
      const result = await create.mutateAsync(body);
      notifySuccess(result.message);
      form.reset(EMPTY);
      onClose();
      await navigate(`/organizations/${result.organization.id}`);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) notifyError(error);
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Create Organization</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField
              {...form.register('name')}
              label="Organization Name"
              required
              autoFocus
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
            />
            <TextField
              {...form.register('account_number')}
              label="Account Number"
              autoComplete="off"
              error={Boolean(errors.account_number)}
              helperText={errors.account_number?.message ?? '6 to 20 letters, digits or "-" in between.'}
            />
            {canSetType && (
              <TextField
                {...form.register('organization_type')}
                label="Organization Type"
                autoComplete="off"
                error={Boolean(errors.organization_type)}
                helperText={errors.organization_type?.message ?? '2 to 20 letters and spaces.'}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Creating...' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The Create Organization button (only with the gate) and its dialog. */
export function CreateOrganizationButton() {
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!can(...CREATE_ORGANIZATION_PERMISSIONS)) return null;
  return (
    <>
      <Button variant="contained" startIcon={<AddBusinessIcon />} onClick={() => setOpen(true)}>
        Create Organization
      </Button>
      <CreateOrganizationDialog
        open={open}
        canSetType={can(...ORGANIZATION_TYPE_PERMISSIONS)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
