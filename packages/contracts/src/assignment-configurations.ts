/**
 * The assignment configurations of an organization (document 2 section 5, Assignment options;
 * document 3 section 7, Organizations):
 *
 * - initial setup configuration: the initial case setup assignment options a case may take and the
 *   one a new case starts with;
 * - print request configuration: the print and insert-brackets assignment options and the ones a
 *   new case starts with.
 *
 * Rules: every list has at least one option; the insert-brackets options are in-office or among
 * the print options; a default is one of its options and the default insert-brackets assignment is
 * in-office or the default print assignment (what a case allows); the third party option (3) only
 * when the organization has a third party partner (the server checks that one, 422).
 * Assignment values: 1 provider, 2 in-office, 3 third party.
 */
import { z } from 'zod';
import {
  ASSIGNMENT_IN_OFFICE,
  ASSIGNMENT_THIRD_PARTY,
  RX_FORM_PREFERENCE_MESSAGES,
  insertBracketsIssues,
  type AssignmentValue,
} from './form-builder.ts';
import type { Permission } from './permissions.ts';

export const ASSIGNMENT_CONFIGURATION_MESSAGES = {
  initialSetupSaved: 'Initial setup configuration successfully saved.',
  printRequestSaved: 'Print request configuration successfully saved.',
  assignmentRequired: RX_FORM_PREFERENCE_MESSAGES.assignmentRequired,
  insertBrackets: RX_FORM_PREFERENCE_MESSAGES.insertBrackets,
  thirdPartyWithoutPartner: RX_FORM_PREFERENCE_MESSAGES.thirdPartyWithoutPartner,
  invalidAssignment: 'The selected assignment is invalid.',
  defaultNotOffered: 'The default assignment must be one of the options.',
  defaultInsertBrackets:
    'The default insert brackets assignment must be in-office or the default print assignment.',
} as const;

/** Who saves the configurations: the same gate as the RxForm preference, whose options they share. */
export const ASSIGNMENT_CONFIGURATION_UPDATE_PERMISSIONS = [
  'organization.rx-form-preference.update',
] as const satisfies readonly Permission[];

const M = ASSIGNMENT_CONFIGURATION_MESSAGES;

const assignment = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: M.invalidAssignment });

const assignmentList = z
  .array(assignment, { error: M.assignmentRequired })
  .min(1, M.assignmentRequired)
  .max(3)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

/** Field-keyed messages of the shape rules of an initial setup configuration (empty when valid). */
export function initialSetupConfigurationIssues(v: {
  assignments: readonly number[];
  default_assignment: number;
}): Record<string, string> {
  const issues: Record<string, string> = {};
  if (v.assignments.length && !v.assignments.includes(v.default_assignment))
    issues.default_assignment = M.defaultNotOffered;
  return issues;
}

/** Field-keyed messages of the shape rules of a print request configuration (empty when valid). */
export function printRequestConfigurationIssues(v: {
  print_assignments: readonly number[];
  insert_brackets_assignments: readonly number[];
  default_print_assignment: number;
  default_insert_brackets_assignment: number;
}): Record<string, string> {
  const issues: Record<string, string> = {};
  if (insertBracketsIssues(v.insert_brackets_assignments, v.print_assignments))
    issues.insert_brackets_assignments = M.insertBrackets;
  if (v.print_assignments.length && !v.print_assignments.includes(v.default_print_assignment))
    issues.default_print_assignment = M.defaultNotOffered;
  if (
    v.insert_brackets_assignments.length &&
    !v.insert_brackets_assignments.includes(v.default_insert_brackets_assignment)
  )
    issues.default_insert_brackets_assignment = M.defaultNotOffered;
  else if (
    v.default_insert_brackets_assignment !== ASSIGNMENT_IN_OFFICE &&
    v.default_insert_brackets_assignment !== v.default_print_assignment
  )
    issues.default_insert_brackets_assignment = M.defaultInsertBrackets;
  return issues;
}

/**
 * The fields that name the third party option while the organization has no partner
 * (the option is offered only when a third party partner exists).
 */
export function thirdPartyIssues(
  values: Record<string, number | readonly number[]>,
  hasThirdPartyPartner: boolean,
): Record<string, string> {
  const issues: Record<string, string> = {};
  if (hasThirdPartyPartner) return issues;
  for (const [field, value] of Object.entries(values)) {
    const list = Array.isArray(value) ? value : [value];
    if (list.includes(ASSIGNMENT_THIRD_PARTY)) issues[field] = M.thirdPartyWithoutPartner;
  }
  return issues;
}

function addIssues(ctx: z.RefinementCtx, issues: Record<string, string>) {
  for (const [field, message] of Object.entries(issues))
    ctx.addIssue({ code: 'custom', message, path: [field] });
}

/** PUT /organizations/{id}/initial_setup_configuration */
export const InitialSetupConfigurationForm = z
  .object({
    assignments: assignmentList,
    default_assignment: assignment,
  })
  .superRefine((v, ctx) => addIssues(ctx, initialSetupConfigurationIssues(v)));
export type InitialSetupConfigurationForm = z.input<typeof InitialSetupConfigurationForm>;

