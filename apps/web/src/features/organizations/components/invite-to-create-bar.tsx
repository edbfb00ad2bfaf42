import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { SendInviteToCreateRequest } from '@archline/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useSendInviteToCreate } from '../api/send-invite-to-create.ts';

type Values = z.input<typeof SendInviteToCreateRequest>;
type Output = z.output<typeof SendInviteToCreateRequest>;

/** The invite-by-email bar: invites someone to create an organization. */
export function InviteToCreateBar() {
  const send = useSendInviteToCreate();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(SendInviteToCreateRequest),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty, isValid } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await send.mutateAsync(values);
      form.reset({ email: '' });
      notifySuccess(result.message);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['email'])) notifyError(error);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Invite to create an organization"
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 3 }}
    >
      <TextField
        {...form.register('email')}
        label="Invite by email"
        type="email"
        autoComplete="off"
        required
        error={Boolean(errors.email)}
        helperText={errors.email?.message ?? 'We e-mail a link to sign up and create an organization.'}
        sx={{ flex: '1 1 320px', maxWidth: 520 }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!isDirty || !isValid || isSubmitting}
        sx={{ mt: 1 }}
      >
        {isSubmitting ? 'Sending...' : 'Send Invite'}
      </Button>
    </Box>
  );
}
