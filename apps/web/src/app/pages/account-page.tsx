import { AccountPage as AccountTabs } from '../../features/account/pages/account-page.tsx';
import { DevicesTab } from '../../features/organization-account/components/devices-tab.tsx';
import { OrganizationTab } from '../../features/organization-account/components/organization-tab.tsx';

/** /account: the account page with the Organization and Devices tabs of organization-account. */
export function AccountPage() {
  return <AccountTabs OrganizationTab={OrganizationTab} DevicesTab={DevicesTab} />;
}
