import SentimentNeutralIcon from '@mui/icons-material/SentimentNeutral';
import SentimentVeryDissatisfiedIcon from '@mui/icons-material/SentimentVeryDissatisfied';
import SentimentVerySatisfiedIcon from '@mui/icons-material/SentimentVerySatisfied';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import {
  CASE_FEEDBACK_MESSAGES,
  CASE_FEEDBACK_RATINGS,
  caseFeedbackQuestion,
  type CaseFeedbackScore,
} from '@archline/contracts/case-feedback';
import { useState, type ReactNode } from 'react';
import { notifySuccess } from '../../../lib/notify.tsx';
import { onClientReset } from '../../../lib/reset.ts';
import { useFeedbackSuggestion } from '../api/feedback-suggestion.ts';
import { useSubmitFeedback } from '../api/submit-feedback.ts';

const ICONS: Record<CaseFeedbackScore, ReactNode> = {
  10: <SentimentVerySatisfiedIcon aria-hidden="true" sx={{ fontSize: 40 }} />,
  5: <SentimentNeutralIcon aria-hidden="true" sx={{ fontSize: 40 }} />,
  1: <SentimentVeryDissatisfiedIcon aria-hidden="true" sx={{ fontSize: 40 }} />,
};
const COLORS: Record<CaseFeedbackScore, 'success' | 'warning' | 'error'> = {
  10: 'success',
  5: 'warning',
  1: 'error',
};

/**
 * sessionStorage key: the user of this browser session was asked once (answered or dismissed). A
 * sign-out clears it with the rest of the client state.
 */
export const FEEDBACK_ASKED_KEY = 'archline.case-feedback-asked';

function askedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(FEEDBACK_ASKED_KEY) !== null;
  } catch {
    return false;
  }
}

function markAsked(): void {
  try {
    window.sessionStorage.setItem(FEEDBACK_ASKED_KEY, '1');
  } catch {
    // Storage unavailable: the dialog is closed for this page load only.
  }
}

onClientReset(() => {
  try {
    window.sessionStorage.removeItem(FEEDBACK_ASKED_KEY);
  } catch {
    // Storage unavailable: nothing kept.
  }
});

/**
 * Case feedback on the practice patients page: once per browser session, the organization's most
 * recently completed or shipped case the user has not rated is offered with Great / Ok / Bad, a
 * "Don't ask again" option (from the second question on) and Dismiss.
 */
export function CaseFeedbackDialog({ organizationId }: { organizationId: number | null }) {
  const [closed, setClosed] = useState(askedThisSession);
  const [disable, setDisable] = useState(false);
  const suggestion = useFeedbackSuggestion(organizationId, !closed);
  const submit = useSubmitFeedback();
  const data = suggestion.data?.data ?? null;

  const close = () => {
    markAsked();
    setClosed(true);
  };
  const rate = (score: CaseFeedbackScore) => {
    if (!data) return;
    submit.mutate(
      {
        patientId: data.patient.id,
        score,
        options: data.showDisableOption ? { disable } : {},
      },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          close();
        },
      },
    );
  };

  if (closed || !data) return null;
  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="case-feedback-title"
      aria-describedby="case-feedback-question"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="case-feedback-title">{CASE_FEEDBACK_MESSAGES.title}</DialogTitle>
      <DialogContent>
        <Typography id="case-feedback-question" sx={{ mb: 2 }}>
          {caseFeedbackQuestion(data.patient.name)}
        </Typography>
        <Box
          role="group"
          aria-label="Rating"
          sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}
        >
          {CASE_FEEDBACK_RATINGS.map((r) => (
            <Button
              key={r.score}
              variant="outlined"
              color={COLORS[r.score]}
              disabled={submit.isPending}
              onClick={() => rate(r.score)}
              sx={{ flex: 1, flexDirection: 'column', py: 1.5, textTransform: 'none' }}
            >
              {ICONS[r.score]}
              {r.label}
            </Button>
          ))}
        </Box>
        {data.showDisableOption && (
          <FormControlLabel
            sx={{ mt: 2 }}
            control={<Checkbox checked={disable} onChange={(e) => setDisable(e.target.checked)} />}
            label={CASE_FEEDBACK_MESSAGES.disableOption}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={submit.isPending}>
          {CASE_FEEDBACK_MESSAGES.dismiss}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
