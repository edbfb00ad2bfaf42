import { describe, expect, it } from 'vitest';
import {
  ArchivePatientRequest,
  CheckSimilarPatientQuery,
  CreateCaseNoteRequest,
  DeletePatientRequest,
  HELD_FILTERS,
  ListPatientsQuery,
  PATIENT_ACTIONS,
  PATIENT_ACTION_GATES,
  PATIENT_MESSAGES,
  TOOTH_KEYS,
  ToggleHoldRequest,
  casesInNoTab,
  noTabNotice,
  UpdatePatientRequest,
  applyNameCorrection,
  canNotifyDoctor,
  canPatientAction,
  findRestrictedCharacters,
  formatPatientName,
  needsCompletedSetupNotice,
  nextToothValue,
  patientListStatus,
  patientNoteAccess,
  rxFormLabel,
  toothLabel,
} from './patients.ts';
import { isPermission } from './permissions.ts';
import { permissionsFor } from './role-matrix.ts';

const rx = (
  o: Partial<{
    status_id: number;
    ready_at: string | null;
    completed_at: string | null;
    cancelled_at: string | null;
  }> = {},
) => ({
  status_id: 1,
  ready_at: null,
  completed_at: null,
  cancelled_at: null,
  ...o,
});
const T = '2026-01-01T00:00:00Z';

function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string[]> = {};
  for (const i of result.error?.issues ?? []) (out[String(i.path[0])] ??= []).push(i.message);
  return out;
}

describe('patientListStatus', () => {
  it('follows the tab rules', () => {
    expect(patientListStatus({ patient_status_id: 3, rx_form: rx({ cancelled_at: T }) })).toBe('completed');
    expect(patientListStatus({ patient_status_id: 1, rx_form: null })).toBe('new');
    expect(patientListStatus({ patient_status_id: 1, rx_form: rx() })).toBe('new');
    expect(patientListStatus({ patient_status_id: 1, rx_form: rx({ status_id: 2 }) })).toBe('in_progress');
    expect(patientListStatus({ patient_status_id: 1, rx_form: rx({ status_id: 3, ready_at: T }) })).toBe(
      'awaiting_approval',
    );
    expect(patientListStatus({ patient_status_id: 1, rx_form: rx({ ready_at: T, completed_at: T }) })).toBe(
      'approved',
    );
    expect(
      patientListStatus({ patient_status_id: 1, rx_form: rx({ completed_at: T, cancelled_at: T }) }),
    ).toBe('cancelled');
  });
});

describe('the status tabs and All', () => {
  const counts = { new: 40, in_progress: 30, awaiting_approval: 20, approved: 30, completed: 20, all: 143 };
  it("names the cases under 'All' that are in no tab", () => {
    expect(casesInNoTab(counts)).toBe(3);
    expect(noTabNotice(counts)).toBe('3 cases are in no tab (cancelled)');
    expect(noTabNotice({ ...counts, all: 141 })).toBe('1 case is in no tab (cancelled)');
    expect(noTabNotice({ ...counts, all: 140 })).toBeNull();
  });
});

describe('rxFormLabel', () => {
  it('CANCELLED, COMPLETED, PENDING and ready', () => {
    expect(rxFormLabel(rx())).toEqual({ label: null, ready: false });
    expect(rxFormLabel(rx({ ready_at: T }))).toEqual({ label: 'PENDING', ready: true });
    expect(rxFormLabel(rx({ ready_at: T, completed_at: T }))).toEqual({ label: 'COMPLETED', ready: true });
    expect(rxFormLabel(rx({ ready_at: T, cancelled_at: T }))).toEqual({ label: 'CANCELLED', ready: true });
  });
});

