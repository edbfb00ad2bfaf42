import { z } from 'zod';
import { camelPagingQuery, PaginationMeta } from './users.ts';
import { storableText } from './text.ts';
import {
  BatchTechWorkflow,
  TechAssignableUser,
  TechPendingTask,
  TechWorkflowAbilities,
} from './tech-workflows.ts';

/**
 * Print batches: cases (each with its open printing request) printed together at the lab.
 * Spec: document 2 sections 2 (Batches), 3 (Batch, Batch case), 4 (Batch), 5 (Batch form),
 * 6 (batches.manage, staff-only routes), 7 (Batches), 8 and 9.
 *
 * Endpoints (base /services/api/v2, bearer token; batches.manage, management profile):
 * - GET    /batches                          ListBatchesQuery → ListBatchesResponse
 * - POST   /batches                          CreateBatchRequest → CreateBatchResponse (201)
 * - GET    /batches/{id}                     → BatchResponse
 * - PUT    /batches/{id} (or PATCH)          UpdateBatchRequest → BatchMessageResponse
 * - DELETE /batches/{id}/cases/{caseId}      → RemoveBatchCaseResponse
 * - GET    /batches/{id}/workflow            → BatchWorkflowResponse
 * - PUT    /batches/{id}/workflow/processes/{processId}         UpdateTechWorkflowProcessRequest → TechWorkflowProcessMessageResponse
 * - PATCH  /batches/{id}/workflow/processes/{processId}/start   → TechWorkflowProcessMessageResponse
 * - PATCH  /batches/{id}/workflow/processes/{processId}/finish  → TechWorkflowProcessMessageResponse
 */

export const BATCH_STATUSES = ['new', 'in_progress', 'completed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = {
  new: 'New',
  in_progress: 'In Progress',
  completed: 'Completed',
};
/** The list's status toggle (document 2 section 9). */
export const BATCH_STATUS_FILTERS = ['new', 'in_progress', 'completed', 'all'] as const;
export type BatchStatusFilter = (typeof BATCH_STATUS_FILTERS)[number];

export const BATCHES_DEFAULT_PAGE_SIZE = 10;
export const BATCHES_MAX_PAGE_SIZE = 100;
/** A batch holds at least this many cases. */
export const BATCH_MIN_CASES = 2;
export const BATCH_NAME_MAX = 255;
export const BATCH_NOTES_MAX = 5000;
/** Creation date in the list: 'ddd hh:mma DD-MMM-YYYY' (for example 'Mon 03:15pm 05-Jan-2024'). */
export const BATCH_DATETIME_FORMAT = 'ddd hh:mma DD-MMM-YYYY';

export const BATCH_MESSAGES = {
  created: 'Batch created successfully',
  updated: 'Batch updated successfully',
  caseRemoved: 'Case removed from batch successfully',
  batchRemoved: 'Case removed; the batch had no other case and was removed',
  nameRequired: 'Name is required',
  statusRequired: 'Status is required',
  nameTooLong: `Name must contain max ${BATCH_NAME_MAX} characters`,
  notesTooLong: `Notes must contain max ${BATCH_NOTES_MAX} characters`,
  minCases: `A batch needs at least ${BATCH_MIN_CASES} cases`,
  unfinishedTrayGeneration:
    "The batch contains patient(s) that haven't finished the tray generation. Do you want to proceed?",
  noPrintRequest: 'Each case needs an open print request',
  alreadyBatched: 'A case is already in another batch',
  completedBatch: 'A case cannot be removed from a completed batch',
  removeTitle: 'Remove case from batch',
  lastCaseWarning: '(Warning: Removing this case will also remove the batch)',
  visitBatch: 'Visit Batch',
  noBatches: 'No batches found.',
} as const;

/** The confirmation text of removing a case (document 2 section 2). */
export function removeCaseQuestion(caseName: string): string {
  return `Are you sure you want to remove "${caseName}" from the batch?`;
}

const name = storableText()
  .trim()
  .min(1, BATCH_MESSAGES.nameRequired)
  .max(BATCH_NAME_MAX, BATCH_MESSAGES.nameTooLong);

export const ListBatchesQuery = z.object({
  searchByName: z.string().trim().max(255).optional(),
  status: z
    .enum(BATCH_STATUS_FILTERS, { error: 'The status must be new, in_progress, completed or all.' })
    .default('all'),
  orderBy: z
    .enum(['id', 'name', 'created_at'], { error: 'The order by must be id, name or created_at.' })
    .default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'The order must be asc or desc.' }).default('desc'),
  ...camelPagingQuery(BATCHES_DEFAULT_PAGE_SIZE, BATCHES_MAX_PAGE_SIZE),
});
export type ListBatchesQuery = z.infer<typeof ListBatchesQuery>;

