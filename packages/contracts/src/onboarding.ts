import { z } from 'zod';
import { camelPagingQuery, PaginationMeta } from './users.ts';

/**
 * The onboarding checklist of a practice (document 3 sections 2.15, 3, 4, 5, 7 and 9), defined
 * once for the server and the web app.
 *
 * Four phases with eleven sub-steps. `current_step` counts the completed sub-steps (0 to 11), so
 * the next sub-step to complete is `current_step + 1`; 11 means everything is done. Sub-steps are
 * numbered 1 to 11 in checklist order, and `doctor_allowed_steps` holds the numbers of the
 * sub-steps the practice may complete itself (everything else is the onboarding team's).
 */

export const ONBOARDING_STATUS = { pending: 1, inProgress: 5, completed: 10 } as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUS)[keyof typeof ONBOARDING_STATUS];
export const ONBOARDING_STATUS_VALUES = [1, 5, 10] as const;
export const ONBOARDING_STATUS_LABELS: Record<OnboardingStatus, string> = {
  1: 'Pending',
  5: 'In Progress',
  10: 'Completed',
};

/** The checklist opens by itself while the onboarding is not completed and below this step. */
export const ONBOARDING_AUTO_OPEN_BELOW_STEP = 8;
/** Debounce of the organization name search on the onboardings list (ms). */
export const ONBOARDING_SEARCH_DEBOUNCE_MS = 1000;
export const ONBOARDINGS_DEFAULT_PAGE_SIZE = 10;
export const ONBOARDINGS_MAX_PAGE_SIZE = 100;
export const ONBOARDING_VALUE_MAX = 1000;

export interface OnboardingInput {
  /** The metadata key the value is stored under. */
  key: string;
  label: string;
  type: 'date' | 'text';
  required: boolean;
}

export interface OnboardingSubStep {
  /** 1-based number in checklist order: completing it makes current_step equal to it. */
  step: number;
  title: string;
  input?: OnboardingInput;
}

export interface OnboardingPhase {
  title: string;
  steps: readonly OnboardingSubStep[];
}

export const ONBOARDING_PHASES: readonly OnboardingPhase[] = [
  {
    title: 'Kick Off Call',
    steps: [
      {
        step: 1,
        title: 'Schedule the kick-off call',
        input: { key: 'preferred_call_date', label: 'Preferred call date', type: 'date', required: true },
      },
      { step: 2, title: 'Kick-off call held' },
      { step: 3, title: 'Install the DIBS desktop software' },
      { step: 4, title: 'Add locations and team members' },
    ],
  },
  {
    title: 'Case Submission',
    steps: [
      { step: 5, title: 'Scan the first patient' },
      { step: 6, title: 'Upload the scans' },
      { step: 7, title: 'Submit the first case' },
      { step: 8, title: 'Review the initial setup with the lab' },
    ],
  },
  {
    title: 'Case Approval/Software Training',
    steps: [
      { step: 9, title: 'Approve the first case' },
      {
        step: 10,
        title: 'Software training session',
        input: { key: 'training_attendees', label: 'Training attendees', type: 'text', required: true },
      },
    ],
  },
  { title: 'Clinical Training', steps: [{ step: 11, title: 'Clinical training' }] },
];

export const ONBOARDING_STEPS: readonly OnboardingSubStep[] = ONBOARDING_PHASES.flatMap((p) => p.steps);
export const ONBOARDING_TOTAL_STEPS = ONBOARDING_STEPS.length;
export const ONBOARDING_INPUTS: readonly OnboardingInput[] = ONBOARDING_STEPS.flatMap((s) =>
  s.input ? [s.input] : [],
);

export const ONBOARDING_MESSAGES = {
  updated: 'Onboarding details successfully updated.',
  required: (label: string) => `${label} is required.`,
  tooLong: (label: string) => `${label} must not be greater than ${ONBOARDING_VALUE_MAX} characters.`,
  invalidDate: (label: string) => `${label} must be a valid date.`,
  unknownField: 'This is not a field of the onboarding checklist.',
  metadataRequired: 'The metadata field is required.',
  invalidStatus: 'The selected status is invalid.',
  invalidOrder: 'The selected order is invalid.',
  alreadyCompleted: 'The onboarding is already completed.',
  teamStep: 'This step is completed by our onboarding team. Please contact customer support.',
  notYourField: 'This field belongs to a step completed by our onboarding team.',
  changedMeanwhile: 'The onboarding changed in the meantime. Please refresh and try again.',
  noOnboarding: 'No onboardings found.',
} as const;

