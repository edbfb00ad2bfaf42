import DesktopWindowsIcon from '@mui/icons-material/DesktopWindows';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import type { MeUser } from '../../session/me.ts';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell.tsx';
import { OnboardingButton } from '../../features/onboarding/components/onboarding-button.tsx';
import { OrganizationFilterChip } from './organization-filter-chip.tsx';
import { ORGANIZATION_FILTER_PATHS } from '../../session/organization-filter.ts';
import { OrganizationSwitcher } from './organization-switcher.tsx';

/**
 * Logo, menu toggle, organization switcher (practice) or the organization filter chip (management,
 * on the pages it narrows), the DIBS launcher, notifications bell and log out.
 */
export function TopBar({
  user,
  practice,
  onToggleSidebar,
  sidebarOpen,
  onLogout,
}: {
  user: MeUser;
  practice: boolean;
  onToggleSidebar: () => void;
  sidebarOpen: boolean;
  onLogout: () => void;
}) {
  const { pathname } = useLocation();
  const organizationFilter = !practice && (ORGANIZATION_FILTER_PATHS as readonly string[]).includes(pathname);
  return (
    <AppBar position="fixed" component="header" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      {/* On a phone the bar keeps to the screen: the logo without its name, tighter gaps. */}
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 }, minWidth: 0 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
          aria-controls="app-sidebar"
          aria-expanded={sidebarOpen}
          onClick={onToggleSidebar}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to="/"
          aria-label="Archline home"
          sx={{
            display: 'inline-flex',
            color: 'inherit',
            textDecoration: 'none',
            '& .MuiTypography-root': { display: { xs: 'none', sm: 'inline' } },
          }}
        >
          <Logo size={32} inverse />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }} />
        {practice && <OrganizationSwitcher user={user} />}
        {organizationFilter && <OrganizationFilterChip />}
        {practice && <OnboardingButton user={user} />}
        <Tooltip title="Open DIBS desktop, signed in">
          <IconButton
            color="inherit"
            // The desktop application does not run on phones.
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            component={RouterLink}
            to="/dibs"
            aria-label="Open DIBS desktop, signed in"
          >
            <DesktopWindowsIcon />
          </IconButton>
        </Tooltip>
        <NotificationsBell />
        <Tooltip title="Log out">
          <IconButton color="inherit" aria-label="Log out" onClick={onLogout}>
            <LogoutIcon />
          </IconButton>
        </Tooltip>
      </Toolbar>
    </AppBar>
  );
}
