import type { PatientFile, PatientFilesResponse } from '@archline/contracts/patient-files';
import { describe, expect, it } from 'vitest';
import type { MeUser } from '../../session/me.ts';
import { fileAccess } from './file-access.ts';

const user = (role: string) => ({ roles: [{ name: role }] }) as unknown as MeUser;

function data(
  hasIos: boolean,
  overrides: Partial<PatientFilesResponse['permissions']> = {},
): PatientFilesResponse {
  return {
    sections: [],
    has_ios_file: hasIos,
    ios_file_id: hasIos ? 1 : null,
    permissions: {
      can_upload: true,
      can_delete: true,
      can_relu_flag: true,
      can_relu_reprocess: true,
      sees_relu: true,
      ...overrides,
    },
  };
}

function file(overrides: Partial<PatientFile>): PatientFile {
  return {
    id: 1,
    patient_id: 1,
    patient_file_type_id: 2,
    section: 'STL Files',
    name: 'upper.stl',
    original_name: 'upper.stl',
    tag: null,
    hidden: false,
    size_bytes: 10,
    mime_type: 'model/stl',
    file_modification_date: null,
    created_at: '2026-11-21T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    restore_point: false,
    relu_status: null,
    relu_request: null,
    ...overrides,
  };
}

describe('fileAccess', () => {
  it('a doctor uploads STL files only while no IOS file exists, and never IOS files', () => {
    expect(fileAccess(user('doctor'), data(false), false).upload(2)).toBe(true);
    expect(fileAccess(user('doctor'), data(true), false).upload(2)).toBe(false);
    expect(fileAccess(user('doctor'), data(false), false).upload(1)).toBe(false);
    expect(fileAccess(user('doctor'), data(true), false).upload(3)).toBe(true);
  });

  it('staff upload IOS and STL files whatever exists', () => {
    const access = fileAccess(user('admin'), data(true), false);
    expect(access.upload(1)).toBe(true);
    expect(access.upload(2)).toBe(true);
  });

  it('a doctor deletes STL files only while no IOS file exists, and never IOS files', () => {
    expect(fileAccess(user('doctor'), data(false), false).remove(file({}))).toBe(true);
    expect(fileAccess(user('doctor'), data(true), false).remove(file({}))).toBe(false);
    expect(fileAccess(user('doctor'), data(true), false).remove(file({ patient_file_type_id: 1 }))).toBe(
      false,
    );
    expect(
      fileAccess(user('tech_support'), data(true), false).remove(file({ patient_file_type_id: 1 })),
    ).toBe(true);
  });

  it('without the server gate, or on an archived patient, nothing is offered', () => {
    const gated = fileAccess(user('admin'), data(false, { can_upload: false, can_delete: false }), false);
    expect(gated.upload(3)).toBe(false);
    expect(gated.remove(file({}))).toBe(false);
    const archived = fileAccess(user('admin'), data(false), true);
    expect(archived.upload(3)).toBe(false);
    expect(archived.remove(file({}))).toBe(false);
  });

  it('relu actions are hidden when flagged or pending; re-process also for files tagged relu', () => {
    const access = fileAccess(user('admin'), data(false), false);
    expect(access.flagRelu(file({ relu_status: 'success' }))).toBe(true);
    expect(access.reprocessRelu(file({ relu_status: 'failed' }))).toBe(true);
    for (const status of ['pending', 'flagged'] as const) {
      expect(access.flagRelu(file({ relu_status: status }))).toBe(false);
      expect(access.reprocessRelu(file({ relu_status: status }))).toBe(false);
    }
    expect(access.reprocessRelu(file({ relu_status: 'success', tag: 'relu' }))).toBe(false);
    expect(access.flagRelu(file({ relu_status: null }))).toBe(false);
  });

  it('relu actions are for whom the server shows relu to', () => {
    const access = fileAccess(user('doctor'), data(false, { sees_relu: false }), false);
    expect(access.seesRelu).toBe(false);
    expect(access.flagRelu(file({ relu_status: 'success' }))).toBe(false);
    expect(access.reprocessRelu(file({ relu_status: 'success' }))).toBe(false);
  });

  it('management tags STL arches; practice users do not', () => {
    expect(fileAccess(user('supervisor'), data(false), false).tagsArches).toBe(true);
    expect(fileAccess(user('doctor'), data(false), false).tagsArches).toBe(false);
  });
});
