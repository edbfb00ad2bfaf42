import { z } from 'zod';
import { INITIAL_CASE_SETUP_STEPS } from './rx-forms.ts';

/**
 * Technician workflows: the ordered processes a case step goes through at the lab, and the
 * patient workflow page. Spec: document 2 sections 2 (Patient workflow page), 3 (Technician
 * workflow process row), 4 (Technician workflow process), 5 (Generate QA), 6 and 7.
 *
 * Endpoints (base /services/api/v2, bearer token):
 * - GET   /tech-workflows/{id}                      → TechWorkflowResponse
 * - PUT   /tech-workflows/{id}                      UpdateTechWorkflowRequest (its processes) → TechWorkflowProcessesResponse
 * - PUT   /tech-workflow-processes/{id}             UpdateTechWorkflowProcessRequest → TechWorkflowProcessMessageResponse
 * - PATCH /tech-workflow-processes/{id}/start       → TechWorkflowProcessMessageResponse
 * - PATCH /tech-workflow-processes/{id}/finish      → TechWorkflowProcessMessageResponse
 * - GET   /patients/{id}/tech-workflows             the patient workflow page → PatientWorkflowResponse
 */

/**
 * Workflow types of a case. A batch has a workflow of its own (type `batch`, the print steps),
 * worked through the batches endpoints only.
 */
export const TECH_WORKFLOW_TYPES = [
  'initial_case_setup',
  'printing_request',
  'flawed_tray',
  'tray_design',
] as const;
export type TechWorkflowType = (typeof TECH_WORKFLOW_TYPES)[number];

/** The processes of each workflow type, in order; each is the prerequisite of the next. */
export const TECH_WORKFLOW_STEPS: Record<TechWorkflowType, readonly string[]> = {
  initial_case_setup: INITIAL_CASE_SETUP_STEPS,
  flawed_tray: ['CFT', 'QA'],
  printing_request: [
    'Generate Tray',
    'Generate QA',
    'Build Print Job',
    'Print/Process/Sort',
    'Insert Brackets',
    'Insert QA',
    'Ship QA',
    'Ship',
  ],
  tray_design: ['Generate Tray', 'Generate QA'],
};

/** A batch's workflow: the print steps, copied when the batch is created. */
export const BATCH_WORKFLOW_STEPS: readonly string[] = TECH_WORKFLOW_STEPS.printing_request;

export const TECH_WORKFLOW_TYPE_LABELS: Record<TechWorkflowType, string> = {
  initial_case_setup: 'Initial Case Setup',
  printing_request: 'Print Request',
  flawed_tray: 'Flawed Tray Correction',
  tray_design: 'Tray Design',
};

/** NEW: waiting for its prerequisite; PENDING: ready to start; IN_PROGRESS: started; COMPLETED: finished. */
export const TECH_PROCESS_STATUSES = ['NEW', 'PENDING', 'IN_PROGRESS', 'COMPLETED'] as const;
export type TechProcessStatus = (typeof TECH_PROCESS_STATUSES)[number];

/** The process whose finish needs the individual tray STL files (document 2 section 5). */
export const GENERATE_QA_PROCESS = 'Generate QA';

/** Who works the processes (starts, finishes) and who may be assigned one. */
export const TECH_WORKFLOW_WORKER_ROLES = ['super_admin', 'admin', 'tech_support'] as const;
/** Who edits a workflow's table (assignee, dates); tech_support only starts and finishes. */
export const TECH_WORKFLOW_EDITOR_ROLES = ['super_admin', 'admin'] as const;

