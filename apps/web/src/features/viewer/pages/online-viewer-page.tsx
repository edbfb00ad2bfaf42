import Typography from '@mui/material/Typography';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { useSession } from '../../../session/session.tsx';
import { CaseName, patientIdOf, StlScansPreview } from '../components/case-preview.tsx';

/**
 * /dibs/online?q=: DIBS online as this deployment provides it without a streaming service (the
 * offline streaming implementation answers this address): the case and its scans in the
 * in-browser 3D preview, read with the browser's own session.
 */
export function OnlineViewerPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  if (!session.token) {
    const path = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?path=${encodeURIComponent(path)}`} replace />;
  }
  if (session.isLoading)
    return (
      <PublicLayout title="DIBS Online">
        <PageLoader label="Checking your session..." />
      </PublicLayout>
    );
  const patientId = patientIdOf(params.get('q'));
  return (
    <PublicLayout title="DIBS Online">
      {patientId === null ? (
        <Typography>No case was chosen. Open a case from the case list with View.</Typography>
      ) : (
        <>
          <CaseName patientId={patientId} />
          <StlScansPreview patientId={patientId} />
        </>
      )}
    </PublicLayout>
  );
}

export default OnlineViewerPage;
