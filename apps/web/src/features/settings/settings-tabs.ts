import type { Permission } from '@archline/contracts/permissions';

/**
 * The tabs of /settings, chosen by the numeric `tab` query parameter (document 2 section 2):
 * 0 Installers Management, 1 Customize Fees (pricing.update), 2 Announcements
 * (announcement.update), 3 Customize RxForm (rx-forms.customize-default-layout). Only the tabs
 * listed here are built; a tab joins the list when its screen exists.
 *
 * The spec hides the page while the current organization has no contract. The page belongs to the
 * management profile (staff), who work across all organizations without a contract of their own,
 * so that rule does not restrict it.
 */
export interface SettingsTab {
  number: number;
  label: string;
  permission: Permission;
}

export const SETTINGS_TABS: readonly SettingsTab[] = [
  { number: 0, label: 'Installers Management', permission: 'installers.manage' },
  { number: 1, label: 'Customize Fees', permission: 'pricing.update' },
  { number: 2, label: 'Announcements', permission: 'announcement.update' },
  { number: 3, label: 'Customize RxForm', permission: 'rx-forms.customize-default-layout' },
];

/** The built tabs the user may open, in order. */
export function visibleSettingsTabs(permissions: Iterable<string>): SettingsTab[] {
  const held = new Set(permissions);
  return SETTINGS_TABS.filter((tab) => held.has(tab.permission));
}

/** The tab to show for `?tab=`: the asked one when visible, else the first visible one. */
export function selectedSettingsTab(
  tabs: readonly SettingsTab[],
  param: string | null,
): SettingsTab | undefined {
  const asked = param !== null && /^\d+$/.test(param) ? Number(param) : NaN;
  return tabs.find((t) => t.number === asked) ?? tabs[0];
}
