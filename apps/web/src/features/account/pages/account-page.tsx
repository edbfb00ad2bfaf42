import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { profileOf } from '@archline/contracts';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../session/session.tsx';
import { roleNames, type MeUser } from '../../../session/me.ts';
import { accountTabsFor, selectedAccountTab } from '../account-tabs.ts';
import { AdditionalEmailsCard } from '../components/additional-emails-card.tsx';
import { ChangePasswordCard } from '../components/change-password-card.tsx';
import { TwoFactorCard } from '../components/two-factor-card.tsx';
import { UserInformationForm } from '../components/user-information-form.tsx';

function UserTab({ user }: { user: MeUser }) {
  const management = profileOf(roleNames(user)) === 'management';
  return (
    <Stack spacing={3}>
      {/* Re-mounted when the user changes so the form starts from the saved values. */}
      <UserInformationForm key={user.id} user={user} />
      {management && <AdditionalEmailsCard user={user} />}
      <ChangePasswordCard />
      <TwoFactorCard />
    </Stack>
  );
}

/** The tabs other features (billing, organization-account) own; app/ composes them into the page. */
export interface AccountPageTabs {
  PaymentTab: ComponentType<{ user: MeUser }>;
  /** Billing's Extra tab (buying seats). */
  ExtraTab: ComponentType<{ user: MeUser }>;
  InvoicesTab: ComponentType<{ user: MeUser }>;
  /** The installers feature's Installer tab. */
  InstallerTab?: ComponentType;
  OrganizationTab: ComponentType<{ user: MeUser }>;
  DevicesTab: ComponentType<{ user: MeUser }>;
  /** The webhooks feature's Webhooks tab. */
  WebhooksTab?: ComponentType<{ user: MeUser }>;
}

/** /account?tab=N: the tabs the user may see (of those the portal has), User first. */
export function AccountPage({
  PaymentTab,
  ExtraTab,
  InvoicesTab,
  InstallerTab,
  OrganizationTab,
  DevicesTab,
  WebhooksTab,
}: AccountPageTabs) {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const tabs = accountTabsFor(user);
  const current = selectedAccountTab(tabs, params.get('tab'));
  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Account
      </Typography>
      <Tabs
        value={current.number}
        onChange={(_e, value: number) => setParams({ tab: String(value) }, { replace: true })}
        aria-label="Account sections"
        variant="scrollable"
        sx={{ mb: 3 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.number}
            value={tab.number}
            label={tab.label}
            id={`account-tab-${tab.number}`}
            aria-controls="account-tabpanel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="account-tabpanel" aria-labelledby={`account-tab-${current.number}`}>
        {current.number === 0 && <UserTab user={user} />}
        {current.number === 2 && <PaymentTab user={user} />}
        {current.number === 3 && <ExtraTab user={user} />}
        {current.number === 4 && <InvoicesTab user={user} />}
        {current.number === 5 && InstallerTab && <InstallerTab />}
        {current.number === 6 && <OrganizationTab user={user} />}
        {current.number === 7 && <DevicesTab user={user} />}
        {current.number === 8 && WebhooksTab && <WebhooksTab user={user} />}
      </Box>
    </Box>
  );
}