describe('action gates', () => {
  it('name only declared permissions', () => {
    for (const action of PATIENT_ACTIONS)
      for (const p of PATIENT_ACTION_GATES[action]) expect(isPermission(p), p).toBe(true);
  });

  it('any listed permission opens the gate (sets and arrays)', () => {
    expect(canPatientAction(['organization.patients.toggle-hold'], 'hold')).toBe(true);
    expect(canPatientAction(new Set(['patients.archive']), 'archive')).toBe(true);
    expect(canPatientAction(new Set(['patients.manage']), 'archive')).toBe(false);
    expect(canPatientAction(['patients.delete'], 'restore')).toBe(true);
    expect(canPatientAction(['organization.patients.delete'], 'restore')).toBe(false);
    expect(canPatientAction(['patients.complete-setup'], 'print')).toBe(true);
    expect(canPatientAction(['organization.patients.case-reversal'], 'reverse')).toBe(true);
    expect(canPatientAction(['organization.patients.ios.restore-tech-backup'], 'restore_backup_ios')).toBe(
      true,
    );
    expect(canPatientAction(['organization.patients.view-any'], 'search_by_doctor')).toBe(true);
    expect(canPatientAction(['patients.update'], 'edit_technician_notes')).toBe(true);
  });

  it('the default roles: a doctor holds and reverses; a technician completes but does not archive; a supervisor archives', () => {
    const doctor = permissionsFor({ roles: ['doctor'], organizationRole: 'organization_member', custom: [] });
    expect(canPatientAction(doctor, 'hold')).toBe(true);
    expect(canPatientAction(doctor, 'reverse')).toBe(true);
    expect(canPatientAction(doctor, 'archive')).toBe(false);
    const tech = permissionsFor({ roles: ['tech_support'], organizationRole: null, custom: [] });
    expect(canPatientAction(tech, 'complete')).toBe(true);
    expect(canPatientAction(tech, 'archive')).toBe(false);
    expect(canPatientAction(tech, 'view_archived')).toBe(false);
    const supervisor = permissionsFor({ roles: ['supervisor'], organizationRole: null, custom: [] });
    expect(canPatientAction(supervisor, 'archive')).toBe(true);
    expect(canPatientAction(supervisor, 'restore')).toBe(true);
  });

  it('notify doctor: the gate, not ready, not cancelled, submission completed by the doctor', () => {
    const perms = ['rx-forms.mark-as-ready'];
    const form = { ready_at: null, cancelled_at: null, submission_completed_by: 1 };
    expect(canNotifyDoctor(perms, form)).toBe(true);
    expect(canNotifyDoctor([], form)).toBe(false);
    expect(canNotifyDoctor(perms, { ...form, ready_at: T })).toBe(false);
    expect(canNotifyDoctor(perms, { ...form, cancelled_at: T })).toBe(false);
    expect(canNotifyDoctor(perms, { ...form, submission_completed_by: 2 })).toBe(false);
    expect(canNotifyDoctor(perms, null)).toBe(false);
  });

  it('the completed-setup notice: non-management callers once the Rx form is completed', () => {
    expect(needsCompletedSetupNotice('practice', { completed_at: T })).toBe(true);
    expect(needsCompletedSetupNotice('management', { completed_at: T })).toBe(false);
    expect(needsCompletedSetupNotice('practice', { completed_at: null })).toBe(false);
    expect(needsCompletedSetupNotice('practice', null)).toBe(false);
    expect(PATIENT_MESSAGES.completedSetupNotice).toBe(
      'Patient has completed initial setup. Please call and request a cancellation for cases after setup.',
    );
  });

  it('note access: technician notes are management only; management writes need the edit gate', () => {
    expect(patientNoteAccess('practice', [], 'physical_tech_notes')).toEqual({ read: false, write: false });
    expect(patientNoteAccess('practice', [], 'doctor_internal_notes')).toEqual({ read: true, write: true });
    expect(patientNoteAccess('management', [], 'internal_notes')).toEqual({ read: true, write: false });
    expect(patientNoteAccess('management', ['patients.manage'], 'management_notes')).toEqual({
      read: true,
      write: true,
    });
  });
});

