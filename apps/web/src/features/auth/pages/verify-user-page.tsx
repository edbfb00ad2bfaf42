import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../session/session.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { verifyAccount } from '../api/verify.ts';

export const VERIFY_ERROR = 'There was an issue verifying your account.';

/** /verify-user?token=: the VERIFY link of the sign-up e-mail; verifies and logs the user in. */
export function VerifyUserPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { signIn } = useSession();
  // A query (not an effect) so a double mount sends the one-time token only once.
  const verification = useQuery({
    queryKey: ['verify-user', token],
    queryFn: () => verifyAccount(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silentError: true },
  });

  useEffect(() => {
    if (!verification.data) return;
    const { access_token, user } = verification.data.login_info;
    const timer = setTimeout(() => {
      signIn(access_token, user);
      navigate('/', { replace: true });
    }, 600);
    return () => clearTimeout(timer);
  }, [verification.data, signIn, navigate]);

  const failed = token === '' || verification.isError;
  return (
    <PublicLayout title="Account Verification">
      {failed ? (
        <>
          <Alert severity="error">{VERIFY_ERROR}</Alert>
          <Button component={RouterLink} to="/login" variant="contained" fullWidth sx={{ mt: 3 }}>
            Go to Login
          </Button>
        </>
      ) : (
        <PageLoader label={verification.data ? 'Logging you in...' : 'Verifying account...'} />
      )}
    </PublicLayout>
  );
}

export default VerifyUserPage;
