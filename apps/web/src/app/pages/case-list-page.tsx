import { OrganizationName } from '../../features/organizations/components/quick-glance.tsx';
import { CaseListPage as CaseList } from '../../features/patients/pages/case-list-page.tsx';

/** /patients-page: the management case list with the organizations' quick glance on names. */
export function CaseListPage() {
  return <CaseList OrganizationName={OrganizationName} />;
}
