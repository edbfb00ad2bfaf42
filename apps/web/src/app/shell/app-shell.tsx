import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { profileOf } from '@archline/contracts';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { roleNames } from '../../session/me.ts';
import { AnnouncementAlerts } from '../../features/notifications/components/announcement-alerts.tsx';
import { NotificationsChannel } from '../../features/notifications/components/notifications-channel.tsx';
import { useSession } from '../../session/session.tsx';
import { useSettings } from '../../session/settings.ts';
import { PromotionBanner } from './promotion-banner.tsx';
import { RealtimeProvider } from '../../session/realtime.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useActivityReporting } from './use-activity-reporting.ts';

export const DRAWER_WIDTH = 240;

/** Announcement alerts appear on the patient lists only. */
export const ANNOUNCEMENT_PATHS = ['/patients', '/patients-page'];

/**
 * The authenticated layout: top bar, sidebar (persistent at the large breakpoint, temporary
 * below), announcements and promotion banner, the page, and the footer with the current year.
 */
export function AppShell() {
  const { user, token, signOut } = useSession();
  const theme = useTheme();
  const large = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [persistentOpen, setPersistentOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const settings = useSettings();
  useActivityReporting(settings.data?.activity_throttle_seconds);

  if (!user || !token) return <PageLoader />;
  const practice = profileOf(roleNames(user)) === 'practice';
  const sidebarOpen = large ? persistentOpen : mobileOpen;
  const toggle = () => (large ? setPersistentOpen((o) => !o) : setMobileOpen((o) => !o));
  const shift = large && persistentOpen ? DRAWER_WIDTH : 0;

  return (
    <RealtimeProvider token={token}>
      <NotificationsChannel />
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <TopBar
          user={user}
          practice={practice}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={toggle}
          onLogout={() => void signOut()}
        />
        <Drawer
          id="app-sidebar"
          variant={large ? 'persistent' : 'temporary'}
          open={sidebarOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          <Toolbar />
          <Sidebar user={user} onNavigate={large ? undefined : () => setMobileOpen(false)} />
        </Drawer>
        <Box
          sx={{
            flex: 1,
            // Never wider than the screen: wide content (tables, the tooth chart) scrolls inside itself.
            minWidth: 0,
            display: 'flex',
            flexDirection: 'column',
            ml: `${shift}px`,
            transition: theme.transitions.create('margin', { duration: theme.transitions.duration.shortest }),
          }}
        >
          <Toolbar />
          <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
            {practice && settings.data?.aligner_promotion_enabled && <PromotionBanner />}
            {ANNOUNCEMENT_PATHS.includes(pathname) && <AnnouncementAlerts />}
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Box>
          <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              © {new Date().getFullYear()} Archline
            </Typography>
          </Box>
        </Box>
      </Box>
    </RealtimeProvider>
  );
}
