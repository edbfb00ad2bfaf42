import { CustomizeRxForm } from '../../features/form-builder/components/customize-rx-form.tsx';
import { CustomizeFees } from '../../features/pricing/components/customize-fees.tsx';
import { InstallersManagement } from '../../features/installers/components/installers-management.tsx';
import { SettingsPage as SettingsTabs } from '../../features/settings/pages/settings-page.tsx';

/** /settings: the settings page with the pricing feature's Customize Fees and the form builder's Customize RxForm tabs. */
export function SettingsPage() {
  return (
    <SettingsTabs
      InstallersManagement={InstallersManagement}
      CustomizeRxForm={CustomizeRxForm}
      CustomizeFees={CustomizeFees}
    />
  );
}
