import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { CreateBatchDialog } from '../../features/batches/components/create-batch-dialog.tsx';
import { organizationQueryOptions } from '../../features/organizations/api/get-organization.ts';
import { OrganizationName } from '../../features/organizations/components/quick-glance.tsx';
import { CaseListPage as CaseList } from '../../features/patients/pages/case-list-page.tsx';
import { ShipmentCaseLabels } from '../../features/shipments/components/shipment-case-labels.tsx';
import { ShipmentGroupActions } from '../../features/shipments/components/shipment-group-actions.tsx';

/**
 * /organizations/{organizationId}/patients: the management case list scoped to one organization
 * (GET /patients with its organization filter), titled with the organization's name. An
 * organization that does not exist or is out of the caller's sight is 'Page Not Found'.
 */
export function OrganizationPatientsPage() {
  const raw = useParams().organizationId ?? '';
  const organizationId = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const organization = useQuery({
    ...organizationQueryOptions(organizationId ?? 0),
    enabled: organizationId !== null,
  });
  if (organizationId === null) return <NotFoundPage />;
  if (organization.isPending) return <PageLoader label="Loading organization..." />;
  if (organization.isError) {
    const status = organization.error instanceof ApiError ? organization.error.status : 0;
    if (status === 404 || status === 403) return <NotFoundPage />;
    return <Alert severity="error">The organization could not be loaded.</Alert>;
  }
  return (
    <CaseList
      key={organizationId}
      organization={{ id: organizationId, name: organization.data.name }}
      OrganizationName={OrganizationName}
      CreateBatchDialog={CreateBatchDialog}
      ShipmentGroupActions={ShipmentGroupActions}
      ShipmentCaseLabels={ShipmentCaseLabels}
    />
  );
}
