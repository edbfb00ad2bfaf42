import { describe, expect, it } from 'vitest';
import {
  completedSteps,
  missingOnboardingInput,
  nextOnboardingStep,
  ONBOARDING_PHASES,
  ONBOARDING_TOTAL_STEPS,
  onboardingPercent,
  onboardingStatusFor,
  onboardingSummary,
  practiceInputKeys,
  practiceMayComplete,
  shouldAutoOpenOnboarding,
  UpdateOnboardingMetadataRequest,
} from './onboarding.ts';

describe('the onboarding checklist', () => {
  it('has four phases of 4, 4, 2 and 1 sub-steps numbered 1 to 11 in order', () => {
    expect(ONBOARDING_PHASES.map((p) => p.title)).toEqual([
      'Kick Off Call',
      'Case Submission',
      'Case Approval/Software Training',
      'Clinical Training',
    ]);
    expect(ONBOARDING_PHASES.map((p) => p.steps.length)).toEqual([4, 4, 2, 1]);
    expect(ONBOARDING_PHASES.flatMap((p) => p.steps.map((s) => s.step))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    expect(ONBOARDING_TOTAL_STEPS).toBe(11);
  });

  it('derives the status from the completed sub-steps: Pending, In Progress, Completed', () => {
    expect(onboardingStatusFor(0)).toBe(1);
    expect(onboardingStatusFor(1)).toBe(5);
    expect(onboardingStatusFor(10)).toBe(5);
    expect(onboardingStatusFor(11)).toBe(10);
  });

  it('the next sub-step is current_step + 1 until completed; a completed record counts as all done', () => {
    expect(nextOnboardingStep({ status: 5, current_step: 3 })).toBe(4);
    expect(nextOnboardingStep({ status: 5, current_step: 11 })).toBeNull();
    expect(nextOnboardingStep({ status: 10, current_step: 8 })).toBeNull();
    expect(completedSteps({ status: 10, current_step: 8 })).toBe(11);
    expect(onboardingPercent({ status: 5, current_step: 2 })).toBe(18);
  });

  it('summarises progress the same way on every screen (a completed record stopped at step 8 is 11 of 11)', () => {
    expect(onboardingSummary({ status: 10, current_step: 8 })).toBe('Completed, 11 of 11 steps');
    expect(onboardingSummary({ status: 5, current_step: 11 })).toBe('Completed, 11 of 11 steps');
    expect(onboardingSummary({ status: 5, current_step: 2 })).toBe('In Progress, 2 of 11 steps');
    expect(onboardingSummary({ status: 1, current_step: 0 })).toBe('Pending, 0 of 11 steps');
  });

  it('opens by itself only while not completed and below step 8', () => {
    expect(shouldAutoOpenOnboarding({ status: 5, current_step: 7 })).toBe(true);
    expect(shouldAutoOpenOnboarding({ status: 5, current_step: 8 })).toBe(false);
    expect(shouldAutoOpenOnboarding({ status: 10, current_step: 3 })).toBe(false);
    expect(shouldAutoOpenOnboarding(null)).toBe(false);
  });

  it('a practice completes and fills in only the steps in doctor_allowed_steps', () => {
    expect(practiceMayComplete(3, [3, 4])).toBe(true);
    expect(practiceMayComplete(5, [3, 4])).toBe(false);
    expect(practiceInputKeys([1, 2])).toEqual(['preferred_call_date']);
    expect(practiceInputKeys([3, 4])).toEqual([]);
  });

  it('a required input blocks its step until the metadata holds it', () => {
    expect(missingOnboardingInput(1, {})?.label).toBe('Preferred call date');
    expect(missingOnboardingInput(1, { preferred_call_date: ' ' })?.key).toBe('preferred_call_date');
    expect(missingOnboardingInput(1, { preferred_call_date: '2026-12-01' })).toBeUndefined();
    expect(missingOnboardingInput(2, {})).toBeUndefined();
  });

  it('checks metadata values with the spec message and trims them', () => {
    const bad = UpdateOnboardingMetadataRequest.safeParse({ metadata: { training_attendees: '' } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('Training attendees is required.');
    expect(bad.error!.issues[0]!.path).toEqual(['metadata', 'training_attendees']);
    const ok = UpdateOnboardingMetadataRequest.parse({ metadata: { preferred_call_date: ' 2026-12-01 ' } });
    expect(ok.metadata).toEqual({ preferred_call_date: '2026-12-01' });
  });
});
