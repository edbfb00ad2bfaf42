import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { theme } from './theme.ts';

/** Snackbar colours dark enough for white text (WCAG AA contrast), unlike the library defaults. */
const Snack = styled(MaterialDesignContent)(({ theme: t }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: t.palette.success.dark },
  '&.notistack-MuiContent-error': { backgroundColor: t.palette.error.dark },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
  '&.notistack-MuiContent-info': { backgroundColor: t.palette.info.dark },
  '&.notistack-MuiContent-default': { backgroundColor: t.palette.grey[900] },
}));
const SNACK_COMPONENTS = { default: Snack, success: Snack, error: Snack, warning: Snack, info: Snack };

/** Theme, server-state cache and snackbars around the whole app. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={3}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          autoHideDuration={6000}
          Components={SNACK_COMPONENTS}
        >
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