describe('names and restricted characters', () => {
  const update = (v: Record<string, unknown>) => errorsOf(UpdatePatientRequest.safeParse(v));

  it('accepts capitalised words, digits, points, hyphens, apostrophes, brackets', () => {
    expect(update({ first_name: "Mary-Jane O'Neil", last_name: 'St. Clair (Jr.)' })).toEqual({});
    expect(update({ first_name: '3rd' })).toEqual({});
    expect(update({ case_number_text: "Case 12 (b) - o'k." })).toEqual({});
  });

  it('refuses with the spec messages', () => {
    expect(update({ first_name: 'mary' }).first_name).toEqual([PATIENT_MESSAGES.invalidName]);
    expect(update({ last_name: 'Smith mc' }).last_name).toEqual([PATIENT_MESSAGES.invalidName]);
    expect(update({ last_name: 'Sm!th' }).last_name).toEqual([PATIENT_MESSAGES.invalidName]);
    expect(update({ first_name: '  ' }).first_name).toEqual(['Required']);
    expect(update({ case_number_text: 'A#1' }).case_number_text).toEqual([
      PATIENT_MESSAGES.invalidCaseNumber,
    ]);
    expect(UpdatePatientRequest.safeParse({}).success).toBe(false);
  });

  it('an empty case number becomes null', () => {
    expect(UpdatePatientRequest.parse({ case_number_text: '' })).toEqual({ case_number_text: null });
  });

  it('finds and replaces the forbidden characters of name_correction', () => {
    const nc = { replacement: '-', forbidden_characters: '#%&' };
    expect(findRestrictedCharacters('A#B%C#', nc)).toEqual(['#', '%']);
    expect(findRestrictedCharacters('Plain', nc)).toEqual([]);
    expect(applyNameCorrection('A#B%C', nc)).toBe('A-B-C');
    expect(applyNameCorrection('A#B', { replacement: '', forbidden_characters: '#' })).toBe('AB');
    expect(applyNameCorrection('A#B', { replacement: '-', forbidden_characters: '' })).toBe('A#B');
    expect(applyNameCorrection('A#B', null)).toBe('A#B');
  });

  it('formats the patient name', () => {
    expect(
      formatPatientName({
        first_name: 'Ana',
        last_name: 'Lopez',
        case_number_text: null,
        numeric_suffix: null,
      }),
    ).toBe('Lopez, Ana');
    expect(
      formatPatientName({ first_name: 'Ana', last_name: 'Lopez', case_number_text: 'C1', numeric_suffix: 2 }),
    ).toBe('Lopez, Ana, C1 (2)');
  });
});

describe('reason dialogs and notes', () => {
  it('the action owner name and the reason are required', () => {
    expect(errorsOf(ToggleHoldRequest.safeParse({ name: '', reason: ' ' }))).toEqual({
      name: ['Required'],
      reason: ['Required'],
    });
    expect(errorsOf(ArchivePatientRequest.safeParse({}))).toEqual({
      archived_by_name: ['Required'],
      archived_reason: ['Required'],
    });
    expect(errorsOf(DeletePatientRequest.safeParse({ deleted_by_name: 'A' }))).toEqual({
      deleted_reason: ['Required'],
    });
    expect(ToggleHoldRequest.parse({ name: 'A', reason: 'B' })).toEqual({
      name: 'A',
      reason: 'B',
      notify_office: false,
    });
    expect(errorsOf(CreateCaseNoteRequest.safeParse({ message: '' }))).toEqual({ message: ['Required'] });
  });

  it('the similar-patient query needs both names', () => {
    expect(errorsOf(CheckSimilarPatientQuery.safeParse({ first_name: 'A' }))).toEqual({
      last_name: ['Required'],
    });
  });
});

describe('list query', () => {
  it('parses flags, id lists and dates', () => {
    const q = ListPatientsQuery.parse({
      held: 'only',
      rush_only: '0',
      location_ids: '3,4,3',
      ship_date_from: '2026-01-02',
    });
    expect(q).toMatchObject({
      held: 'only',
      rush_only: false,
      location_ids: [3, 4],
      ship_date_from: '2026-01-02',
      page: 1,
    });
    expect(ListPatientsQuery.safeParse({ per_page: '101' }).success).toBe(false);
    expect(ListPatientsQuery.safeParse({ ship_date_to: '2026-13-01' }).success).toBe(false);
  });

  it('reads the on-hold filter as exclude, include or only', () => {
    for (const held of HELD_FILTERS) expect(ListPatientsQuery.parse({ held }).held).toBe(held);
    expect(ListPatientsQuery.parse({}).held).toBeUndefined();
    expect(errorsOf(ListPatientsQuery.safeParse({ held: 'maybe' }))).toEqual({
      held: ['The selected on-hold filter is invalid.'],
    });
  });
});

describe('teeth', () => {
  it('32 keys with their labels and the click cycle', () => {
    expect(TOOTH_KEYS).toHaveLength(32);
    expect([toothLabel('u00'), toothLabel('u07'), toothLabel('u08'), toothLabel('u15')]).toEqual([
      'UR8',
      'UR1',
      'UL1',
      'UL8',
    ]);
    expect([toothLabel('l00'), toothLabel('l07'), toothLabel('l08'), toothLabel('l15')]).toEqual([
      'LR8',
      'LR1',
      'LL1',
      'LL8',
    ]);
    expect([nextToothValue(0), nextToothValue(1), nextToothValue(2)]).toEqual([1, 2, 0]);
  });
});
