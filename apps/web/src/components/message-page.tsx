import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/**
 * A full message in the content area: guard refusals ('You don't have permission to access this
 * page.'), a failed load of the current user, and similar dead ends.
 */
export function MessagePage({
  title,
  message,
  severity = 'warning',
  action,
}: {
  title?: string;
  message: string;
  severity?: 'warning' | 'error' | 'info';
  action?: { label: string; to: string };
}) {
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', my: 6, px: 2 }}>
      {title && (
        <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
      )}
      <Alert severity={severity}>{message}</Alert>
      {action && (
        <Button component={RouterLink} to={action.to} variant="contained" sx={{ mt: 3 }}>
          {action.label}
        </Button>
      )}
    </Box>
  );
}
