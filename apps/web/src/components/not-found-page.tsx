import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Logo } from './logo.tsx';

/** Any unknown route. */
export function NotFoundPage() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        textAlign: 'center',
      }}
    >
      <Logo />
      <Typography variant="h1" component="h1">
        Page Not Found
      </Typography>
      <Typography color="text.secondary">
        The page you are looking for does not exist or has been moved.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to Home
      </Button>
    </Box>
  );
}

export default NotFoundPage;
