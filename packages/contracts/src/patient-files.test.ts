import { describe, expect, it } from 'vitest';
import {
  FlagReluJobRequest,
  PATIENT_FILE_MESSAGES,
  PATIENT_FILE_SECTION_NAMES,
  PATIENT_FILE_TYPES,
  StoreUploadedFileRequest,
  UploadLinkQuery,
  archFromFileName,
  canDeleteFileByRole,
  canUploadFileByRole,
  extensionError,
  generatedFileName,
  isAcceptedEntry,
  isValidFileName,
  reluFlagAllowed,
  reluReprocessAllowed,
  uploadRefusal,
  zipSizeError,
} from './patient-files.ts';

describe('file sections', () => {
  it('names the eight sections in page order', () => {
    expect(Object.values(PATIENT_FILE_SECTION_NAMES)).toEqual([
      'IOS Files',
      'STL Files',
      'Photos',
      'Dicom Files',
      'X-Ray Images',
      'IDB Tray Images',
      'Other Photos',
      'Other Files',
    ]);
  });
});

describe('archFromFileName', () => {
  it.each([
    ['scan_mand.stl', 'stl_mandibular'],
    ['Mandible.stl', 'stl_mandibular'],
    ['LowerJaw.STL', 'stl_mandibular'],
    ['patient_l.stl', 'stl_mandibular'],
    ['patient-L.stl', 'stl_mandibular'],
    ['patient_u.stl', 'stl_maxillary'],
    ['upper.stl', 'stl_maxillary'],
    ['maxilla.stl', 'stl_maxillary'],
    ['label.stl', 'stl_maxillary'],
    ['dir/scan-l.stl', 'stl_mandibular'],
  ])('%s is %s', (name, arch) => {
    expect(archFromFileName(name)).toBe(arch);
  });
});

describe('generatedFileName', () => {
  it('builds last, first, case number (suffix)', () => {
    expect(generatedFileName('Doe', 'Jane', 'C-12', 'upper.stl', [])).toBe('Doe, Jane, C-12 (upper).stl');
  });
  it('leaves the case number out when empty', () => {
    expect(generatedFileName('Doe', 'Jane', null, 'upper.stl', [])).toBe('Doe, Jane (upper).stl');
  });
  it('adds a counter to avoid duplicates, case-insensitively', () => {
    const existing = ['doe, jane, c-12 (upper).stl', 'Doe, Jane, C-12 (upper) 2.stl'];
    expect(generatedFileName('Doe', 'Jane', 'C-12', 'upper.stl', existing)).toBe(
      'Doe, Jane, C-12 (upper) 3.stl',
    );
  });
});

describe('extension checks', () => {
  it('STL accepts .stl and zips (extracted), refuses images', () => {
    expect(extensionError(PATIENT_FILE_TYPES.stl, 'a.STL')).toBeNull();
    expect(extensionError(PATIENT_FILE_TYPES.stl, 'a.zip')).toBeNull();
    expect(extensionError(PATIENT_FILE_TYPES.stl, 'a.png')).toBe(PATIENT_FILE_MESSAGES.invalidExtension);
  });
  it('photos accept jpg, jpeg, png, gif, pdf', () => {
    for (const n of ['a.jpg', 'a.jpeg', 'a.png', 'a.gif', 'a.pdf'])
      expect(extensionError(PATIENT_FILE_TYPES.photo, n)).toBeNull();
    expect(extensionError(PATIENT_FILE_TYPES.photo, 'a.exe')).toBe(PATIENT_FILE_MESSAGES.invalidExtension);
  });
  it('IOS files must be zipped', () => {
    expect(extensionError(PATIENT_FILE_TYPES.ios, 'scan.stl')).toBe('Files must first be zipped');
    expect(extensionError(PATIENT_FILE_TYPES.ios, 'scan.zip')).toBeNull();
  });
  it('zip entries: only accepted extensions are extracted', () => {
    expect(isAcceptedEntry(PATIENT_FILE_TYPES.stl, 'x/upper.stl')).toBe(true);
    expect(isAcceptedEntry(PATIENT_FILE_TYPES.stl, 'readme.txt')).toBe(false);
    expect(isAcceptedEntry(PATIENT_FILE_TYPES.stl, 'inner.zip')).toBe(false);
  });
  it('a zip below 2465792 bytes is refused', () => {
    expect(zipSizeError('a.zip', 2465791)).toBe('The zip file should be larger than 2MB.');
    expect(zipSizeError('a.zip', 2465792)).toBeNull();
    expect(zipSizeError('a.stl', 10)).toBeNull();
  });
  it('file names carry no path or control characters', () => {
    expect(isValidFileName('Doe, Jane (upper).stl')).toBe(true);
    expect(isValidFileName('../evil.stl')).toBe(false);
    expect(isValidFileName('a\\b.stl')).toBe(false);
    expect(isValidFileName('')).toBe(false);
  });
});

