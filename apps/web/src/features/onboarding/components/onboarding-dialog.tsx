import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOnboarding } from '../api/get-onboarding.ts';
import { OnboardingChecklist } from './onboarding-checklist.tsx';

/** 'Onboarding Checklist': the practice's checklist in a dialog, live while open. */
export function OnboardingDialog({
  onboardingId,
  organizationName,
  canProceed,
  open,
  onClose,
}: {
  onboardingId: number;
  organizationName: string;
  canProceed: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const onboarding = useOnboarding(onboardingId, open);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Onboarding Checklist
        <Box component="span" sx={{ display: 'block', typography: 'body2', color: 'text.secondary' }}>
          {organizationName}
        </Box>
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {onboarding.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the onboarding checklist" />
          </Box>
        )}
        {onboarding.isError && <Alert severity="error">{errorMessage(onboarding.error)}</Alert>}
        {onboarding.data && (
          <OnboardingChecklist onboarding={onboarding.data} mode="practice" canProceed={canProceed} />
        )}
      </DialogContent>
    </Dialog>
  );
}
