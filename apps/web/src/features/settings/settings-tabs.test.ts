import { describe, expect, it } from 'vitest';
import { permissionsFor } from '@archline/contracts';
import { selectedSettingsTab, visibleSettingsTabs } from './settings-tabs.ts';

describe('settings tabs', () => {
  it('Customize Fees (tab 1) needs pricing.update, Announcements (tab 2) announcement.update, Customize RxForm (tab 3) rx-forms.customize-default-layout: super_admin and admin', () => {
    for (const role of ['super_admin', 'admin'] as const)
      expect(visibleSettingsTabs(permissionsFor({ roles: [role] })).map((t) => t.label)).toEqual([
        'Installers Management',
        'Customize Fees',
        'Announcements',
        'Customize RxForm',
      ]);
    for (const role of ['tech_support', 'supervisor'] as const)
      expect(visibleSettingsTabs(permissionsFor({ roles: [role] }))).toEqual([]);
  });

  it('Announcements shows with announcement.update alone', () => {
    const tabs = visibleSettingsTabs(['announcement.update']);
    expect(tabs.map((t) => t.number)).toEqual([2]);
    expect(selectedSettingsTab(tabs, '2')?.label).toBe('Announcements');
  });

  it('the tab parameter picks a visible tab, otherwise the first one', () => {
    const tabs = visibleSettingsTabs(['rx-forms.customize-default-layout']);
    expect(selectedSettingsTab(tabs, '3')?.number).toBe(3);
    expect(selectedSettingsTab(tabs, '0')?.number).toBe(3);
    expect(selectedSettingsTab(tabs, 'x')?.number).toBe(3);
    expect(selectedSettingsTab([], '3')).toBeUndefined();
  });
});
