import { CustomizeRxForm } from '../../features/form-builder/components/customize-rx-form.tsx';
import { CustomizeFees } from '../../features/pricing/components/customize-fees.tsx';
import { InstallersManagement } from '../../features/installers/components/installers-management.tsx';
import { AnnouncementsSettings } from '../../features/notifications/components/announcements-settings.tsx';
import { SettingsPage as SettingsTabs } from '../../features/settings/pages/settings-page.tsx';

/** /settings: the settings page with the installers, pricing (Customize Fees), notifications (Announcements) and form builder (Customize RxForm) tabs. */
export function SettingsPage() {
  return (
    <SettingsTabs
      InstallersManagement={InstallersManagement}
      CustomizeRxForm={CustomizeRxForm}
      CustomizeFees={CustomizeFees}
      Announcements={AnnouncementsSettings}
    />
  );
}
