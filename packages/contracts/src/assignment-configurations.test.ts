import { describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_CONFIGURATION_MESSAGES as M,
  InitialSetupConfigurationForm,
  PrintRequestConfigurationForm,
  assignmentDefaults,
  effectiveDefault,
  effectiveInsertBracketsDefault,
  thirdPartyIssues,
} from './assignment-configurations.ts';

function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

describe('initial setup configuration', () => {
  it('accepts options with a default among them, sorted and without repeats', () => {
    const parsed = InitialSetupConfigurationForm.parse({ assignments: [2, 1, 2], default_assignment: 2 });
    expect(parsed).toEqual({ assignments: [1, 2], default_assignment: 2 });
  });

  it('needs at least one option and a default among them', () => {
    expect(
      issuesOf(InitialSetupConfigurationForm.safeParse({ assignments: [], default_assignment: 1 })),
    ).toEqual([['assignments', M.assignmentRequired]]);
    expect(
      issuesOf(InitialSetupConfigurationForm.safeParse({ assignments: [1], default_assignment: 2 })),
    ).toEqual([['default_assignment', M.defaultNotOffered]]);
  });

  it('refuses values that are not assignments', () => {
    expect(
      issuesOf(InitialSetupConfigurationForm.safeParse({ assignments: [4], default_assignment: 0 })),
    ).toEqual([
      ['assignments.0', M.invalidAssignment],
      ['default_assignment', M.invalidAssignment],
    ]);
  });
});

describe('print request configuration', () => {
  const valid = {
    print_assignments: [1, 3],
    insert_brackets_assignments: [2, 3],
    default_print_assignment: 3,
    default_insert_brackets_assignment: 3,
  };

  it('accepts insert-brackets options that are in-office or among the print options', () => {
    expect(PrintRequestConfigurationForm.safeParse(valid).success).toBe(true);
  });

  it('refuses an insert-brackets option that is neither in-office nor a print option', () => {
    expect(
      issuesOf(
        PrintRequestConfigurationForm.safeParse({
          ...valid,
          print_assignments: [1],
          default_print_assignment: 1,
          insert_brackets_assignments: [2, 3],
          default_insert_brackets_assignment: 2,
        }),
      ),
    ).toEqual([['insert_brackets_assignments', M.insertBrackets]]);
  });

  it('needs each default among its options', () => {
    expect(
      issuesOf(PrintRequestConfigurationForm.safeParse({ ...valid, default_print_assignment: 2 })),
    ).toContainEqual(['default_print_assignment', M.defaultNotOffered]);
    expect(
      issuesOf(PrintRequestConfigurationForm.safeParse({ ...valid, default_insert_brackets_assignment: 1 })),
    ).toEqual([['default_insert_brackets_assignment', M.defaultNotOffered]]);
  });

  it('needs the default insert-brackets assignment in-office or the default print assignment', () => {
    expect(
      issuesOf(
        PrintRequestConfigurationForm.safeParse({
          print_assignments: [1, 3],
          insert_brackets_assignments: [1, 2, 3],
          default_print_assignment: 1,
          default_insert_brackets_assignment: 3,
        }),
      ),
    ).toEqual([['default_insert_brackets_assignment', M.defaultInsertBrackets]]);
  });

  it('needs at least one option per list', () => {
    expect(
      issuesOf(PrintRequestConfigurationForm.safeParse({ ...valid, print_assignments: [] })).map(([f]) => f),
    ).toContain('print_assignments');
  });
});

describe('the third party option', () => {
  it('is refused on every field that names it while there is no partner', () => {
    expect(thirdPartyIssues({ print_assignments: [1, 3], default_print_assignment: 3 }, false)).toEqual({
      print_assignments: M.thirdPartyWithoutPartner,
      default_print_assignment: M.thirdPartyWithoutPartner,
    });
    expect(thirdPartyIssues({ assignments: [1, 2], default_assignment: 1 }, false)).toEqual({});
  });

  it('is allowed with a partner', () => {
    expect(thirdPartyIssues({ print_assignments: [3], default_print_assignment: 3 }, true)).toEqual({});
  });
});

describe('the defaults a new case starts with', () => {
  it('are the configured ones while they are offered, else the first option', () => {
    expect(effectiveDefault([1, 2], 2)).toBe(2);
    expect(effectiveDefault([1, 2], 3)).toBe(1);
    expect(effectiveDefault([2, 3], null)).toBe(2);
    expect(effectiveDefault([], null)).toBe(1);
  });

  it('keep insert brackets in-office or with the print assignment', () => {
    expect(effectiveInsertBracketsDefault([1, 2], 1, 1)).toBe(1);
    expect(effectiveInsertBracketsDefault([1, 2], 1, 3)).toBe(2);
    expect(effectiveInsertBracketsDefault([3], 3, 1)).toBe(2);
  });

  it('combine both configurations', () => {
    expect(
      assignmentDefaults(
        { assignments: [1, 2], default_assignment: 2 },
        {
          print_assignments: [1, 2],
          insert_brackets_assignments: [1, 2],
          default_print_assignment: 2,
          default_insert_brackets_assignment: 1,
        },
      ),
    ).toEqual({ initial_setup_assignment: 2, print_assignment: 2, insert_brackets_assignment: 2 });
  });
});
