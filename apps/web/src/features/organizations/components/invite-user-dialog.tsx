import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INVITE_ROLES, InviteMemberRequest, ROLE_LABELS } from '@archline/contracts';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useInviteMember } from '../api/invite-member.ts';

type Values = z.input<typeof InviteMemberRequest>;
type Output = z.output<typeof InviteMemberRequest>;
const EMPTY: Values = { email: '', role: 'organization_member' };

/**
 * Invite User: e-mails an invitation to join the organization. Email required and valid; role
 * default organization_member (the list excludes organization_manager); Invite stays disabled
 * until the form is valid and changed; the form resets on success.
 */
export function InviteUserDialog({
  organizationId,
  open,
  onClose,
}: {
  organizationId: number;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const invite = useInviteMember(organizationId);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(InviteMemberRequest),
    defaultValues: EMPTY,
    mode: 'onChange',
  });
  const { errors, isSubmitting, isDirty, isValid } = form.formState;

  const close = () => {
    if (isSubmitting) return;
    form.reset(EMPTY);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await invite.mutateAsync(values);
      form.reset(EMPTY);
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['email', 'role'])) notifyError(error);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Invite User</DialogTitle>
        <DialogContent>
          <DialogContentText id={descriptionId}>
            We e-mail a link to join this organization. Someone without an account signs up first.
          </DialogContentText>
          <Stack spacing={1} sx={{ pt: 2 }}>
            <TextField
              {...form.register('email')}
              label="Email"
              type="email"
              required
              autoFocus
              autoComplete="off"
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
            />
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <TextField
                  select
                  label="Role"
                  value={field.value ?? 'organization_member'}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={Boolean(errors.role)}
                  helperText={errors.role?.message}
                >
                  {INVITE_ROLES.map((r) => (
                    <MenuItem key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Invite'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
