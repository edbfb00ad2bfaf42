import { PaymentMethodForm } from '../../features/account-setup/components/payment-method-form.tsx';
import { AccountInstallerTab } from '../../features/installers/components/account-installer-tab.tsx';
import { AccountPage as AccountTabs } from '../../features/account/pages/account-page.tsx';
import { ExtraTab } from '../../features/billing/components/extra-tab.tsx';
import { InvoicesTab } from '../../features/billing/components/invoices-tab.tsx';
import { PaymentTab as BillingPaymentTab } from '../../features/billing/components/payment-tab.tsx';
import { DevicesTab } from '../../features/organization-account/components/devices-tab.tsx';
import { OrganizationTab } from '../../features/organization-account/components/organization-tab.tsx';
import { WebhooksTab } from '../../features/webhooks/components/webhooks-tab.tsx';
import type { MeUser } from '../../session/me.ts';

/** The Payment tab with the account setup's add form (card or bank, tokenized in the browser, bot check). */
function PaymentTab({ user }: { user: MeUser }) {
  return <BillingPaymentTab user={user} AddPaymentMethodForm={PaymentMethodForm} />;
}

/**
 * /account: the account page with the Payment and Invoices tabs of billing and the Organization
 * and Devices tabs of organization-account, and the Webhooks tab of webhooks.
 */
export function AccountPage() {
  return (
    <AccountTabs
      PaymentTab={PaymentTab}
      ExtraTab={ExtraTab}
      InvoicesTab={InvoicesTab}
      InstallerTab={AccountInstallerTab}
      OrganizationTab={OrganizationTab}
      DevicesTab={DevicesTab}
      WebhooksTab={WebhooksTab}
    />
  );
}
