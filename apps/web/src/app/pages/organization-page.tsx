import { OrganizationContractSection } from '../../features/billing/components/organization-contract-section.tsx';
import { OrganizationRxFormSections } from '../../features/form-builder/components/organization-rx-form-sections.tsx';
import { OrganizationLibrarySections } from '../../features/libraries/components/organization-library-sections.tsx';
import { OrganizationInstallersSection } from '../../features/installers/components/organization-installers-section.tsx';
import { OrganizationNotificationSettingsSection } from '../../features/notifications/components/organization-notification-settings-section.tsx';
import { OrganizationPage as OrganizationDetails } from '../../features/organizations/pages/organization-page.tsx';
import { OrganizationPricingSection } from '../../features/pricing/components/organization-pricing-section.tsx';
import { OrganizationWebhooksSection } from '../../features/webhooks/components/organization-webhooks-section.tsx';

/** /organizations/{id}: the organization page with the form builder's RxForm sections and the library, pricing, contract and webhook sections. */
export function OrganizationPage() {
  return (
    <OrganizationDetails
      InstallersSection={OrganizationInstallersSection}
      RxFormSections={OrganizationRxFormSections}
      LibrarySections={OrganizationLibrarySections}
      PricingSection={OrganizationPricingSection}
      NotificationSettingsSection={OrganizationNotificationSettingsSection}
      ContractSection={OrganizationContractSection}
      WebhooksSection={OrganizationWebhooksSection}
    />
  );
}
