import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { GUARD_MESSAGES } from '@archline/contracts/route-access';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../app/session.tsx';
import { CustomizeRxForm } from '../../form-builder/components/customize-rx-form.tsx';
import { selectedSettingsTab, visibleSettingsTabs } from '../settings-tabs.ts';

/** /settings?tab=N: the settings tabs the user may open. */
export function SettingsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const tabs = visibleSettingsTabs(user.all_permissions);
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
            {current.number === 3 && <CustomizeRxForm canEdit />}
          </Box>
        </>
      )}
    </Box>
  );
}
