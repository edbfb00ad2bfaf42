import ArrowCircleRightIcon from '@mui/icons-material/ArrowCircleRight';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  completedSteps,
  nextOnboardingStep,
  ONBOARDING_PHASES,
  ONBOARDING_STATUS_LABELS,
  ONBOARDING_TOTAL_STEPS,
  onboardingPercent,
  practiceMayComplete,
  type Onboarding,
  type OnboardingStatus,
  type OnboardingSubStep,
} from '@archline/contracts';
import { useEffect, useId, useState } from 'react';
import { OnboardingStepForm, type ChecklistMode } from './onboarding-step-form.tsx';

export type { ChecklistMode };

/** The status as a chip: Completed green, In Progress blue, Pending grey. */
export function OnboardingStatusChip({ status }: { status: number }) {
  const label = ONBOARDING_STATUS_LABELS[status as OnboardingStatus] ?? `Status ${status}`;
  const color = status === 10 ? 'success' : status === 5 ? 'primary' : 'default';
  return <Chip size="small" label={label} color={color} variant={status === 1 ? 'outlined' : 'filled'} />;
}

/** Phases whose every sub-step is done. */
function completedPhases(done: number): Set<number> {
  return new Set(
    ONBOARDING_PHASES.flatMap((phase, i) => (phase.steps.every((s) => s.step <= done) ? [i] : [])),
  );
}

function StepMarker({ state }: { state: 'done' | 'next' | 'todo' }) {
  if (state === 'done') return <CheckCircleIcon color="success" titleAccess="Done" />;
  if (state === 'next') return <ArrowCircleRightIcon color="primary" titleAccess="Next step" />;
  return <RadioButtonUncheckedIcon color="action" titleAccess="To do" />;
}

/**
 * The checklist: progress bar, then the four phases as accordions (completed phases collapsed and
 * re-expandable), each with its sub-steps marked done, next or to do. The next sub-step carries its
 * input and the button that completes it when the viewer may: a practice only the steps in
 * doctor_allowed_steps ('Mark as done'), management any step ('Proceed').
 */
export function OnboardingChecklist({
  onboarding,
  mode,
  canProceed,
}: {
  onboarding: Onboarding;
  mode: ChecklistMode;
  /** organization.onboarding.proceed (practice) or onboardings.proceed / manage (management). */
  canProceed: boolean;
}) {
  const baseId = useId();
  const done = completedSteps(onboarding);
  const next = nextOnboardingStep(onboarding);
  const [expanded, setExpanded] = useState<Set<number>>(() => {
    const complete = completedPhases(done);
    return new Set(ONBOARDING_PHASES.map((_p, i) => i).filter((i) => !complete.has(i)));
  });

  // When a phase gets completed (here or elsewhere, live), fold it away.
  useEffect(() => {
    const complete = completedPhases(done);
    setExpanded((current) => new Set([...current].filter((i) => !complete.has(i))));
  }, [done]);

  const toggle = (index: number) =>
    setExpanded((current) => {
      const copy = new Set(current);
      if (copy.has(index)) copy.delete(index);
      else copy.add(index);
      return copy;
    });

  const mayComplete = (step: OnboardingSubStep) =>
    canProceed && (mode === 'management' || practiceMayComplete(step.step, onboarding.doctor_allowed_steps));

  const percent = onboardingPercent(onboarding);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <OnboardingStatusChip status={onboarding.status} />
        <Typography variant="body2" color="text.secondary" id={`${baseId}-progress`}>
          {done} of {ONBOARDING_TOTAL_STEPS} steps completed
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={`${baseId}-progress`}
        sx={{ height: 8, borderRadius: 4, mb: 2 }}
      />
      {ONBOARDING_PHASES.map((phase, index) => {
        const phaseDone = phase.steps.filter((s) => s.step <= done).length;
        const complete = phaseDone === phase.steps.length;
        const id = `${baseId}-phase-${index}`;
        return (
          <Accordion
            key={phase.title}
            expanded={expanded.has(index)}
            onChange={() => toggle(index)}
            disableGutters
            data-testid="onboarding-phase"
          >
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              aria-controls={`${id}-content`}
              id={`${id}-header`}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {phase.title}
                </Typography>
                <Typography
                  component="span"
                  variant="body2"
                  color={complete ? 'success.dark' : 'text.secondary'}
                >
                  {complete ? 'Completed' : `${phaseDone} of ${phase.steps.length} done`}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails id={`${id}-content`}>
              <List dense disablePadding aria-label={`${phase.title} steps`}>
                {phase.steps.map((step) => {
                  const state = step.step <= done ? 'done' : step.step === next ? 'next' : 'todo';
                  const value = step.input ? onboarding.metadata[step.input.key] : undefined;
                  const secondary =
                    step.input && value
                      ? `${step.input.label}: ${value}`
                      : state === 'next' && !mayComplete(step) && mode === 'practice'
                        ? 'Our onboarding team completes this step.'
                        : undefined;
                  return (
                    <ListItem
                      key={step.step}
                      data-testid="onboarding-step"
                      data-state={state}
                      sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
                    >
                      <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                        <StepMarker state={state} />
                      </ListItemIcon>
                      <ListItemText
                        primary={`${step.step}. ${step.title}`}
                        secondary={secondary}
                        slotProps={{ primary: { sx: { fontWeight: state === 'next' ? 600 : 400 } } }}
                      />
                      {state === 'next' && mayComplete(step) && (
                        <Box sx={{ flexBasis: '100%', pl: 4.5 }}>
                          <OnboardingStepForm onboarding={onboarding} step={step} mode={mode} />
                        </Box>
                      )}
                    </ListItem>
                  );
                })}
              </List>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
