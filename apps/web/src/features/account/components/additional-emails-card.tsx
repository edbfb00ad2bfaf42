import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AddEmailRequest } from '@archline/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import type { MeUser } from '../../../session/me.ts';
import { useAddEmail } from '../api/add-email.ts';
import { useDeleteEmail } from '../api/delete-email.ts';

type Values = z.input<typeof AddEmailRequest>;
type Output = z.output<typeof AddEmailRequest>;

/** 'Additional Emails' (management profile): add an address, remove one by id. */
export function AdditionalEmailsCard({ user }: { user: MeUser }) {
  const add = useAddEmail();
  const remove = useDeleteEmail();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(AddEmailRequest),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await add.mutateAsync(values.email);
      form.reset({ email: '' });
      notifySuccess(result.message);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['email'])) notifyError(error);
    }
  });

  return (
    <Card component="section" aria-labelledby="additional-emails-title">
      <CardHeader
        title="Additional Emails"
        slotProps={{ title: { id: 'additional-emails-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {user.additional_emails.length === 0 ? (
          <Typography color="text.secondary">No additional emails.</Typography>
        ) : (
          <List dense aria-label="Additional emails">
            {user.additional_emails.map((e) => (
              <ListItem
                key={e.id}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${e.email}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(e.id, { onSuccess: (result) => notifySuccess(result.message) })
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText primary={e.email} />
              </ListItem>
            ))}
          </List>
        )}
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label="Add an email"
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}
        >
          <TextField
            {...form.register('email')}
            label="Email"
            type="email"
            autoComplete="off"
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ mt: 3, flexShrink: 0 }}>
            Add
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