export function onboardingStep(step: number): OnboardingSubStep | undefined {
  return ONBOARDING_STEPS.find((s) => s.step === step);
}

export function onboardingInput(key: string): OnboardingInput | undefined {
  return ONBOARDING_INPUTS.find((i) => i.key === key);
}

/** The sub-step whose input is stored under `key`. */
export function stepOfInput(key: string): number | undefined {
  return ONBOARDING_STEPS.find((s) => s.input?.key === key)?.step;
}

export interface OnboardingProgress {
  status: number;
  current_step: number;
}

/** Completed: status 10, or every sub-step done. */
export function isOnboardingCompleted(o: OnboardingProgress): boolean {
  return Number(o.status) === ONBOARDING_STATUS.completed || Number(o.current_step) >= ONBOARDING_TOTAL_STEPS;
}

/** Sub-steps shown as done: all of them once completed (older records may stop below 11). */
export function completedSteps(o: OnboardingProgress): number {
  return isOnboardingCompleted(o)
    ? ONBOARDING_TOTAL_STEPS
    : Math.min(Math.max(0, Number(o.current_step)), ONBOARDING_TOTAL_STEPS);
}

/**
 * The one summary of an onboarding's progress, on every screen (the organization's quick glance,
 * the Onboardings list, the checklist): 'Completed, 11 of 11 steps', 'In Progress, 2 of 11 steps'.
 */
export function onboardingSummary(o: OnboardingProgress): string {
  const label = isOnboardingCompleted(o)
    ? 'Completed'
    : Number(o.status) >= ONBOARDING_STATUS.inProgress || Number(o.current_step) > 0
      ? 'In Progress'
      : 'Pending';
  return `${label}, ${completedSteps(o)} of ${ONBOARDING_TOTAL_STEPS} steps`;
}

/** The sub-step a proceed would complete, or null when nothing is left. */
export function nextOnboardingStep(o: OnboardingProgress): number | null {
  return isOnboardingCompleted(o) ? null : completedSteps(o) + 1;
}

/** Status after `current_step` sub-steps are done: 1 before any, 5 while in progress, 10 at the end. */
export function onboardingStatusFor(currentStep: number): OnboardingStatus {
  if (currentStep >= ONBOARDING_TOTAL_STEPS) return ONBOARDING_STATUS.completed;
  return currentStep <= 0 ? ONBOARDING_STATUS.pending : ONBOARDING_STATUS.inProgress;
}

/** Percentage of sub-steps done (0 to 100). */
export function onboardingPercent(o: OnboardingProgress): number {
  return Math.round((completedSteps(o) / ONBOARDING_TOTAL_STEPS) * 100);
}

/** The checklist opens by itself once per session while not completed and below step 8. */
export function shouldAutoOpenOnboarding(o: OnboardingProgress | null | undefined): boolean {
  return (
    Boolean(o) &&
    Number(o!.status) !== ONBOARDING_STATUS.completed &&
    Number(o!.current_step) < ONBOARDING_AUTO_OPEN_BELOW_STEP
  );
}

/** Whether the practice itself may complete `step`. */
export function practiceMayComplete(step: number, doctorAllowedSteps: readonly number[]): boolean {
  return doctorAllowedSteps.map(Number).includes(step);
}

/** The input keys a practice may fill in: those of the sub-steps it completes itself. */
export function practiceInputKeys(doctorAllowedSteps: readonly number[]): string[] {
  return ONBOARDING_STEPS.filter((s) => s.input && practiceMayComplete(s.step, doctorAllowedSteps)).map(
    (s) => s.input!.key,
  );
}

