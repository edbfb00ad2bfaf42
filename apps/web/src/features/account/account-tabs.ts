import { profileOf, visibleAccountTabs } from '@archline/contracts';
import { currentOrganizationOf, roleNames, type MeUser } from '../../session/me.ts';
import { permissionsOf } from '../../session/permissions.ts';

export interface AccountTab {
  number: number;
  label: string;
}

/**
 * The account tabs this portal has built so far, by their number in the tab table. A tab owned by
 * another feature is added here when that feature exists (never as a placeholder).
 */
export const BUILT_ACCOUNT_TABS: readonly AccountTab[] = [
  { number: 0, label: 'User' },
  { number: 2, label: 'Payment' },
  { number: 3, label: 'Extra' },
  { number: 4, label: 'Invoices' },
  { number: 5, label: 'Installer' },
  { number: 6, label: 'Organization' },
  { number: 7, label: 'Devices' },
  { number: 8, label: 'Webhooks' },
];

/** The built tabs the user may see by the tab table in @archline/contracts. */
export function accountTabsFor(user: MeUser): AccountTab[] {
  const organization = currentOrganizationOf(user);
  const visible = visibleAccountTabs({
    profile: profileOf(roleNames(user)),
    permissions: permissionsOf(user),
    organizationDisabled: Boolean(organization?.disabled_at),
    licenseAllowsExtraSeats: organization?.contract?.license?.license_type.allow_buy_seats === true,
    webhooksEnabled: organization?.webhooks_enabled ?? null,
  }).map((t) => t.number);
  return BUILT_ACCOUNT_TABS.filter((t) => visible.includes(t.number));
}

/** The tab named by ?tab=N when visible, else the User tab. */
export function selectedAccountTab(tabs: readonly AccountTab[], param: string | null): AccountTab {
  const wanted = param === null ? NaN : Number(param);
  return tabs.find((t) => t.number === wanted) ?? tabs[0] ?? BUILT_ACCOUNT_TABS[0]!;
}
