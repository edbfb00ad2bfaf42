import { CustomizeRxForm } from '../../features/form-builder/components/customize-rx-form.tsx';
import { SettingsPage as SettingsTabs } from '../../features/settings/pages/settings-page.tsx';

/** /settings: the settings page with the form builder's Customize RxForm tab. */
export function SettingsPage() {
  return <SettingsTabs CustomizeRxForm={CustomizeRxForm} />;
}
