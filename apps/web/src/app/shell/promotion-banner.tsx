import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useState } from 'react';

export const PROMOTION_TITLE = 'Now Offering Aligners!';

/** The aligner promotion for practice users, shown while the promotion flag is on. */
export function PromotionBanner() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Alert
        severity="success"
        variant="outlined"
        sx={{ mb: 2, bgcolor: 'background.paper' }}
        action={
          <Link component="button" type="button" onClick={() => setOpen(true)} sx={{ fontWeight: 600 }}>
            Details
          </Link>
        }
      >
        {PROMOTION_TITLE}
      </Alert>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="promotion-title">
        <DialogTitle id="promotion-title">{PROMOTION_TITLE}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Aligners can now be ordered for your patients alongside bonding trays, guides and brackets. Choose
            aligners when you start a new case, or contact us to learn more.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
