import { createTheme } from '@mui/material/styles';

/** Colours chosen for WCAG AA contrast on white and on the primary colour. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b4f6c', contrastText: '#ffffff' },
    secondary: { main: '#7a3b69', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    success: { main: '#1e6b34' },
    warning: { main: '#8a5300' },
    background: { default: '#f4f6f8', paper: '#ffffff' },
    text: { secondary: '#4a5560' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Roboto", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    // A disabled field's hint still has to be readable (WCAG AA contrast): it often says why.
    // The legend of a read-only group of choices stays readable too.
    MuiFormLabel: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-disabled:not(.Mui-error):not(.MuiInputLabel-root)': { color: theme.palette.text.secondary },
        }),
      },
    },
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-disabled:not(.Mui-error)': { color: theme.palette.text.secondary } }),
      },
    },
    // A wide table scrolls inside its card; positioned content in it (hidden labels) stays inside too.
    MuiTableContainer: { styleOverrides: { root: { position: 'relative' } } },
    // On a phone the pager wraps onto two lines instead of widening the page.
    MuiTablePagination: {
      styleOverrides: {
        toolbar: ({ theme }) => ({
          [theme.breakpoints.down('sm')]: { flexWrap: 'wrap', justifyContent: 'flex-end', paddingLeft: 8 },
        }),
        spacer: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { display: 'none' } }),
      },
    },
  },
});
