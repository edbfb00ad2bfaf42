import { OrganizationRxFormSections } from '../../features/form-builder/components/organization-rx-form-sections.tsx';
import { OrganizationPage as OrganizationDetails } from '../../features/organizations/pages/organization-page.tsx';

/** /organizations/{id}: the organization page with the form builder's RxForm sections. */
export function OrganizationPage() {
  return <OrganizationDetails RxFormSections={OrganizationRxFormSections} />;
}