export const TECH_WORKFLOW_MESSAGES = {
  pendingTask: 'User has another pending task.',
  unfinishedTask: 'You have an unfinished task.',
  traySTLMissing: 'Please upload the individual tray STL files before proceeding',
  invalidIos: 'Invalid IOS file provided',
  confirmTraySTL: 'Please confirm that all the individual tray STL files are uploaded.',
  alreadyStarted: 'This process has already started.',
  prerequisiteNotFinished: 'The previous process must be finished first.',
  notStarted: 'This process has not started yet.',
  alreadyFinished: 'This process has already finished.',
  notAssignee: 'Only the assigned technician can finish this process.',
  assigneeRole: 'The assignee must be a technician, an admin or a super admin.',
  ownAssignee: 'You can only assign yourself.',
  finishedBeforeStarted: 'The finish time cannot be before the start time.',
  finishedWithoutStart: 'A process cannot finish before it starts.',
  unknownProcess: 'The process does not belong to this workflow.',
  started: 'Process started.',
  finished: 'Process finished.',
  updated: 'Process updated.',
  workflowUpdated: 'Workflow updated.',
} as const;

/** Roles that may start and finish processes (and be their assignee). */
export function worksTechWorkflows(roles: readonly string[]): boolean {
  return roles.some((r) => (TECH_WORKFLOW_WORKER_ROLES as readonly string[]).includes(r));
}

/** Roles that may edit the workflow table (assignee, start and finish times). */
export function editsTechWorkflows(roles: readonly string[]): boolean {
  return roles.some((r) => (TECH_WORKFLOW_EDITOR_ROLES as readonly string[]).includes(r));
}

/** tech_support may start or finish any process, whoever it is assigned to. */
export function overridesAssignee(roles: readonly string[]): boolean {
  return roles.includes('tech_support');
}

export interface ProcessState {
  started_at: string | Date | null;
  finished_at: string | Date | null;
  user_id: number | null;
  /** The prerequisite is finished, or there is none. */
  is_prerequisite_finished: boolean;
}

/** A process's status from its timestamps. */
export function techProcessStatus(p: ProcessState): TechProcessStatus {
  if (p.finished_at) return 'COMPLETED';
  if (p.started_at) return 'IN_PROGRESS';
  return p.is_prerequisite_finished ? 'PENDING' : 'NEW';
}

export type ProcessRefusal =
  'alreadyStarted' | 'prerequisiteNotFinished' | 'notStarted' | 'alreadyFinished' | 'notAssignee';

/**
 * Why the user may not start the process now (null: allowed). Start needs the process not started
 * and its prerequisite finished; a process assigned to someone else is theirs unless the user is
 * tech_support.
 */
export function startRefusal(
  p: ProcessState,
  user: { id: number; roles: readonly string[] },
): ProcessRefusal | null {
  if (p.started_at) return 'alreadyStarted';
  if (!p.is_prerequisite_finished) return 'prerequisiteNotFinished';
  if (p.user_id !== null && p.user_id !== user.id && !overridesAssignee(user.roles)) return 'notAssignee';
  return null;
}

/** Why the user may not finish the process now (null: allowed): started, not finished, by the assignee. */
export function finishRefusal(
  p: ProcessState,
  user: { id: number; roles: readonly string[] },
): ProcessRefusal | null {
  if (!p.started_at) return 'notStarted';
  if (p.finished_at) return 'alreadyFinished';
  if (p.user_id !== user.id && !overridesAssignee(user.roles)) return 'notAssignee';
  return null;
}

const TRAY_STL_SUFFIXES = ['UL', 'UR', 'UC', 'LL', 'LR', 'LC', 'UW', 'LW'] as const;

/** Whether a file name ends in UL, UR, UC, LL, LR, LC, UW or LW before its extension ("Smith_UL.stl"). */
export function isIndividualTraySTL(name: string): boolean {
  const base = name.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).toUpperCase();
  return TRAY_STL_SUFFIXES.some((s) => stem.endsWith(s));
}

const seconds = (from: string | Date, to: string | Date) =>
  Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 1000));

/** Production time: from start to finish, in seconds (null until finished). */
export function productionSeconds(p: {
  started_at: string | Date | null;
  finished_at: string | Date | null;
}) {
  return p.started_at && p.finished_at ? seconds(p.started_at, p.finished_at) : null;
}

