import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { StepActions } from './step-actions.tsx';

const WHAT_FOLLOWS = [
  {
    icon: <BusinessIcon />,
    title: 'Account Details',
    text: 'Your practice name, contact details and address.',
  },
  {
    icon: <CreditCardIcon />,
    title: 'Choose Payment Method',
    text: 'A credit card (1.49% fee) or a bank account (ACH, no fee).',
  },
  {
    icon: <ReceiptLongIcon />,
    title: 'Review your Order',
    text: 'The start-up fee is charged today; your monthly billing starts 30 days later.',
  },
];

/** Step 0: what the setup asks for. */
export function WelcomeStep({ firstName, onNext }: { firstName: string; onNext: () => void }) {
  return (
    <Box>
      <Typography sx={{ mb: 1 }}>
        Welcome to Archline, {firstName}! A few details and your practice is ready to submit its first cases.
      </Typography>
      <List aria-label="What the setup asks for">
        {WHAT_FOLLOWS.map((item) => (
          <ListItem key={item.title} disableGutters>
            <ListItemIcon sx={{ color: 'primary.main' }} aria-hidden="true">
              {item.icon}
            </ListItemIcon>
            <ListItemText primary={item.title} secondary={item.text} />
          </ListItem>
        ))}
      </List>
      <StepActions
        next={
          <Button variant="contained" onClick={onNext}>
            Next
          </Button>
        }
      />
    </Box>
  );
}
