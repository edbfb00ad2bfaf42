import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../../session/session.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { requestViewerSignInCode } from '../api/viewer-sign-in.ts';
import { CaseName, patientIdOf, StlScansPreview } from '../components/case-preview.tsx';
import { ViewerOpenFlow } from '../components/open-flow.tsx';
import { dibsDeepLink } from '../deep-link.ts';

export const CODE_FAILED = 'DIBS could not be prepared. Please try again.';
/** A code lives one minute: a fresh one is fetched before it runs out. */
const CODE_REFRESH_MS = 45_000;

/**
 * /dibs?q=: opens DIBS signed in as the current user, optionally on case `q`. Requires a
 * signed-in browser. With a case it runs the open flow (approved-case warning, unstable version
 * check, Desktop or Online by the organization's options); the desktop link carries a single-use
 * sign-in code (one minute), never the browser's session token.
 */
export function DibsLauncherPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const q = params.get('q');
  const code = useQuery({
    queryKey: ['viewer-sign-in-code'],
    queryFn: ({ signal }) => requestViewerSignInCode(signal),
    enabled: Boolean(session.token),
    gcTime: 0,
    staleTime: CODE_REFRESH_MS,
    refetchInterval: CODE_REFRESH_MS,
    retry: false,
    meta: { silentError: true },
  });

  if (!session.token) {
    const path = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?path=${encodeURIComponent(path)}`} replace />;
  }
  if (session.isLoading || code.isPending) {
    return (
      <PublicLayout title="Open in DIBS">
        <PageLoader label="Checking your session..." />
      </PublicLayout>
    );
  }
  if (code.isError) {
    return (
      <PublicLayout title="Open in DIBS">
        <Alert severity="error">{CODE_FAILED}</Alert>
      </PublicLayout>
    );
  }
  const patientId = patientIdOf(q);
  if (patientId !== null)
    return (
      <PublicLayout title="Open in DIBS">
        <CaseName patientId={patientId} />
        <Box sx={{ mt: 2 }}>
          <ViewerOpenFlow patientId={patientId} code={code.data.code} />
        </Box>
        <StlScansPreview patientId={patientId} />
      </PublicLayout>
    );
  return (
    <PublicLayout title="Open in DIBS">
      <Typography sx={{ mt: 1, mb: 3 }}>
        Open the DIBS desktop application. If nothing happens, make sure DIBS is installed.
      </Typography>
      <Button component="a" href={dibsDeepLink(code.data.code, q)} variant="contained" size="large" fullWidth>
        Open
      </Button>
    </PublicLayout>
  );
}

export default DibsLauncherPage;
