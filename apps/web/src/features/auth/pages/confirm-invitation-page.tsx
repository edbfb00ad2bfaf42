import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { confirmInvitation } from '../api/confirm-invitation.ts';

export const INVITATION_CONFIRMED = 'The invitation was confirmed. Please, try to log in now.';
export const INVITATION_FAILED = 'There was an issue confirming your invitation.';

/** /confirm-invitation?token=: an existing user accepts an organization's invitation. */
export function ConfirmInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirmation = useQuery({
    queryKey: ['confirm-invitation', token],
    queryFn: () => confirmInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silentError: true },
  });

  const pending = token !== '' && confirmation.isPending;
  return (
    <PublicLayout title="Invitation">
      {pending ? (
        <PageLoader label="Confirming invitation..." />
      ) : (
        <>
          {confirmation.isSuccess ? (
            <Alert severity="success">{INVITATION_CONFIRMED}</Alert>
          ) : (
            <Alert severity="error">{INVITATION_FAILED}</Alert>
          )}
          <Button component={RouterLink} to="/login" variant="contained" fullWidth sx={{ mt: 3 }}>
            Go to Home
          </Button>
        </>
      )}
    </PublicLayout>
  );
}

export default ConfirmInvitationPage;
