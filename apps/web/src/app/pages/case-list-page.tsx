import { OrganizationName } from '../../features/organizations/components/quick-glance.tsx';
import { CreateBatchDialog } from '../../features/batches/components/create-batch-dialog.tsx';
import { CaseListPage as CaseList } from '../../features/patients/pages/case-list-page.tsx';

/**
 * /patients-page: the management case list with the organizations' quick glance on names and the
 * batches' creation dialog in batch mode.
 */
export function CaseListPage() {
  return <CaseList OrganizationName={OrganizationName} CreateBatchDialog={CreateBatchDialog} />;
}