export const BatchListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(BATCH_STATUSES),
  notes: z.string().nullable(),
  number_of_cases: z.number().int(),
  created_at: z.string(),
});
export type BatchListItem = z.infer<typeof BatchListItem>;

export const ListBatchesResponse = z.object({
  data: z.array(BatchListItem),
  total: z.number().int(),
  meta: PaginationMeta,
});
export type ListBatchesResponse = z.infer<typeof ListBatchesResponse>;

/** The next unfinished process of a case's print workflow (null when the workflow is finished). */
export const BatchCaseNextStep = z.object({
  id: z.number().int(),
  step: z.number().int(),
  process: z.string(),
  tech_name: z.string().nullable(),
  time_start: z.string().nullable(),
  time_end: z.string().nullable(),
});
export type BatchCaseNextStep = z.infer<typeof BatchCaseNextStep>;

export const BatchCase = z.object({
  /** The patient (case) id. */
  id: z.number().int(),
  /** The patient's name. */
  name: z.string(),
  organization_name: z.string(),
  printing_request_id: z.number().int().nullable(),
  print_workflow: z.object({ next_step: BatchCaseNextStep.nullable() }).nullable(),
});
export type BatchCase = z.infer<typeof BatchCase>;

export const Batch = BatchListItem.extend({
  tech_workflow_id: z.number().int().nullable(),
  created_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  cases: z.array(BatchCase),
});
export type Batch = z.infer<typeof Batch>;

/** 'Finished' or '[step] process' of a case's next print step (the cases table). */
export function printRequestCell(c: Pick<BatchCase, 'print_workflow'>): string {
  const next = c.print_workflow?.next_step;
  if (!c.print_workflow) return '—';
  return next ? `[${next.step}] ${next.process}` : 'Finished';
}

/** The view action is highlighted when the next step has a technician or times. */
export function nextStepIsUnderway(c: Pick<BatchCase, 'print_workflow'>): boolean {
  const next = c.print_workflow?.next_step;
  return Boolean(next && (next.tech_name || next.time_start || next.time_end));
}

export const BatchIdParams = z.object({ id: z.coerce.number().int().positive() });
export const BatchCaseParams = z.object({
  id: z.coerce.number().int().positive(),
  caseId: z.coerce.number().int().positive(),
});

export const BatchResponse = z.object({ data: Batch });
export const BatchMessageResponse = z.object({ message: z.string(), data: Batch });

export const UpdateBatchRequest = z.object({
  name,
  status: z.enum(BATCH_STATUSES, { error: BATCH_MESSAGES.statusRequired }),
  notes: storableText().max(BATCH_NOTES_MAX, BATCH_MESSAGES.notesTooLong).nullable().optional(),
});
export type UpdateBatchRequest = z.input<typeof UpdateBatchRequest>;

export const CreateBatchRequest = z.object({
  name,
  patients: z
    .array(z.number().int().positive(), { error: BATCH_MESSAGES.minCases })
    .max(500, 'A batch holds at most 500 cases'),
  /** Confirms the warning about cases whose tray generation has not finished. */
  proceed: z.boolean().optional(),
});
export type CreateBatchRequest = z.input<typeof CreateBatchRequest>;

export const CreateBatchResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int() }),
});

/** 409 answer of a creation that needs the confirmation (`proceed: true` goes on). */
export const BATCH_UNFINISHED_CODE = 4091;

export const RemoveBatchCaseResponse = z.object({
  message: z.string(),
  /** True when the removed case was the last one and the batch is gone. */
  batch_removed: z.boolean(),
});

export const BatchProcessParams = z.object({
  id: z.coerce.number().int().positive(),
  processId: z.coerce.number().int().positive(),
});

/**
 * The batch's technician workflow (the workflow card): its processes with what the caller may do,
 * the user picker and the caller's pending task (any workflow's).
 */
export const BatchWorkflowResponse = z.object({
  tech_workflow: BatchTechWorkflow,
  assignable_users: z.array(TechAssignableUser),
  abilities: TechWorkflowAbilities,
  pending_task: TechPendingTask.nullable(),
});
export type BatchWorkflowResponse = z.infer<typeof BatchWorkflowResponse>;