/**
 * Lag time: how long the process waited before it started, in seconds: from the finish of its
 * prerequisite (the workflow's creation for the first process) to its start (null until started).
 */
export function lagSeconds(p: { started_at: string | Date | null; ready_since: string | Date | null }) {
  return p.started_at && p.ready_since ? seconds(p.ready_since, p.started_at) : null;
}

/** "2d 3h 05m", "1h 20m", "4m", "0m"; an em dash for null. */
export function formatDuration(totalSeconds: number | null | undefined): string {
  if (totalSeconds === null || totalSeconds === undefined) return '—';
  const minutes = Math.floor(totalSeconds / 60);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d) return `${d}d ${h}h ${String(m).padStart(2, '0')}m`;
  if (h) return `${h}h ${String(m).padStart(2, '0')}m`;
  return `${m}m`;
}

// ------------------------------------------------------------------------------------------------
// Schemas
// ------------------------------------------------------------------------------------------------

export const TechWorkflowProcess = z.object({
  id: z.number().int(),
  tech_workflow_id: z.number().int(),
  step: z.number().int(),
  process: z.string(),
  status: z.enum(TECH_PROCESS_STATUSES),
  /** The assignee's name. */
  tech_name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Seconds from start to finish. */
  production_time: z.number().int().nullable(),
  /** Seconds between the prerequisite's finish (or the workflow's creation) and the start. */
  lag_time: z.number().int().nullable(),
  has_started: z.boolean(),
  has_finished: z.boolean(),
  is_prerequisite_finished: z.boolean(),
  /** The first unfinished process of its workflow. */
  next_step: z.boolean(),
  /** What the caller may do now. */
  can_start: z.boolean(),
  can_finish: z.boolean(),
});
export type TechWorkflowProcess = z.infer<typeof TechWorkflowProcess>;

export const TechWorkflow = z.object({
  id: z.number().int(),
  type: z.enum(TECH_WORKFLOW_TYPES),
  patient_id: z.number().int(),
  customer_request_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Sum of the finished processes' production times, seconds. */
  production_time: z.number().int(),
  finished: z.boolean(),
  processes: z.array(TechWorkflowProcess),
});
export type TechWorkflow = z.infer<typeof TechWorkflow>;

export const TechAssignableUser = z.object({ id: z.number().int(), full_name: z.string() });
export type TechAssignableUser = z.infer<typeof TechAssignableUser>;

export const TechWorkflowAbilities = z.object({
  /** Start and finish (the worker roles). */
  work: z.boolean(),
  /** Edit the table: assignee and times (the admin roles). */
  edit: z.boolean(),
});

/** A batch's workflow (type `batch`): no case or request, its batch instead. */
export const BatchTechWorkflow = TechWorkflow.omit({
  type: true,
  patient_id: true,
  customer_request_id: true,
}).extend({
  type: z.literal('batch'),
  batch_id: z.number().int(),
});
export type BatchTechWorkflow = z.infer<typeof BatchTechWorkflow>;

export const TechWorkflowResponse = z.object({
  tech_workflow: TechWorkflow,
  /** The user picker: tech_support, super_admin and admin; a technician only themselves. */
  assignable_users: z.array(TechAssignableUser),
  abilities: TechWorkflowAbilities,
});
export type TechWorkflowResponse = z.infer<typeof TechWorkflowResponse>;

export const TechWorkflowPathParams = z.object({ id: z.coerce.number().int().positive() });

const isoInstant = z.iso.datetime({ offset: true, error: 'Please enter a valid date and time.' });

/** An admin's edit of one process: the assignee and the times (null clears). */
export const UpdateTechWorkflowProcessRequest = z
  .object({
    user_id: z.number({ error: 'Please select a user.' }).int().positive().nullable().optional(),
    started_at: isoInstant.nullable().optional(),
    finished_at: isoInstant.nullable().optional(),
  })
  .refine((v) => v.user_id !== undefined || v.started_at !== undefined || v.finished_at !== undefined, {
    message: 'Nothing to update.',
  });
