import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WhitehatIntegrationRequest, type WhitehatIntegration } from '@archline/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useSaveWhitehatIntegration, useWhitehatIntegration } from '../api/whitehat-integration.ts';
import { FormSwitch } from '../../../components/form-switch.tsx';

type Values = z.input<typeof WhitehatIntegrationRequest>;
type Output = z.output<typeof WhitehatIntegrationRequest>;

function WhitehatForm({
  userId,
  settings,
  readOnly,
}: {
  userId: number;
  settings: WhitehatIntegration;
  readOnly: boolean;
}) {
  const save = useSaveWhitehatIntegration();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(WhitehatIntegrationRequest),
    defaultValues: { enabled: settings.enabled, username: settings.username ?? '', password: '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const enabled = form.watch('enabled');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync({ userId, body: values });
      form.reset({ enabled: result.data.enabled, username: result.data.username ?? '', password: '' });
      notifySuccess(result.message);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['username', 'password'])) notifyError(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="whitehat-title">
      <FormSwitch control={form.control} name="enabled" label="Enabled" disabled={readOnly} />
      {enabled && (
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              {...form.register('username')}
              label="Username"
              required
              autoComplete="off"
              margin="normal"
              disabled={readOnly}
              error={Boolean(errors.username)}
              helperText={errors.username?.message}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              {...form.register('password')}
              label="Password"
              type="password"
              required
              autoComplete="new-password"
              margin="normal"
              disabled={readOnly}
              error={Boolean(errors.password)}
              helperText={
                errors.password?.message ??
                (settings.has_password ? 'A password is stored; enter it again to save.' : undefined)
              }
            />
          </Grid>
        </Grid>
      )}
      {!readOnly && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** 'Whitehat Integration': a switch, and when enabled the username and password. */
export function WhitehatCard({ userId, readOnly }: { userId: number; readOnly: boolean }) {
  const settings = useWhitehatIntegration(userId);
  return (
    <Card component="section" aria-labelledby="whitehat-title">
      <CardHeader
        title="Whitehat Integration"
        slotProps={{ title: { id: 'whitehat-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {settings.isPending && <Typography color="text.secondary">Loading...</Typography>}
        {settings.data && <WhitehatForm userId={userId} settings={settings.data.data} readOnly={readOnly} />}
      </CardContent>
    </Card>
  );
}
