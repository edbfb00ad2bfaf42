import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/logo.tsx';

/**
 * The full-page frame of the account setup: no sidebar, only the logo, the signed-in user's name
 * and Log out, since nothing else of the portal opens before the setup is done.
 */
export function SetupLayout({
  userName,
  onLogout,
  loggingOut,
  children,
}: {
  userName: string;
  onLogout: () => void;
  loggingOut: boolean;
  children: ReactNode;
}) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" component="header" elevation={0}>
        <Toolbar sx={{ gap: 2 }}>
          <Logo size={32} inverse />
          <Box sx={{ flex: 1 }} />
          <Typography component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {userName}
          </Typography>
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<LogoutIcon aria-hidden="true" />}
            onClick={onLogout}
            disabled={loggingOut}
          >
            Log out
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, px: 2, py: { xs: 3, sm: 5 } }}>
        <Box sx={{ maxWidth: 960, mx: 'auto' }}>{children}</Box>
      </Box>
      <Box component="footer" sx={{ py: 3, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} Archline
        </Typography>
      </Box>
    </Box>
  );
}
