import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useResetTwoFactor } from '../api/reset-two-factor.ts';

/** 'Two-factor authentication' on /users/{id} (super admin): reset it for a user who lost their phone. */
export function TwoFactorResetCard({ userId }: { userId: number }) {
  const reset = useResetTwoFactor();
  const [open, setOpen] = useState(false);
  return (
    <Card component="section" aria-labelledby="two-factor-reset-title">
      <CardHeader
        title="Two-factor authentication"
        slotProps={{ title: { id: 'two-factor-reset-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          If the user lost their authenticator app and their recovery codes, reset two-factor authentication:
          they sign in with their password alone and can set it up again. The reset is recorded in the audit
          trail.
        </Typography>
        <Button variant="outlined" color="warning" onClick={() => setOpen(true)}>
          Reset two-factor authentication
        </Button>
      </CardContent>
      <ConfirmDialog
        open={open}
        title="Reset two-factor authentication?"
        text="The user will sign in with their password alone until they set it up again."
        confirmLabel="Reset"
        color="warning"
        busy={reset.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          reset.mutate(userId, {
            onSuccess: (result) => {
              setOpen(false);
              notifySuccess(result.message);
            },
          });
        }}
      />
    </Card>
  );
}