/** PUT /organizations/{id}/print_request_configuration */
export const PrintRequestConfigurationForm = z
  .object({
    print_assignments: assignmentList,
    insert_brackets_assignments: assignmentList,
    default_print_assignment: assignment,
    default_insert_brackets_assignment: assignment,
  })
  .superRefine((v, ctx) => addIssues(ctx, printRequestConfigurationIssues(v)));
export type PrintRequestConfigurationForm = z.input<typeof PrintRequestConfigurationForm>;

/**
 * The default a case starts with: the configured one while it is still offered, else the first
 * option (the options may have changed since, e.g. on the RxForm preference).
 */
export function effectiveDefault(options: readonly number[], configured: number | null | undefined): number {
  if (configured !== null && configured !== undefined && options.includes(configured)) return configured;
  return options[0] ?? 1;
}

/**
 * The insert-brackets assignment a case starts with: the configured one when it is offered and
 * allowed with the print assignment (in-office or the same), else the first that is, else in-office.
 */
export function effectiveInsertBracketsDefault(
  options: readonly number[],
  configured: number | null | undefined,
  printAssignment: number,
): number {
  const allowed = (a: number) => a === ASSIGNMENT_IN_OFFICE || a === printAssignment;
  if (configured !== null && configured !== undefined && options.includes(configured) && allowed(configured))
    return configured;
  return options.find(allowed) ?? ASSIGNMENT_IN_OFFICE;
}

/** The assignments a new case of the organization starts with (from both configurations). */
export interface AssignmentDefaults {
  initial_setup_assignment: AssignmentValue;
  print_assignment: AssignmentValue;
  insert_brackets_assignment: AssignmentValue;
}

export function assignmentDefaults(
  initialSetup: { assignments: readonly number[]; default_assignment: number | null },
  printRequest: {
    print_assignments: readonly number[];
    insert_brackets_assignments: readonly number[];
    default_print_assignment: number | null;
    default_insert_brackets_assignment: number | null;
  },
): AssignmentDefaults {
  const print = effectiveDefault(printRequest.print_assignments, printRequest.default_print_assignment);
  return {
    initial_setup_assignment: effectiveDefault(
      initialSetup.assignments,
      initialSetup.default_assignment,
    ) as AssignmentValue,
    print_assignment: print as AssignmentValue,
    insert_brackets_assignment: effectiveInsertBracketsDefault(
      printRequest.insert_brackets_assignments,
      printRequest.default_insert_brackets_assignment,
      print,
    ) as AssignmentValue,
  };
}

const assignmentOut = z.number().int();

export const InitialSetupConfiguration = z.object({
  organization_id: z.number().int(),
  assignments: z.array(assignmentOut),
  /** The assignment a new case starts with (always one of the options). */
  default_assignment: assignmentOut,
  updated_at: z.string().nullable(),
});
export type InitialSetupConfiguration = z.infer<typeof InitialSetupConfiguration>;

export const PrintRequestConfiguration = z.object({
  organization_id: z.number().int(),
  print_assignments: z.array(assignmentOut),
  insert_brackets_assignments: z.array(assignmentOut),
  default_print_assignment: assignmentOut,
  default_insert_brackets_assignment: assignmentOut,
  updated_at: z.string().nullable(),
});
export type PrintRequestConfiguration = z.infer<typeof PrintRequestConfiguration>;

export const AssignmentConfigurationMetadata = z.object({
  /** The organization's third party (lab) partner, if any: the third party option needs one. */
  third_party_partner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The assignment options this organization may choose from (3 only with a partner). */
  options: z.array(assignmentOut),
});
export type AssignmentConfigurationMetadata = z.infer<typeof AssignmentConfigurationMetadata>;

/** GET /organizations/{id}/initial_setup_configuration */
export const InitialSetupConfigurationResponse = z.object({
  data: InitialSetupConfiguration,
  metadata: AssignmentConfigurationMetadata,
});
export type InitialSetupConfigurationResponse = z.infer<typeof InitialSetupConfigurationResponse>;
export const InitialSetupConfigurationSavedResponse = InitialSetupConfigurationResponse.extend({
  message: z.string(),
});
export type InitialSetupConfigurationSavedResponse = z.infer<typeof InitialSetupConfigurationSavedResponse>;

/** GET /organizations/{id}/print_request_configuration */
export const PrintRequestConfigurationResponse = z.object({
  data: PrintRequestConfiguration,
  metadata: AssignmentConfigurationMetadata,
});
export type PrintRequestConfigurationResponse = z.infer<typeof PrintRequestConfigurationResponse>;
export const PrintRequestConfigurationSavedResponse = PrintRequestConfigurationResponse.extend({
  message: z.string(),
});
export type PrintRequestConfigurationSavedResponse = z.infer<typeof PrintRequestConfigurationSavedResponse>;

/**
 * GET /organizations/{id}/current_user_permissions: the permissions the caller holds inside that
 * organization (document 3 section 6: the user's permissions combined with the organization's pivot
 * permissions or, for management, the per-organization list) and its role there.
 */
export const CurrentUserPermissionsResponse = z.object({
  data: z.object({
    organization_id: z.number().int(),
    organization_role: z.string().nullable(),
    permissions: z.array(z.string()),
  }),
});
export type CurrentUserPermissionsResponse = z.infer<typeof CurrentUserPermissionsResponse>;
