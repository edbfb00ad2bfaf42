import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import type { MeUser } from '../../features/auth/api/me.ts';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell.tsx';
import { OrganizationSwitcher } from './organization-switcher.tsx';

/** Logo, menu toggle, organization switcher, notifications bell and log out. */
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
  return (
    <AppBar position="fixed" component="header" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
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
          sx={{ display: 'inline-flex', color: 'inherit', textDecoration: 'none' }}
        >
          <Logo size={32} inverse />
        </Box>
        <Box sx={{ flex: 1 }} />
        {practice && <OrganizationSwitcher user={user} />}
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
