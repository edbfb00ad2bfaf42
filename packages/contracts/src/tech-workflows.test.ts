import { describe, expect, it } from 'vitest';
import {
  TECH_PROCESS_STATUSES,
  TECH_WORKFLOW_STEPS,
  UpdateTechWorkflowProcessRequest,
  editsTechWorkflows,
  finishRefusal,
  formatDuration,
  isIndividualTraySTL,
  lagSeconds,
  productionSeconds,
  startRefusal,
  techProcessStatus,
  worksTechWorkflows,
} from './tech-workflows.ts';

const tech = { id: 7, roles: ['tech_support'] };
const admin = { id: 8, roles: ['admin'] };
const open = { started_at: null, finished_at: null, user_id: null, is_prerequisite_finished: true };

describe('technician workflow steps', () => {
  it('lists the processes of each workflow type in order', () => {
    expect(TECH_WORKFLOW_STEPS.initial_case_setup).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'QA']);
    expect(TECH_WORKFLOW_STEPS.flawed_tray).toEqual(['CFT', 'QA']);
    expect(TECH_WORKFLOW_STEPS.printing_request).toEqual([
      'Generate Tray',
      'Generate QA',
      'Build Print Job',
      'Print/Process/Sort',
      'Insert Brackets',
      'Insert QA',
      'Ship QA',
      'Ship',
    ]);
    expect(TECH_WORKFLOW_STEPS.tray_design).toEqual(['Generate Tray', 'Generate QA']);
    expect(TECH_PROCESS_STATUSES).toEqual(['NEW', 'PENDING', 'IN_PROGRESS', 'COMPLETED']);
  });
});

describe('a process status', () => {
  it('is NEW while the prerequisite is unfinished, PENDING once it is, then IN_PROGRESS and COMPLETED', () => {
    expect(techProcessStatus({ ...open, is_prerequisite_finished: false })).toBe('NEW');
    expect(techProcessStatus(open)).toBe('PENDING');
    expect(techProcessStatus({ ...open, started_at: '2026-01-01T10:00:00Z' })).toBe('IN_PROGRESS');
    expect(
      techProcessStatus({ ...open, started_at: '2026-01-01T10:00:00Z', finished_at: '2026-01-01T11:00:00Z' }),
    ).toBe('COMPLETED');
  });
});

describe('starting a process', () => {
  it('is allowed when not started and the prerequisite is finished', () => {
    expect(startRefusal(open, tech)).toBeNull();
  });
  it('is refused when already started or the prerequisite is unfinished', () => {
    expect(startRefusal({ ...open, started_at: '2026-01-01T10:00:00Z' }, tech)).toBe('alreadyStarted');
    expect(startRefusal({ ...open, is_prerequisite_finished: false }, tech)).toBe('prerequisiteNotFinished');
  });
  it('of a process assigned to someone else is refused unless the user is tech_support', () => {
    expect(startRefusal({ ...open, user_id: 99 }, admin)).toBe('notAssignee');
    expect(startRefusal({ ...open, user_id: 99 }, tech)).toBeNull();
    expect(startRefusal({ ...open, user_id: admin.id }, admin)).toBeNull();
  });
});

describe('finishing a process', () => {
  const started = { ...open, started_at: '2026-01-01T10:00:00Z', user_id: admin.id };
  it('is allowed when started, not finished, by the assignee', () => {
    expect(finishRefusal(started, admin)).toBeNull();
  });
  it('is refused before the start, after the finish and for anyone but the assignee', () => {
    expect(finishRefusal(open, admin)).toBe('notStarted');
    expect(finishRefusal({ ...started, finished_at: '2026-01-01T11:00:00Z' }, admin)).toBe('alreadyFinished');
    expect(finishRefusal(started, { id: 3, roles: ['super_admin'] })).toBe('notAssignee');
  });
  it('by tech_support is allowed whoever the assignee is', () => {
    expect(finishRefusal(started, tech)).toBeNull();
  });
});

describe('roles', () => {
  it('tech_support, admin and super_admin work processes; only the admin roles edit the table', () => {
    expect(worksTechWorkflows(['tech_support'])).toBe(true);
    expect(worksTechWorkflows(['supervisor'])).toBe(false);
    expect(worksTechWorkflows(['lab_partner'])).toBe(false);
    expect(editsTechWorkflows(['admin'])).toBe(true);
    expect(editsTechWorkflows(['super_admin'])).toBe(true);
    expect(editsTechWorkflows(['tech_support'])).toBe(false);
  });
});

describe('individual tray STL file names', () => {
  it.each([
    'Smith_UL.stl',
    'smith-ur.STL',
    'caseUC.stl',
    'a LL.obj',
    'LR',
    'x_lc.stl',
    'UW.stl',
    'dir/case_LW.stl',
  ])('%s counts', (name) => expect(isIndividualTraySTL(name)).toBe(true));
  it.each(['maxillary.stl', 'UL_case.stl', 'Smith_UL2.stl', 'case.ul.zip.stl', 'mandibular.stl'])(
    '%s does not count',
    (name) => expect(isIndividualTraySTL(name)).toBe(false),
  );
});

describe('times', () => {
  it('production time runs from start to finish, lag time from readiness to start', () => {
    expect(
      productionSeconds({ started_at: '2026-01-01T10:00:00Z', finished_at: '2026-01-01T11:30:00Z' }),
    ).toBe(5400);
    expect(productionSeconds({ started_at: '2026-01-01T10:00:00Z', finished_at: null })).toBeNull();
    expect(lagSeconds({ ready_since: '2026-01-01T09:00:00Z', started_at: '2026-01-01T10:00:00Z' })).toBe(
      3600,
    );
    expect(lagSeconds({ ready_since: '2026-01-01T09:00:00Z', started_at: null })).toBeNull();
  });
  it('formats durations in days, hours and minutes', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(59)).toBe('0m');
    expect(formatDuration(4 * 60)).toBe('4m');
    expect(formatDuration(80 * 60)).toBe('1h 20m');
    expect(formatDuration(2 * 86400 + 3 * 3600 + 5 * 60)).toBe('2d 3h 05m');
  });
});

describe('the process edit', () => {
  it('needs at least one field and valid instants', () => {
    expect(UpdateTechWorkflowProcessRequest.safeParse({}).success).toBe(false);
    expect(UpdateTechWorkflowProcessRequest.safeParse({ user_id: 3 }).success).toBe(true);
    expect(UpdateTechWorkflowProcessRequest.safeParse({ started_at: 'yesterday' }).success).toBe(false);
    expect(
      UpdateTechWorkflowProcessRequest.safeParse({ started_at: '2026-01-01T10:00:00.000Z' }).success,
    ).toBe(true);
  });
});