export type UpdateTechWorkflowProcessRequest = z.input<typeof UpdateTechWorkflowProcessRequest>;

/** PUT /tech-workflows/{id}: the edited rows of its table. */
export const UpdateTechWorkflowRequest = z.object({
  processes: z
    .array(
      z.object({
        id: z.number().int().positive(),
        user_id: z.number().int().positive().nullable().optional(),
        started_at: isoInstant.nullable().optional(),
        finished_at: isoInstant.nullable().optional(),
      }),
      { error: 'The processes field is required.' },
    )
    .min(1, 'The processes field is required.')
    .max(20),
});
export type UpdateTechWorkflowRequest = z.input<typeof UpdateTechWorkflowRequest>;

export const TechWorkflowProcessesResponse = z.object({
  processes: z.array(TechWorkflowProcess),
  message: z.string(),
});

export const TechWorkflowProcessMessageResponse = z.object({
  process: TechWorkflowProcess,
  message: z.string(),
});
export type TechWorkflowProcessMessageResponse = z.infer<typeof TechWorkflowProcessMessageResponse>;

/**
 * The caller's started, unfinished process ('You have an unfinished task.'): a case's (patient_id)
 * or a batch's (batch_id, patient_id null).
 */
export const TechPendingTask = z.object({
  process_id: z.number().int(),
  process: z.string(),
  tech_workflow_id: z.number().int(),
  patient_id: z.number().int().nullable(),
  patient_name: z.string(),
  batch_id: z.number().int().nullable(),
  batch_name: z.string().nullable(),
});
export type TechPendingTask = z.infer<typeof TechPendingTask>;

/** Request status ids: 1 New, 2 In Progress, 3 Pending, 4 Completed, 5 Canceled. */
export const WORKFLOW_REQUEST_STATUS_LABELS: Record<number, string> = {
  1: 'New',
  2: 'In Progress',
  3: 'Pending',
  4: 'Completed',
  5: 'Canceled',
};
export const WORKFLOW_CANCELED_REQUEST_STATUS = 5;

export const PatientWorkflowRequest = z.object({
  /** customer_requests.id */
  id: z.number().int(),
  type: z.enum(['printing_request', 'flawed_tray', 'tray_design', 'customer_request']),
  status_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  batch_id: z.number().int().nullable(),
  workflow: TechWorkflow.nullable(),
});
export type PatientWorkflowRequest = z.infer<typeof PatientWorkflowRequest>;

export const PatientWorkflowHeader = z.object({
  id: z.number().int(),
  full_name: z.string(),
  formatted_name: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string(), account_number: z.string().nullable() }),
  doctor: z.object({ id: z.number().int(), full_name: z.string() }),
  list_status: z.enum(['new', 'in_progress', 'awaiting_approval', 'approved', 'completed', 'cancelled']),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  ready_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  setup_completed_at: z.string().nullable(),
  rush_case: z.boolean(),
  ios_file: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The organization's third-party partner, when the case is assigned to it. */
  authorized_third_party: z.string().nullable(),
  /** Sum of the finished processes' production times over the case's workflows, seconds. */
  overall_production_time: z.number().int(),
});
export type PatientWorkflowHeader = z.infer<typeof PatientWorkflowHeader>;

export const PatientWorkflowResponse = z.object({
  patient: PatientWorkflowHeader,
  initial_setup: TechWorkflow.nullable(),
  /** Every request of the case but the initial setup's, newest first (canceled included). */
  requests: z.array(PatientWorkflowRequest),
  pending_task: TechPendingTask.nullable(),
  assignable_users: z.array(TechAssignableUser),
  abilities: TechWorkflowAbilities,
});
export type PatientWorkflowResponse = z.infer<typeof PatientWorkflowResponse>;