describe('file rules by role', () => {
  const stl = PATIENT_FILE_TYPES.stl;
  const ios = PATIENT_FILE_TYPES.ios;
  it('STL delete: staff and lab partners always, doctors only while no IOS file', () => {
    for (const role of ['super_admin', 'admin', 'tech_support', 'supervisor', 'lab_partner'])
      expect(canDeleteFileByRole({ roles: [role], type: stl, patientHasIos: true })).toBe(true);
    expect(canDeleteFileByRole({ roles: ['doctor'], type: stl, patientHasIos: false })).toBe(true);
    expect(canDeleteFileByRole({ roles: ['doctor'], type: stl, patientHasIos: true })).toBe(false);
  });
  it('IOS delete: management roles only', () => {
    for (const role of ['super_admin', 'admin', 'tech_support', 'supervisor', 'lab_partner'])
      expect(canDeleteFileByRole({ roles: [role], type: ios, patientHasIos: true })).toBe(true);
    expect(canDeleteFileByRole({ roles: ['doctor'], type: ios, patientHasIos: true })).toBe(false);
  });
  it('tech_backup files: super_admin and admin only', () => {
    const input = { type: ios, tag: 'tech_backup' as const, patientHasIos: true };
    expect(canDeleteFileByRole({ ...input, roles: ['super_admin'] })).toBe(true);
    expect(canDeleteFileByRole({ ...input, roles: ['admin'] })).toBe(true);
    expect(canDeleteFileByRole({ ...input, roles: ['supervisor'] })).toBe(false);
    expect(canDeleteFileByRole({ ...input, roles: ['tech_support'] })).toBe(false);
  });
  it('doctors cannot upload IOS, and STL only while no IOS file exists', () => {
    expect(canUploadFileByRole({ roles: ['doctor'], type: ios, patientHasIos: false })).toBe(false);
    expect(canUploadFileByRole({ roles: ['doctor'], type: stl, patientHasIos: false })).toBe(true);
    expect(canUploadFileByRole({ roles: ['doctor'], type: stl, patientHasIos: true })).toBe(false);
    expect(uploadRefusal({ roles: ['doctor'], type: stl, patientHasIos: true })).toBe(
      PATIENT_FILE_MESSAGES.stlAfterIos,
    );
    expect(canUploadFileByRole({ roles: ['tech_support'], type: ios, patientHasIos: true })).toBe(true);
    expect(canUploadFileByRole({ roles: ['tech_support'], type: stl, patientHasIos: true })).toBe(true);
  });
  it('relu tags are never uploaded; tech_backup by staff into IOS only', () => {
    expect(canUploadFileByRole({ roles: ['admin'], type: stl, tag: 'relu', patientHasIos: false })).toBe(
      false,
    );
    expect(
      canUploadFileByRole({ roles: ['admin'], type: ios, tag: 'tech_backup', patientHasIos: false }),
    ).toBe(true);
    expect(
      canUploadFileByRole({ roles: ['lab_partner'], type: ios, tag: 'tech_backup', patientHasIos: false }),
    ).toBe(false);
  });
});

describe('relu gates', () => {
  it('flag and re-process are refused while flagged or pending or without a job', () => {
    expect(reluFlagAllowed({ relu_status: 'success' })).toBe(true);
    expect(reluFlagAllowed({ relu_status: 'failed' })).toBe(true);
    expect(reluFlagAllowed({ relu_status: 'flagged' })).toBe(false);
    expect(reluFlagAllowed({ relu_status: 'pending' })).toBe(false);
    expect(reluFlagAllowed({ relu_status: null })).toBe(false);
    expect(reluReprocessAllowed({ relu_status: 'success', tag: 'relu' })).toBe(false);
    expect(reluReprocessAllowed({ relu_status: 'success', tag: null })).toBe(true);
  });
  it('remarks: 3 to 1000 characters with the spec messages', () => {
    const msg = (remarks: string) => FlagReluJobRequest.safeParse({ remarks }).error?.issues[0]?.message;
    expect(msg('ab')).toBe('The remarks must be at least 3 characters');
    expect(msg('x'.repeat(1001))).toBe('The remarks must not be more than 1000 characters.');
    expect(msg('abc')).toBeUndefined();
  });
});

describe('request schemas', () => {
  it('upload link needs a patient or an organization and a known type', () => {
    expect(UploadLinkQuery.safeParse({ name: 'a.stl', type: '2', patient_id: '4' }).success).toBe(true);
    expect(UploadLinkQuery.safeParse({ name: 'a.stl', type: '2' }).success).toBe(false);
    const bad = UploadLinkQuery.safeParse({ name: 'a.stl', type: '9', patient_id: '4' });
    expect(bad.error?.issues[0]?.message).toBe(PATIENT_FILE_MESSAGES.invalidType);
  });
  it('store request parses', () => {
    const r = StoreUploadedFileRequest.parse({
      file_path: 'uploads/x/a.stl',
      patient_id: 1,
      type: 2,
      name: 'a.stl',
    });
    expect(r.type).toBe(2);
  });
});
