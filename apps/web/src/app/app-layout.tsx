import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '../components/logo.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { useSession } from './session.tsx';

/** The frame of authenticated pages: top bar with the user and log out, content, footer. */
export function AppLayout() {
  const { user, signOut } = useSession();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" component="header">
        <Toolbar sx={{ gap: 2 }}>
          <Logo size={32} inverse />
          <Box sx={{ flex: 1 }} />
          {user && <Typography component="span">{user.full_name}</Typography>}
          <Button color="inherit" onClick={() => void signOut()}>
            Log out
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, p: { xs: 2, md: 3 } }}>
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
  );
}
