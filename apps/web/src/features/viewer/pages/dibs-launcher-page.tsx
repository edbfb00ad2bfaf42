import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { api } from '../../../lib/api-client.ts';
import { dibsDeepLink } from '../deep-link.ts';

export const LINK_EXPIRED = 'This link has expired!';

/**
 * /dibs?token=&q=: hands a session over to the desktop viewer. Requires a signed-in browser;
 * a link token is checked against the current-user endpoint before the Open button is offered.
 */
export function DibsLauncherPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const linkToken = params.get('token');
  const q = params.get('q');
  const check = useQuery({
    queryKey: ['dibs-link', linkToken],
    queryFn: ({ signal }) => api.get('/me', { token: linkToken ?? '', signal }),
    enabled: Boolean(linkToken) && Boolean(session.token),
    retry: false,
    meta: { silentError: true },
  });

  if (!session.token) {
    const path = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?path=${encodeURIComponent(path)}`} replace />;
  }
  if (session.isLoading || (linkToken && check.isPending)) {
    return (
      <PublicLayout title="Open in DIBS">
        <PageLoader label="Checking your session..." />
      </PublicLayout>
    );
  }
  if (linkToken && check.isError) {
    return (
      <PublicLayout title="Open in DIBS">
        <Alert severity="error">{LINK_EXPIRED}</Alert>
      </PublicLayout>
    );
  }
  const token = linkToken ?? session.token;
  return (
    <PublicLayout title="Open in DIBS">
      <Typography sx={{ mb: 3 }}>
        Open the case in the DIBS desktop application. If nothing happens, make sure DIBS is installed.
      </Typography>
      <Button component="a" href={dibsDeepLink(token, q)} variant="contained" size="large" fullWidth>
        Open
      </Button>
    </PublicLayout>
  );
}

export default DibsLauncherPage;
