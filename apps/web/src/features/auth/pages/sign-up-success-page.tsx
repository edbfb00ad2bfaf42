import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PublicLayout } from '../../../components/public-layout.tsx';

/** After sign-up: the e-mail's VERIFY button finishes the registration and logs the user in. */
export function SignUpSuccessPage() {
  return (
    <PublicLayout title="Check Your E-mail">
      <Typography sx={{ mb: 2 }}>Thank you for signing up!</Typography>
      <Typography sx={{ mb: 3 }}>
        We have sent you an e-mail. Click VERIFY in the e-mail to confirm your address; it will log you in.
      </Typography>
      <Button component={RouterLink} to="/login" variant="outlined" fullWidth>
        Back to Login
      </Button>
    </PublicLayout>
  );
}

export default SignUpSuccessPage;
