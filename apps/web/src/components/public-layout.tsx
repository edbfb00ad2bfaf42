import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';

/** The frame of every public screen: logo, one card with the page heading, footer. */
export function PublicLayout({
  title,
  children,
  width = 440,
}: {
  title?: string;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 4, sm: 8 }, pb: 3 }}>
        <Logo />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', px: 2 }}>
        <Paper
          variant="outlined"
          sx={{ width: '100%', maxWidth: width, p: { xs: 3, sm: 4 }, alignSelf: 'flex-start' }}
        >
          {title && (
            <Typography variant="h1" component="h1" sx={{ mb: 2, textAlign: 'center' }}>
              {title}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
      <Box component="footer" sx={{ py: 3, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} Archline
        </Typography>
      </Box>
    </Box>
  );
}
