import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { GUARD_MESSAGES } from '@archline/contracts/route-access';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../../session/permissions.ts';
import { useSession } from '../../../session/session.tsx';
import { selectedSettingsTab, visibleSettingsTabs } from '../settings-tabs.ts';

/** The tabs other features own (the form builder's default layout); app/ composes them into the page. */
export interface SettingsPageTabs {
  CustomizeRxForm: ComponentType<{ canEdit: boolean }>;
  /** The installers feature's Installers Management (tab 0, installers.manage). */
  InstallersManagement?: ComponentType;
  /** The pricing feature's Customize Fees (the global price list). */
  CustomizeFees?: ComponentType;
  /** The notifications feature's Announcements (tab 2, announcement.update). */
  Announcements?: ComponentType;
}

/** /settings?tab=N: the settings tabs the user may open. */
export function SettingsPage({
  InstallersManagement,
  CustomizeRxForm,
  CustomizeFees,
  Announcements,
}: SettingsPageTabs) {
  const { user } = useSession();
  const { permissions } = usePermissions();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const tabs = visibleSettingsTabs(permissions);
  const current = selectedSettingsTab(tabs, params.get('tab'));
  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Settings
      </Typography>
      {!current ? (
        <Alert severity="warning">{GUARD_MESSAGES.section}</Alert>
      ) : (
        <>
          <Tabs
            value={current.number}
            onChange={(_e, value: number) => setParams({ tab: String(value) }, { replace: true })}
            aria-label="Settings sections"
            variant="scrollable"
            sx={{ mb: 3 }}
          >
            {tabs.map((tab) => (
              <Tab
                key={tab.number}
                value={tab.number}
                label={tab.label}
                id={`settings-tab-${tab.number}`}
                aria-controls="settings-tabpanel"
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id="settings-tabpanel" aria-labelledby={`settings-tab-${current.number}`}>
            {current.number === 0 && InstallersManagement && <InstallersManagement />}
            {current.number === 1 && CustomizeFees && <CustomizeFees />}
            {current.number === 2 && Announcements && <Announcements />}
            {current.number === 3 && <CustomizeRxForm canEdit />}
          </Box>
        </>
      )}
    </Box>
  );
}