/** The value rule of one input: the same schema checks the form and the API. */
export function onboardingValueSchema(input: OnboardingInput) {
  let schema = z.string({ error: ONBOARDING_MESSAGES.required(input.label) }).trim();
  if (input.required) schema = schema.min(1, ONBOARDING_MESSAGES.required(input.label));
  schema = schema.max(ONBOARDING_VALUE_MAX, ONBOARDING_MESSAGES.tooLong(input.label));
  if (input.type === 'date')
    return schema.refine(
      (v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
      ONBOARDING_MESSAGES.invalidDate(input.label),
    );
  return schema;
}

/** The required input of `step` that metadata does not hold yet (blocks completing the step). */
export function missingOnboardingInput(
  step: number,
  metadata: Record<string, unknown>,
): OnboardingInput | undefined {
  const input = onboardingStep(step)?.input;
  if (!input?.required) return undefined;
  const value = metadata[input.key];
  return typeof value === 'string' && value.trim() !== '' ? undefined : input;
}

// ---- API ------------------------------------------------------------------------------------

export const OnboardingMetadata = z.record(z.string(), z.string());
export type OnboardingMetadata = z.infer<typeof OnboardingMetadata>;

export const Onboarding = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  status: z.number().int(),
  current_step: z.number().int(),
  metadata: OnboardingMetadata,
  doctor_allowed_steps: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Onboarding = z.infer<typeof Onboarding>;

export const ONBOARDING_ORDERS = ['newest', 'oldest'] as const;
export type OnboardingOrder = (typeof ONBOARDING_ORDERS)[number];

/** GET /onboardings (management). */
export const ListOnboardingsQuery = z.object({
  searchOrganizationName: z.string().trim().max(255).optional(),
  status: z.coerce
    .number({ error: ONBOARDING_MESSAGES.invalidStatus })
    .refine(
      (v) => (ONBOARDING_STATUS_VALUES as readonly number[]).includes(v),
      ONBOARDING_MESSAGES.invalidStatus,
    )
    .optional(),
  order: z.enum(ONBOARDING_ORDERS, { error: ONBOARDING_MESSAGES.invalidOrder }).default('newest'),
  ...camelPagingQuery(ONBOARDINGS_DEFAULT_PAGE_SIZE, ONBOARDINGS_MAX_PAGE_SIZE),
});
export type ListOnboardingsQuery = z.infer<typeof ListOnboardingsQuery>;

export const ListOnboardingsResponse = z.object({
  onboardings: z.array(Onboarding),
  meta: PaginationMeta,
});
export type ListOnboardingsResponse = z.infer<typeof ListOnboardingsResponse>;

export const OnboardingIdParams = z.object({ id: z.coerce.number().int().positive() });
export const OnboardingResponse = z.object({ onboarding: Onboarding });
export const OnboardingMessageResponse = z.object({ message: z.string(), onboarding: Onboarding });
export type OnboardingMessageResponse = z.infer<typeof OnboardingMessageResponse>;

/**
 * PUT /onboardings/{id}/metadata: values of checklist inputs by key; the given keys replace the
 * stored values, the others stay. Each value follows its input's rule ('{label} is required.').
 */
export const UpdateOnboardingMetadataRequest = z.object({
  metadata: z
    .record(z.string(), z.string({ error: ONBOARDING_MESSAGES.unknownField }), {
      error: ONBOARDING_MESSAGES.metadataRequired,
    })
    .superRefine((metadata, ctx) => {
      for (const [key, value] of Object.entries(metadata)) {
        const input = onboardingInput(key);
        if (!input) {
          ctx.addIssue({ code: 'custom', path: [key], message: ONBOARDING_MESSAGES.unknownField });
          continue;
        }
        const result = onboardingValueSchema(input).safeParse(value);
        if (!result.success)
          ctx.addIssue({ code: 'custom', path: [key], message: result.error.issues[0]!.message });
      }
    })
    .transform((metadata) => Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, v.trim()]))),
});
export type UpdateOnboardingMetadataRequest = z.input<typeof UpdateOnboardingMetadataRequest>;

/** The payload of the `onboarding-changes` event on `organization.{id}`: refetch the onboarding. */
export interface OnboardingChangesEvent {
  onboarding_id: number;
  organization_id: number;
  status: number;
  current_step: number;
}
